package io.sonde.probes.session;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.emulator.control.EmulatorControlClient;
import io.sonde.emulator.control.EmulatorControlServer;
import io.sonde.emulator.run.ClockMode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.run.LinkChange;
import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.EventQuery;
import io.sonde.events.TelemetryEvent;
import io.sonde.testsupport.OwnBackendContext;
import io.sonde.topology.LinkStates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static io.sonde.probes.session.ProbeRing.SETTLE;
import static io.sonde.probes.session.ProbeRing.runSession;
import static io.sonde.probes.session.ProbeRing.texts;
import static io.sonde.probes.session.ProbeRing.walks;
import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Probing sessions end to end: the real backend (its own Redis) and a ring of four
 * emulated switches in real time, whose data plane answers probes, keeps SQR copies and
 * sends recovery notifications. One GPINT path (k = 1) walks the ring; the emulator's
 * control channel degrades and fails its links.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ProbeSessionsIntegrationTests extends OwnBackendContext {

	private static final EmulatedNetwork network = EmulatedNetwork.start(ProbeRing.ring(4),
			EmulationOptions.DEFAULTS.withClock(ClockMode.REAL).withP4RuntimeBasePort(0).withCollector(null));

	private static final EmulatorControlServer control = EmulatorControlServer.start(network, 0);

	private static final EmulatorControlClient emulator = EmulatorControlClient.onPort(control.port());

	/** The path the first session walked; the later tests degrade its middle link. */
	private static List<String> path;

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		properties.add("sonde.switches.probe-interval", () -> "1h");
		properties.add("sonde.topology.link-status-url", () -> "http://127.0.0.1:" + control.port());
		properties.add("sonde.topology.link-status-interval", () -> "200ms");
		properties.add("sonde.probes.k", () -> "1");
		properties.add("sonde.probes.avoid-for", () -> "10m");
	}

	@AfterAll
	static void stopEverything() {
		control.close();
		network.close();
	}

	@Autowired
	EventLog events;

	@Autowired
	LinkStates links;

	@Test
	@Order(1)
	void collectsEverySwitchsTelemetryWithOneProbeOverAHealthyRing() throws Exception {
		ProbeRing.importAndRegister(this.api, network);
		Instant before = Instant.now();

		JsonNode session = runSession(this.api, "{}");

		assertThat(session.get("status").asText()).as(session.toString()).isEqualTo("COMPLETED");
		assertThat(session.get("paths")).hasSize(1);
		path = texts(session.at("/paths/0/switches"));
		assertThat(path).containsExactlyInAnyOrder("s1", "s2", "s3", "s4");
		assertThat(session.at("/paths/0/outcome").asText()).isEqualTo("collected");
		JsonNode telemetry = session.get("telemetry");
		for (String name : path) {
			JsonNode reading = telemetry.get(name);
			assertThat(reading).as(name).isNotNull();
			// The DLV's switch id is the INT node id's low byte: 0, no
			// INT configuration here.
			assertThat(reading.get("switchId").asInt()).as(name).isZero();
			// Port counters 1..3: every switch has a port 3 only when a host hangs there,
			// but each counts its ports 1 and 2.
			assertThat(reading.get("measurements").size()).as(name).isBetween(2, 3);
			assertThat(reading.get("firstIndex").asInt()).isEqualTo(1);
		}
		assertThat(session.get("probesSent").asInt()).isEqualTo(1);
		assertThat(session.get("recoveryProbesSent").asInt()).isZero();
		assertThat(session.get("probesLost").asInt()).isZero();
		assertThat(session.get("feedbacks").asInt()).as("the first switch answers the injected probe").isEqualTo(1);
		assertThat(session.get("collectionLatencyMs").asLong()).isBetween(0L, 5_000L);
		assertThat(session.get("components")).isEmpty();
		assertThat(session.get("settings").get("profile").asText()).isEqualTo("paper");

		// The session's figures are events in the event pipeline.
		await().atMost(SETTLE).untilAsserted(() -> {
			List<TelemetryEvent> figures = this.events
				.query(new EventQuery(before, null, Set.of(),
						Set.of("probe_collection_latency_ms", "probe_queue_depth"), null, null, SessionEvents.SOURCE),
						null, 100)
				.events();
			assertThat(figures).filteredOn((event) -> event.origin().contains("/" + session.get("id").asText() + "/"))
				.extracting(TelemetryEvent::metric)
				.contains("probe_collection_latency_ms", "probe_queue_depth");
		});
	}

	@Test
	@Order(2)
	void recoversFromTenPercentLossOnOneLinkAndMarksThatLink() {
		String a = path.get(1);
		String b = path.get(2);
		emulator.changeLink(a + "/" + b, LinkChange.loss(0.10));
		try {
			// A probe or a feedback crosses the link in about one session in five: run
			// sessions until one needed recovery.
			List<JsonNode> sessions = new ArrayList<>();
			JsonNode recovered = null;
			for (int i = 0; i < 40 && recovered == null; i++) {
				JsonNode session = runSession(this.api, "{}");
				sessions.add(session);
				if (session.get("notifications").asInt() > 0) {
					recovered = session;
				}
			}
			assertThat(recovered).as("a session with a recovery notification in 40").isNotNull();
			assertThat(sessions)
				.allSatisfy((session) -> assertThat(session.get("status").asText()).as(session.toString())
					.isEqualTo("COMPLETED"));
			assertThat(recovered.get("recoveryProbesSent").asInt()).isPositive();
			assertThat(recovered.get("components")).isNotEmpty().allSatisfy((verdict) -> {
				assertThat(verdict.get("kind").asText()).isEqualTo("link");
				assertThat(verdict.get("component").asText()).isEqualTo(linkKey(a, b));
			});
			assertThat(recovered.get("telemetry").size()).as("every switch's telemetry, pieced together").isEqualTo(4);
		}
		finally {
			emulator.clearLink(a + "/" + b);
		}
	}

	@Test
	@Order(3)
	void plansTheNextSessionAroundALinkMarkedUnavailable() throws Exception {
		reimportToForgetEarlierMarks();
		String a = path.get(1);
		String b = path.get(2);
		emulator.changeLink(a + "/" + b, LinkChange.loss(1.0));
		JsonNode marked;
		try {
			marked = runSession(this.api, "{}");
		}
		finally {
			emulator.clearLink(a + "/" + b);
		}
		assertThat(marked.get("status").asText()).as(marked.toString()).isEqualTo("COMPLETED");
		assertThat(marked.get("components")).singleElement().satisfies((verdict) -> {
			assertThat(verdict.get("component").asText()).isEqualTo(linkKey(a, b));
			assertThat(verdict.get("status").asText()).isEqualTo("unavailable");
		});
		assertThat(marked.get("probesLost").asInt()).isEqualTo(1);
		assertThat(marked.get("recoveryProbesSent").asInt()).isEqualTo(1);
		await().atMost(SETTLE)
			.untilAsserted(() -> assertThat(this.events
				.query(new EventQuery(null, null, Set.of(EventKind.COVERAGE), Set.of(SessionEvents.COMPONENT), null,
						null, SessionEvents.SOURCE), null, 100)
				.events()).anySatisfy((event) -> {
					assertThat(event.key()).isEqualTo("link " + linkKey(a, b));
					assertThat(event.value()).as("0: unavailable").isZero();
					assertThat(event.origin()).contains(marked.get("id").asText());
				}));

		JsonNode next = runSession(this.api, "{}");

		assertThat(next.get("status").asText()).as(next.toString()).isEqualTo("COMPLETED");
		assertThat(texts(next.at("/replan/avoidedLinks"))).containsExactly(linkKey(a, b));
		assertThat(texts(next.at("/replan/reasons")))
			.anySatisfy((reason) -> assertThat(reason).contains(linkKey(a, b)).contains(marked.get("id").asText()));
		assertThat(walks(next, a, b)).as(next.get("paths").toString()).isFalse();
		assertThat(next.get("components")).isEmpty();
	}

	@Test
	@Order(4)
	void plansAroundALinkFailedThroughTheEmulatorsControl() throws Exception {
		reimportToForgetEarlierMarks();
		String a = path.get(1);
		String b = path.get(2);
		emulator.linkDown(a + "/" + b);
		try {
			await().atMost(SETTLE).until(() -> !this.links.down().isEmpty());

			JsonNode session = runSession(this.api, "{}");

			assertThat(session.get("status").asText()).as(session.toString()).isEqualTo("COMPLETED");
			assertThat(texts(session.at("/replan/avoidedLinks"))).containsExactly(linkKey(a, b));
			assertThat(texts(session.at("/replan/reasons")))
				.anySatisfy((reason) -> assertThat(reason).contains(linkKey(a, b)).contains("down"));
			assertThat(walks(session, a, b)).isFalse();
			assertThat(session.get("components")).as("no probe was sent over the failed link").isEmpty();
		}
		finally {
			emulator.linkUp(a + "/" + b);
		}
		await().atMost(SETTLE).until(() -> this.links.down().isEmpty());
	}

	@Test
	@Order(5)
	void listsTheHistoryWithFiltersAndShowsOneSession() {
		JsonNode all = json(this.api.get("/api/v1/probes/sessions?limit=1000", VIEWER_TOKEN));
		assertThat(all.size()).isGreaterThanOrEqualTo(4);
		List<String> ids = new ArrayList<>();
		all.forEach((session) -> ids.add(session.get("id").asText()));
		assertThat(ids).as("newest first")
			.isSortedAccordingTo(
					(x, y) -> Long.compare(Long.parseLong(y.substring(3)), Long.parseLong(x.substring(3))));

		JsonNode completed = json(
				this.api.get("/api/v1/probes/sessions?status=completed&algorithm=gpint&limit=2", VIEWER_TOKEN));
		assertThat(completed).hasSize(2)
			.allSatisfy((session) -> assertThat(session.get("status").asText()).isEqualTo("COMPLETED"));
		assertThat(json(this.api.get("/api/v1/probes/sessions?algorithm=euler", VIEWER_TOKEN))).isEmpty();
		String future = Instant.now().plus(Duration.ofHours(1)).toString();
		assertThat(json(this.api.get("/api/v1/probes/sessions?from=" + future, VIEWER_TOKEN))).isEmpty();
		String first = ids.get(ids.size() - 1);
		JsonNode one = json(this.api.get("/api/v1/probes/sessions/" + first, VIEWER_TOKEN));
		assertThat(one.get("id").asText()).isEqualTo(first);
		assertThat(one.get("paths")).isNotEmpty();
	}

	@Test
	@Order(6)
	void rejectsBadInputWithAProblemNamingTheField() {
		assertProblem(this.api.get("/api/v1/probes/sessions?status=sleeping", VIEWER_TOKEN), 400, "status");
		assertProblem(this.api.get("/api/v1/probes/sessions?from=yesterday", VIEWER_TOKEN), 400, "from");
		assertProblem(this.api.get("/api/v1/probes/sessions?algorithm=dijkstra", VIEWER_TOKEN), 400, "algorithm");
		assertProblem(this.api.get("/api/v1/probes/sessions?limit=0", VIEWER_TOKEN), 400, "limit");
		assertProblem(
				this.api.get("/api/v1/probes/sessions?from=2026-11-27T10:00:00Z&to=2026-11-26T10:00:00Z", VIEWER_TOKEN),
				400, "from");
		assertProblem(this.api.postJson("/api/v1/probes/sessions", "{\"profile\":\"fast\"}", OPERATOR_TOKEN), 400,
				"profile");
		assertProblem(this.api.postJson("/api/v1/probes/sessions", "{\"k\":0}", OPERATOR_TOKEN), 400, "k");
		assertProblem(this.api.postJson("/api/v1/probes/sessions", "{\"algorithm\":\"euler\",\"k\":2}", OPERATOR_TOKEN),
				400, "k");
		assertProblem(this.api.postJson("/api/v1/probes/sessions", "{\"algorithm\":\"bfs\"}", OPERATOR_TOKEN), 400,
				"algorithm");
		HttpResponse<String> missing = this.api.get("/api/v1/probes/sessions/ps-999999", VIEWER_TOKEN);
		assertThat(missing.statusCode()).isEqualTo(404);
		assertThat(missing.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(this.api.postJson("/api/v1/probes/sessions", "{}", VIEWER_TOKEN).statusCode())
			.as("running a session needs the operator role")
			.isEqualTo(403);
	}

	private void reimportToForgetEarlierMarks() throws Exception {
		ProbeRing.importAndRegister(this.api, network);
	}

	private static String linkKey(String a, String b) {
		return (a.compareTo(b) < 0) ? a + "--" + b : b + "--" + a;
	}

	private static void assertProblem(HttpResponse<String> answer, int status, String field) {
		assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
		assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(json(answer).get("field").asText()).as(answer.body()).isEqualTo(field);
	}

}
