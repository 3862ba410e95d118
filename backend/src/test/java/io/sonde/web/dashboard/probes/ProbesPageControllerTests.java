package io.sonde.web.dashboard.probes;

import java.time.Instant;
import java.util.Optional;

import io.sonde.probes.ProbePlanner;
import io.sonde.probes.plan.GraphProbePlanner;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGenerators;
import io.sonde.web.DashboardPages;
import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Probes page and the plans it draws, planned by the real planner over a FatTree(4)
 * (the drawing itself and the live session are in e2e-tests'
 * ProbesLiveBrowserIntegrationTests).
 */
@WebMvcTest(controllers = ProbesPageController.class)
@Import({ WebSliceTestConfiguration.class, ProbesPageControllerTests.Planning.class })
class ProbesPageControllerTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private OneTopology topology;

	@BeforeEach
	void fatTreeImported() {
		this.topology.current = new ImportedTopology(TopologyGenerators.fatTree(4), "fattree.json",
				Instant.parse("2026-11-23T10:00:00Z"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void rendersThePlanControlsAndTheDrawingsWithTheirSourcesAndLinksItselfFromTheNavigation() throws Exception {
		String page = DashboardPages.rendered(this.mvc, "/probes", "probes");

		assertThat(page).contains("<h1>Probes</h1>")
			.contains("data-plans-url=\"/probes/plans\"")
			.contains("data-graph-url=\"/topology/graph\"")
			.contains("<label for=\"plan-size\">GPINT paths</label>")
			.contains("<option value=\"c:3\" selected>GPINT-3</option>")
			.contains("id=\"gpint-graph\"")
			.contains("id=\"euler-graph\"")
			.contains("href=\"/probes\" aria-current=\"page\">Probes</a>")
			.doesNotContain("No topology yet");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void explainsThatPlansNeedATopologyWhenThereIsNone() throws Exception {
		this.topology.current = null;

		String page = this.mvc.perform(get("/probes")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("No topology yet").contains("href=\"/topology\"");
		this.mvc.perform(get("/probes/plans")).andExpect(status().isNoContent());
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void plansGpintThreeAndEulerSideBySideOnTheSameFatTree() throws Exception {
		this.mvc.perform(get("/probes/plans").param("c", "3").param("seed", "7"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.switches").value(20))
			.andExpect(jsonPath("$.gpint.algorithm").value("gpint"))
			// GPINT-3 on 20 switches: k = floor(3 * 20 / 10)
			.andExpect(jsonPath("$.gpint.k").value(6))
			.andExpect(jsonPath("$.gpint.paths.length()").value(6))
			.andExpect(jsonPath("$.gpint.coverage.nodes").value(closeTo(1.0, 1e-9)))
			.andExpect(jsonPath("$.euler.algorithm").value("euler"))
			// Every switch of a FatTree(4) has an even number of switch links: one trail.
			.andExpect(jsonPath("$.euler.paths.length()").value(1))
			.andExpect(jsonPath("$.euler.coverage.edges").value(closeTo(1.0, 1e-9)))
			.andExpect(jsonPath("$.euler.lengths.max").value(33));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void takesGpintsSizeAsKToo() throws Exception {
		this.mvc.perform(get("/probes/plans").param("k", "4"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.gpint.k").value(4))
			.andExpect(jsonPath("$.gpint.paths.length()").value(4));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void rejectsAKThatIsNoNumberOrBelowOneAndKWithCNamingTheField() throws Exception {
		this.mvc.perform(get("/probes/plans").param("k", "three"))
			.andExpect(status().isBadRequest())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.field").value("k"));
		this.mvc.perform(get("/probes/plans").param("k", "0"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("k"));
		this.mvc.perform(get("/probes/plans").param("k", "2").param("c", "3"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("k"));
		this.mvc.perform(get("/probes/plans").param("c", "-1"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("c"));
		this.mvc.perform(get("/probes/plans").param("seed", "x"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("seed"));
	}

	@Test
	void sendsAScriptWithoutASessionA401ProblemNotTheSignInPage() throws Exception {
		this.mvc.perform(get("/probes/plans"))
			.andExpect(status().isUnauthorized())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
	}

	static final class OneTopology implements TopologyCatalog {

		volatile ImportedTopology current;

		@Override
		public Optional<ImportedTopology> current() {
			return Optional.ofNullable(this.current);
		}

		@Override
		public ImportedTopology importDocument(String document, String source) {
			throw new UnsupportedOperationException("the Probes page imports nothing");
		}

		@Override
		public String document(Topology topology) {
			throw new UnsupportedOperationException("the Probes page exports nothing");
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Planning {

		@Bean
		OneTopology oneTopology() {
			return new OneTopology();
		}

		@Bean
		ProbePlanner probePlanner() {
			return new GraphProbePlanner();
		}

	}

}
