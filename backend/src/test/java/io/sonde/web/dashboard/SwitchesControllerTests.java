package io.sonde.web.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.sonde.switches.ConnectionState;
import io.sonde.switches.Reachability;
import io.sonde.switches.SwitchEndpointStatus;
import io.sonde.switches.SwitchEndpoints;
import io.sonde.switches.SwitchStateChanged;
import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
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
 * the probing itself runs in SwitchEndpointsIntegrationTests, the live page in
 * e2e-tests).
 */
@WebMvcTest(controllers = SwitchesController.class)
@Import({ WebSliceTestConfiguration.class, SwitchesControllerTests.Endpoints.class, DashboardFakes.class,
		SwitchLiveFeed.class })
class SwitchesControllerTests {

	private static final Instant CHECKED = Instant.parse("2026-11-23T10:15:28Z");

	private static final SwitchEndpointStatus CORE = new SwitchEndpointStatus("core-0", "core", 1, "127.0.0.1:50001",
			Reachability.REACHABLE, "1.4.0", Duration.ofNanos(420_000), null, null, CHECKED, CHECKED);

	private static final SwitchEndpointStatus EDGE = new SwitchEndpointStatus("edge-0-0", "edge", 13, "127.0.0.1:50013",
			Reachability.UNREACHABLE, null, null, "UNAVAILABLE: Connection refused", CHECKED, CHECKED, CHECKED);

	private static final SwitchEndpointStatus AGG = new SwitchEndpointStatus("agg-0-0", "aggregation", 5,
			"127.0.0.1:50005", Reachability.NOT_CHECKED, null, null, null, null, null, CHECKED);

	@Autowired
	private MockMvc mvc;

	@Autowired
	private ListedEndpoints endpoints;

	@Autowired
	private FakeSwitches managed;

	@Autowired
	private ApplicationEventPublisher events;

