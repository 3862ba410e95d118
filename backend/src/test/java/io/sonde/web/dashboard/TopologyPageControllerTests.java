package io.sonde.web.dashboard;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.sonde.switches.ConnectionState;
import io.sonde.switches.PollingRound;
import io.sonde.web.DashboardPages;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.security.test.context.support.WithMockUser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrlPattern;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

/**
 * The Topology page and the drawing topology.js reads (the drawing itself and its live
 * colours are in e2e-tests' TopologyLiveBrowserIntegrationTests).
 */
@WebMvcTest(controllers = TopologyPageController.class)
class TopologyPageControllerTests extends OnDashboardFakes {

	@Autowired
	private FakeTraffic traffic;

	@BeforeEach
	void nothingImported() {
		this.switches.reset();
		this.topology.current = null;
		this.traffic.reset();
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void rendersTheDrawingAreaWithItsLiveSourcesAndTheTopologyInTheNavigation() throws Exception {
		this.topology.importLeafSpine();

		String page = DashboardPages.rendered(this.mvc, "/topology", "topology");

		assertThat(page).contains("<h1>Topology</h1>")
			.contains("data-graph-url=\"/topology/graph\"")
			.contains("data-live-url=\"/switches/live\"")
			.contains("aria-label=\"Drawing of tiny: 3 switches, 2 hosts\"")
			.containsPattern("src=\"/webjars/cytoscape/[0-9.]+/dist/cytoscape.min.js\"")
			.contains("href=\"/topology\" aria-current=\"page\">Topology</a>")
			.doesNotContain("No topology yet");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void explainsHowToImportATopologyWhenThereIsNone() throws Exception {
		String page = this.mvc.perform(get("/topology")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("No topology yet").contains("http://localhost/api/v1/topology");
		this.mvc.perform(get("/topology/graph")).andExpect(status().isNoContent());
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void drawsEverySwitchWithItsConnectionStateAndGreysTheUnregisteredOnes() throws Exception {
		this.topology.importLeafSpine();
		this.switches.put(FakeSwitches.view("spine-0", 50001, ConnectionState.PRIMARY, 420, null));
		this.switches.put(
				FakeSwitches.view("leaf-0", 50002, ConnectionState.UNREACHABLE, -1, "UNAVAILABLE: Connection refused"));

		this.mvc.perform(get("/topology/graph"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.name").value("tiny"))
			.andExpect(jsonPath("$.switches[0].name").value("spine-0"))
			.andExpect(jsonPath("$.switches[0].role").value("spine"))
			.andExpect(jsonPath("$.switches[0].card.state").value("PRIMARY"))
			.andExpect(jsonPath("$.switches[0].card.stateClass").value("state-primary"))
			.andExpect(jsonPath("$.switches[0].card.primary").value("yes"))
			.andExpect(jsonPath("$.switches[0].card.roundTrip").value("0.42 ms"))
			.andExpect(jsonPath("$.switches[1].card.state").value("UNREACHABLE"))
			.andExpect(jsonPath("$.switches[1].card.stateClass").value("state-unreachable"))
			.andExpect(jsonPath("$.switches[1].card.lastError").value("UNAVAILABLE: Connection refused"))
			.andExpect(jsonPath("$.switches[1].card.errorIsCurrent").value(true))
			.andExpect(jsonPath("$.switches[2].card.state").value("NOT_REGISTERED"))
			.andExpect(jsonPath("$.switches[2].card.stateClass").value("state-not-registered"))
			.andExpect(jsonPath("$.switches[2].card.address").value("127.0.0.1:50003"))
			.andExpect(jsonPath("$.hosts[1].name").value("h1"))
			.andExpect(jsonPath("$.links[2].a").value("leaf-0"))
			.andExpect(jsonPath("$.links[2].b").value("h0"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void reportsThePacketsEachSwitchSentItsRateAndTheLinksDown() throws Exception {
		this.topology.importLeafSpine();
		this.traffic.latest = round(0, 100, 40);
		this.mvc.perform(get("/topology/traffic"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.switches[0].name").value("spine-0"))
			.andExpect(jsonPath("$.switches[0].packetsSent").value(100))
			.andExpect(jsonPath("$.switches[0].packetsPerSecond").doesNotExist())
			.andExpect(jsonPath("$.switches[2].packetsSent").doesNotExist());

		this.traffic.previous = this.traffic.latest;
		this.traffic.latest = round(2, 300, 40);
		this.traffic.down = Set.of(FakeTopology.LEAF_SPINE.links().get(1));

		this.mvc.perform(get("/topology/traffic"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.polledAt").value("1970-01-01T00:00:02Z"))
			.andExpect(jsonPath("$.switches[0].packetsSent").value(300))
			.andExpect(jsonPath("$.switches[0].packetsPerSecond").value(100.0))
			.andExpect(jsonPath("$.switches[1].packetsPerSecond").value(0.0))
			.andExpect(jsonPath("$.switches[2].packetsSent").doesNotExist())
			.andExpect(jsonPath("$.downLinks[0]").value("spine-0:2-leaf-1:1"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void hasNoTrafficWithoutATopology() throws Exception {
		this.mvc.perform(get("/topology/traffic")).andExpect(status().isNoContent());
	}

	/** spine-0 sent {@code spine}, leaf-0 {@code leaf}; leaf-1 could not be polled. */
	private static PollingRound round(long second, long spine, long leaf) {
		return new PollingRound(Instant.ofEpochSecond(second), 12,
				List.of(new PollingRound.SwitchPoll("spine-0", 2, 0, spine, 1, null),
						new PollingRound.SwitchPoll("leaf-0", 2, 0, leaf, 1, null),
						new PollingRound.SwitchPoll("leaf-1", 0, 0, 0, 1, "UNAVAILABLE")),
				6, 3);
	}

	@Test
	void sendsSomeoneNotSignedInToTheLoginPage() throws Exception {
		this.mvc.perform(get("/topology")).andExpect(redirectedUrlPattern("**/login"));
		this.mvc.perform(get("/topology/graph")).andExpect(status().isUnauthorized());
		this.mvc.perform(get("/topology/traffic")).andExpect(status().isUnauthorized());
	}

}
