package io.sonde.web.dashboard.probes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.sonde.probes.Algorithm;
import io.sonde.probes.ProbeOrchestrator;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSessionBusy;
import io.sonde.probes.SessionQuery;
import io.sonde.probes.SessionRequest;
import io.sonde.probes.SessionStatus;
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
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Probes page's session routes at the web edge: what a run and a history query ask
 * the orchestrator, who may run one, and the problems they answer (the orchestrator
 * itself runs for real in ProbeSessionsIntegrationTests and, with the page, in e2e-tests'
 * ProbesLiveBrowserIntegrationTests).
 */
@WebMvcTest(controllers = ProbeSessionsPageController.class)
@Import({ WebSliceTestConfiguration.class, ProbeSessionsPageControllerTests.Sessions.class })
class ProbeSessionsPageControllerTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private RecordingOrchestrator orchestrator;

	@BeforeEach
	void idle() {
		this.orchestrator.requests.clear();
		this.orchestrator.queries.clear();
		this.orchestrator.busy = false;
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void runsASessionWithTheFormsAlgorithmAndGpintsSize() throws Exception {
		this.mvc.perform(post("/probes/sessions").with(csrf()).param("algorithm", "gpint").param("c", "5"))
			.andExpect(status().isAccepted())
			.andExpect(jsonPath("$.id").value("ps-1"))
			.andExpect(jsonPath("$.status").value("RUNNING"));
		this.mvc.perform(post("/probes/sessions").with(csrf()).param("algorithm", "euler").param("c", "3"))
			.andExpect(status().isAccepted());

		assertThat(this.orchestrator.requests).containsExactly(new SessionRequest(Algorithm.GPINT, null, 5.0, null),
				new SessionRequest(Algorithm.EULER, null, null, null));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void refusesAViewerARun() throws Exception {
		this.mvc.perform(post("/probes/sessions").with(csrf()).param("algorithm", "gpint"))
			.andExpect(status().isForbidden());
		assertThat(this.orchestrator.requests).isEmpty();
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void answersARunWhileOneRunsWithAConflictAndABadSizeNamingTheField() throws Exception {
		this.orchestrator.busy = true;
		this.mvc.perform(post("/probes/sessions").with(csrf()))
			.andExpect(status().isConflict())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.detail").value("a probe session is running already (replica-a/ps-9)"));
		this.mvc.perform(post("/probes/sessions").with(csrf()).param("k", "many"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("k"));
		this.mvc.perform(post("/probes/sessions").with(csrf()).param("algorithm", "dijkstra"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("algorithm"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void listsTheHistoryWithTheFiltersTheFormSends() throws Exception {
		this.mvc
			.perform(get("/probes/sessions").param("status", "completed")
				.param("algorithm", "gpint")
				.param("from", "2026-11-27T10:00:00Z")
				.param("to", "")
				.param("limit", "20"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[0].id").value("ps-1"));

		assertThat(this.orchestrator.queries).containsExactly(new SessionQuery(SessionStatus.COMPLETED,
				Instant.parse("2026-11-27T10:00:00Z"), null, Algorithm.GPINT, 20));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void rejectsAFilterThatMeansNothingNamingIt() throws Exception {
		this.mvc.perform(get("/probes/sessions").param("status", "lost"))
			.andExpect(status().isBadRequest())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.field").value("status"));
		this.mvc.perform(get("/probes/sessions").param("from", "yesterday"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("from"));
		this.mvc
			.perform(get("/probes/sessions").param("from", "2026-11-27T10:00:00Z").param("to", "2026-11-26T10:00:00Z"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("from"));
		this.mvc.perform(get("/probes/sessions").param("limit", "0"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("limit"));
		assertThat(this.orchestrator.queries).isEmpty();
	}

	/** Takes requests and queries as the real orchestrator would, and keeps them. */
	static final class RecordingOrchestrator implements ProbeOrchestrator {

		final List<SessionRequest> requests = new ArrayList<>();

		final List<SessionQuery> queries = new ArrayList<>();

		volatile boolean busy;

		@Override
		public ProbeSession start(SessionRequest request) {
			if (this.busy) {
				throw new ProbeSessionBusy("replica-a/ps-9");
			}
			this.requests.add(request);
			return running();
		}

		@Override
		public List<ProbeSession> sessions(SessionQuery query) {
			this.queries.add(query);
			return List.of(running());
		}

		@Override
		public Optional<ProbeSession> session(String id) {
			return Optional.of(running());
		}

		private static ProbeSession running() {
			return new ProbeSession("ps-1", SessionStatus.RUNNING, "on-demand", "replica-a",
					new ProbeSession.Settings("gpint", null, 3.0, 0, "paper", 1500, 10, 100, 12, true, "port_packets"),
					Instant.parse("2026-11-27T10:00:00Z"), null, "fattree-4", List.of(), null, null, null, 0, 0, 0, 0,
					0, null, null);
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Sessions {

		@Bean
		RecordingOrchestrator recordingOrchestrator() {
			return new RecordingOrchestrator();
		}

		@Bean
		ProbeLiveFeed probeLiveFeed(RecordingOrchestrator orchestrator,
				com.fasterxml.jackson.databind.ObjectMapper json) {
			return new ProbeLiveFeed(orchestrator, json);
		}

	}

}