	@BeforeEach
	void noSwitches() {
		this.endpoints.set(List.of());
		this.managed.reset();
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
			.contains("3 switches: 1 primary, 1 backup, 0 connecting, 1 unreachable, 0 disabled")
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
	void streamsEverySwitchAtOnceThenEachChangeAsServerSentEvents() throws Exception {
		this.managed.put(FakeSwitches.view("core-0", 50001, ConnectionState.PRIMARY, 420, null));

		MvcResult stream = this.mvc.perform(get("/switches/live").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(request().asyncStarted())
			.andReturn();
		awaitContent(stream, "\"name\":\"core-0\"");
		this.events.publishEvent(new SwitchStateChanged("core-0",
				FakeSwitches.view("core-0", 50001, ConnectionState.UNREACHABLE, -1, "UNAVAILABLE: refused")));
		this.events.publishEvent(new SwitchStateChanged("gone-0", null));

		String events = awaitContent(stream, "event:removed");
		assertThat(stream.getResponse().getContentType()).startsWith(MediaType.TEXT_EVENT_STREAM_VALUE);
		assertThat(events).startsWith("retry:2000\n:snapshot\n\n")
			.contains("event:switch\ndata:{\"name\":\"core-0\",\"address\":\"127.0.0.1:50001\"")
			.contains("\"state\":\"PRIMARY\"")
			.contains("\"state\":\"UNREACHABLE\",\"stateText\":\"UNREACHABLE\",\"stateClass\":\"state-unreachable\"")
			.contains("event:removed\ndata:gone-0\n\n");
		assertThat(events.indexOf("PRIMARY")).isLessThan(events.indexOf("UNREACHABLE"));
	}

	private static String awaitContent(MvcResult stream, String expected) throws Exception {
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		String content = stream.getResponse().getContentAsString();
		while (!content.contains(expected) && System.nanoTime() < deadline) {
			Thread.sleep(20);
			content = stream.getResponse().getContentAsString();
		}
		assertThat(content).contains(expected);
		return content;
	}

	@Test
	@WithMockUser("viewer")
	void rendersOneRowPerSwitchWithItsStateAndWhatTheLatestProbeFound() throws Exception {
		this.endpoints.set(List.of(CORE, EDGE, AGG));

		String page = this.mvc.perform(get("/switches"))
			.andExpect(status().isOk())
			.andExpect(view().name("switches"))
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("<h1>Switches</h1>")
			.contains("data-switch=\"core-0\" data-state=\"REACHABLE\"")
			.contains("class=\"status status-up\">REACHABLE</span>")
			.contains(">127.0.0.1:50001</td>")
			.contains(">0.42 ms</td>")
			.contains("<time datetime=\"2026-11-23T10:15:28Z\">10:15:28 UTC</time>")
			.contains("data-switch=\"edge-0-0\" data-state=\"UNREACHABLE\"")
			.contains("class=\"status status-down\">UNREACHABLE</span>")
			.containsPattern(
					"reason reason-current\"><span\\s+class=\"error-text\">UNAVAILABLE: Connection refused</span>")
			.contains("class=\"status status-unknown\">NOT CHECKED</span>")
			.contains(">not yet</time>")
			.contains("3 switches</span>:")
			.contains("1 reachable")
			.contains("1 unreachable")
			.contains(", 1 not checked yet")
			.contains("every <span>5 s</span>")
			.doesNotContain("No switches yet");
		assertThat(page.indexOf("core-0")).isLessThan(page.indexOf("edge-0-0"));
		assertThat(page.indexOf("edge-0-0")).isLessThan(page.indexOf("agg-0-0"));
	}

	@Test
	@WithMockUser("viewer")
	void explainsHowToImportATopologyWhenThereIsNone() throws Exception {
		String page = this.mvc.perform(get("/switches")).andReturn().getResponse().getContentAsString();

		String endpoints = page.substring(page.indexOf("id=\"endpoints-heading\""));
		assertThat(endpoints).contains("No switches yet")
			.contains("--data-binary @topology.json http://localhost/api/v1/topology")
			.contains("--sonde.topology.import-file=topology.json")
			.doesNotContain("<table");
	}

	@Test
	@WithMockUser("viewer")
	void pollsTheTableAloneWhichIsRenderedByTheSameTemplate() throws Exception {
		this.endpoints.set(List.of(CORE));

		String page = this.mvc.perform(get("/switches")).andReturn().getResponse().getContentAsString();
		String fragment = this.mvc.perform(get("/switches/endpoints"))
			.andExpect(status().isOk())
			.andReturn()
			.getResponse()
			.getContentAsString();

		assertThat(page).contains("hx-get=\"/switches/endpoints\"").contains("hx-trigger=\"every 2s\"");
		assertThat(fragment).doesNotContain("<html").doesNotContain("<h1>").doesNotContain("hx-get");
		assertThat(fragment).contains("data-switch=\"core-0\" data-state=\"REACHABLE\"");
		assertThat(page).contains(fragment.strip());
	}

	@Test
	@WithMockUser("viewer")
	void marksSwitchesAsTheCurrentPageInTheNavigation() throws Exception {
		String page = this.mvc.perform(get("/switches")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("href=\"/switches\" aria-current=\"page\">Switches</a>")
			.contains("<a href=\"/\">Overview</a>");
	}

	@Test
	void sendsSomeoneNotSignedInToTheLoginPage() throws Exception {
		this.mvc.perform(get("/switches")).andExpect(status().isFound()).andExpect(redirectedUrlPattern("**/login"));
		this.mvc.perform(get("/switches/endpoints"))
			.andExpect(status().isFound())
			.andExpect(redirectedUrlPattern("**/login"));
	}

	@Test
	void tellsTheLiveFeedOfSomeoneNotSignedInWithA401InsteadOfTheLoginPage() throws Exception {
		// The page's script asks for the feed, not a person: it gets problem details, and
		// signing in does not later return to the stream.
		this.mvc.perform(get("/switches/live"))
			.andExpect(status().isUnauthorized())
			.andExpect(header().string("Content-Type", MediaType.APPLICATION_PROBLEM_JSON_VALUE));
	}

	/** What the switches module would report, set by each test. */
	static final class ListedEndpoints implements SwitchEndpoints {

		private volatile List<SwitchEndpointStatus> statuses = new ArrayList<>();

		void set(List<SwitchEndpointStatus> statuses) {
			this.statuses = List.copyOf(statuses);
		}

		@Override
		public List<SwitchEndpointStatus> all() {
			return this.statuses;
		}

		@Override
		public Optional<SwitchEndpointStatus> named(String switchName) {
			return this.statuses.stream().filter((status) -> status.name().equals(switchName)).findFirst();
		}

		@Override
		public Duration probeInterval() {
			return Duration.ofSeconds(5);
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Endpoints {

		@Bean
		ListedEndpoints listedEndpoints() {
			return new ListedEndpoints();
		}

	}

}
