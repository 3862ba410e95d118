package io.sonde.web.dashboard;

import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchStateChanged;
import io.sonde.switches.SwitchView;
import io.sonde.web.DashboardPages;
import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrlPattern;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

/**
 * The Switches page as rendered from what the switches module reports (a fixed list here;
 * the connections themselves run in SwitchReachabilityIntegrationTests, the live page in
 * e2e-tests).
 */
@WebMvcTest(controllers = SwitchesController.class)
@Import({ WebSliceTestConfiguration.class, DashboardFakes.class, SwitchLiveFeed.class })
class SwitchesControllerTests {

	/** Topology switches nobody registered, as the switches module observes them. */
	private static final SwitchView CORE = observed("core-0", 0, "core", 50001, ConnectionState.OBSERVER, 420, "1.4.0",
			null);

	private static final SwitchView EDGE = observed("edge-0-0", 1, "edge", 50013, ConnectionState.UNREACHABLE, -1, null,
			"UNAVAILABLE: Connection refused");

	private static final SwitchView AGG = observed("agg-0-0", 2, "aggregation", 50005, ConnectionState.CONNECTING, -1,
			null, null);

	@Autowired
	private MockMvc mvc;

	@Autowired
	private FakeSwitches managed;

	@Autowired
	private ApplicationEventPublisher events;

	@BeforeEach
	void noSwitches() {
		this.managed.reset();
	}

	private static SwitchView observed(String name, int position, String role, int port, ConnectionState state,
			long rttMicros, String apiVersion, String lastError) {
		return new SwitchView(SwitchDevice.withDefaults(name, "127.0.0.1", port, port - 50000),
				new ConnectionStatus(state, FakeSwitches.AT, 0, rttMicros, lastError,
						(lastError != null) ? FakeSwitches.AT : null, 0, null, 0, apiVersion),
				false, new SwitchView.Place(position, role));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void listsTheManagedSwitchesWithStatePrimaryRoundTripErrorAndLastReconcile() throws Exception {
		this.managed
			.put(FakeSwitches.view("core-0", 50001, ConnectionState.PRIMARY, 420, null, FakeSwitches.report("core-0")));
		this.managed.put(FakeSwitches.view("edge-0-0", 50013, ConnectionState.UNREACHABLE, -1,
				"UNAVAILABLE: Connection refused"));
		this.managed.put(FakeSwitches.view("agg-0-0", 50005, ConnectionState.BACKUP, 900, null));

		String page = this.mvc.perform(get("/switches")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("data-live-url=\"/switches/live\"")
			.contains("3 switches: 2 reachable · 1 primary, 1 backup, 0 observer, 0 connecting, 1 unreachable, "
					+ "0 disabled")
			.contains("data-live-switch=\"core-0\" data-state=\"PRIMARY\"")
			.contains("<a href=\"/switches/core-0\">core-0</a>")
			.contains("class=\"status state-primary\" data-field=\"stateText\">PRIMARY</span>")
			.contains("data-field=\"primary\">yes</td>")
			.contains("data-field=\"roundTrip\">0.42 ms</td>")
			.contains("10:15:28 UTC (connected): 1 applied, 1 refused of 42 expected, pipeline pushed")
			.contains("class=\"status state-unreachable\" data-field=\"stateText\">UNREACHABLE</span>")
			.contains("data-field=\"roundTrip\">—</td>")
			.containsPattern(
					"reason reason-current\" data-error-cell><span\\s+class=\"error-text\" data-field=\"lastError\">"
							+ "UNAVAILABLE: Connection refused</span>")
			.contains("class=\"status state-backup\" data-field=\"stateText\">BACKUP</span>")
			.doesNotContain("No managed switches yet");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void explainsHowToRegisterTheTopologysSwitchesWhenNoneIsManaged() throws Exception {
		String page = this.mvc.perform(get("/switches")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("No managed switches yet").contains("http://localhost/api/v1/switches/from-topology");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void showsHowToRegisterWhileTheTopologysSwitchesAreOnlyObserved() throws Exception {
		this.managed.put(CORE);

		String page = this.mvc.perform(get("/switches")).andReturn().getResponse().getContentAsString();

		String hint = page.substring(page.indexOf("id=\"register-hint\""));
		assertThat(page).doesNotContainPattern("id=\"register-hint\"\\s+hidden");
		assertThat(hint).contains("No managed switches yet").contains("http://localhost/api/v1/switches/from-topology");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void streamsEverySwitchAtOnceThenEachChangeAsServerSentEvents() throws Exception {
		this.managed.put(FakeSwitches.view("core-0", 50001, ConnectionState.PRIMARY, 420, null));

		MvcResult stream = this.mvc.perform(get("/switches/live").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(request().asyncStarted())
			.andReturn();
		DashboardPages.streamedUntil(stream, "\"name\":\"core-0\"");
		this.events.publishEvent(new SwitchStateChanged("core-0",
				FakeSwitches.view("core-0", 50001, ConnectionState.UNREACHABLE, -1, "UNAVAILABLE: refused")));
		this.events.publishEvent(new SwitchStateChanged("gone-0", null));

		String events = DashboardPages.streamedUntil(stream, "event:removed");
		assertThat(stream.getResponse().getContentType()).startsWith(MediaType.TEXT_EVENT_STREAM_VALUE);
		assertThat(events).startsWith("retry:2000\n:snapshot\n\n")
			.contains("event:switch\ndata:{\"name\":\"core-0\",\"address\":\"127.0.0.1:50001\"")
			.contains("\"state\":\"PRIMARY\"")
			.contains("\"state\":\"UNREACHABLE\",\"stateText\":\"UNREACHABLE\",\"stateClass\":\"state-unreachable\"")
			.contains("event:removed\ndata:gone-0\n\n");
		assertThat(events.indexOf("PRIMARY")).isLessThan(events.indexOf("UNREACHABLE"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void rendersOneRowPerObservedSwitchWithItsStateApiVersionRoundTripAndError() throws Exception {
		this.managed.put(CORE);
		this.managed.put(EDGE);
		this.managed.put(AGG);

		String page = DashboardPages.rendered(this.mvc, "/switches", "switches");

		assertThat(page).contains("<h1>Switches</h1>")
			.contains("data-live-switch=\"core-0\" data-state=\"OBSERVER\" data-registered=\"false\"")
			.contains("class=\"status state-observer\" data-field=\"stateText\">OBSERVER</span>")
			.contains("data-field=\"role\">core</td>")
			.contains(">127.0.0.1:50001</td>")
			.contains("data-field=\"apiVersion\">1.4.0</td>")
			.contains("data-field=\"roundTrip\">0.42 ms</td>")
			.contains("data-live-switch=\"edge-0-0\" data-state=\"UNREACHABLE\"")
			.contains("class=\"status state-unreachable\" data-field=\"stateText\">UNREACHABLE</span>")
			.containsPattern(
					"reason reason-current\" data-error-cell><span\\s+class=\"error-text\" data-field=\"lastError\">"
							+ "UNAVAILABLE: Connection refused</span>")
			.contains("class=\"status state-connecting\" data-field=\"stateText\">CONNECTING</span>")
			.contains("data-field=\"apiVersion\">—</td>")
			.contains("3 switches: 1 reachable · 0 primary, 0 backup, 1 observer, 1 connecting, 1 unreachable, "
					+ "0 disabled")
			.contains("data-field=\"lastReconcile\">not registered</span>")
			.doesNotContain("<a href=\"/switches/core-0\">");
		assertThat(page.indexOf("core-0")).isLessThan(page.indexOf("edge-0-0"));
		assertThat(page.indexOf("edge-0-0")).isLessThan(page.indexOf("agg-0-0"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void explainsHowToImportATopologyWhenThereIsNone() throws Exception {
		String page = this.mvc.perform(get("/switches")).andReturn().getResponse().getContentAsString();

		String empty = page.substring(page.indexOf("id=\"switches-empty\""));
		assertThat(page).doesNotContainPattern("id=\"switches-empty\"\\s+hidden");
		assertThat(empty).contains("No switches yet")
			.contains("--data-binary @topology.json http://localhost/api/v1/topology")
			.contains("--sonde.topology.import-file=topology.json");
		assertThat(page).containsPattern("class=\"table-scroll\"\\s+hidden");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void showsTheTopologysSwitchesAndTheRegisteredOnesInOneSection() throws Exception {
		this.managed.put(CORE);
		this.managed.put(FakeSwitches.view("lab-0", 50100, ConnectionState.PRIMARY, 300, null));

		String page = this.mvc.perform(get("/switches")).andReturn().getResponse().getContentAsString();

		assertThat(page).containsOnlyOnce("<table").containsOnlyOnce("<section").doesNotContain("hx-get");
		assertThat(page).contains("data-live-switch=\"lab-0\" data-state=\"PRIMARY\" data-registered=\"true\"")
			.contains("<a href=\"/switches/lab-0\">lab-0</a>")
			.contains("<span>core-0</span>")
			.contains("2 switches: 2 reachable · 1 primary, 0 backup, 1 observer");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void marksSwitchesAsTheCurrentPageInTheNavigation() throws Exception {
		String page = this.mvc.perform(get("/switches")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("href=\"/switches\" aria-current=\"page\">Switches</a>")
			.contains("<a href=\"/\">Overview</a>");
	}

	@Test
	void sendsSomeoneNotSignedInToTheLoginPage() throws Exception {
		this.mvc.perform(get("/switches")).andExpect(status().isFound()).andExpect(redirectedUrlPattern("**/login"));
	}

	@Test
	void tellsTheLiveFeedOfSomeoneNotSignedInWithA401InsteadOfTheLoginPage() throws Exception {
		// The page's script asks for the feed, not a person: it gets problem details, and
		// signing in does not later return to the stream.
		this.mvc.perform(get("/switches/live"))
			.andExpect(status().isUnauthorized())
			.andExpect(header().string("Content-Type", MediaType.APPLICATION_PROBLEM_JSON_VALUE));
	}

}
