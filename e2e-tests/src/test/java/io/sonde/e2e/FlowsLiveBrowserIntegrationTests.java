package io.sonde.e2e;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.sonde.agents.AgentStreamsFixture;
import io.sonde.e2e.browser.Chromium;
import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.pages.FlowsPage;
import io.sonde.e2e.pages.OverviewPage;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGenerators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Flows page over the real backend and Redis: a NIC agent's flow records, histograms
 * and counters hash written as the daemon writes them (agent/REDIS_CONTRACT.md) go
 * through the agents' ingest and QuestDB; the page lists the flows by end-to-end latency,
 * shows a selected flow's hops with the bottleneck highlighted and its path on the
 * FatTree(4) drawing, the per-switch histograms, and follows new records without a
 * reload; the Overview lists the agent with its counters. Before any agent reported, the
 * page says how to start one.
 */
@BrowserTest
class FlowsLiveBrowserIntegrationTests {

	/**
	 * Through Redis, the consumer group, QuestDB and the page's poll on a loaded machine.
	 */
	private static final Duration LIVE = Duration.ofSeconds(30);

	private static final String NOT_RELOADED = "document.documentElement.dataset.e2eNotReloaded";

	/** h-0-0-0 to h-1-0-0 of fattree-4: edge-0-0, agg-0-0, core-0, agg-1-0, edge-1-0. */
	private static final List<Long> PATH = List.of(7L, 5L, 1L, 9L, 11L);

	private static final String SLOW = "10.0.0.2:40000-10.1.0.2:5201-17";

	private static final String FAST = "10.0.0.3:40001-10.1.0.2:5201-6";

	private static final String LATE = "10.0.0.4:40002-10.1.0.2:5201-17";

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis();

	@LocalServerPort
	private int port;

	@Autowired
	private StringRedisTemplate redis;

	@Autowired
	private TopologyCatalog topology;

	@Test
	void showsFlowsByLatencyTheBottleneckHopThePathAndHistogramsLiveAndTheAgentOnTheOverview(ChromeDriver browser)
			throws IOException {
		this.topology.importDocument(withPorts(this.topology.document(TopologyGenerators.fatTree(4))), "e2e");
		AgentStreamsFixture.awaitGroups(this.redis);
		AgentStreamsFixture agent = new AgentStreamsFixture("e2e-agent", "veth1", System.currentTimeMillis());

		bed.signIn(this.port);
		FlowsPage.navigationEntry(browser).click();
		FlowsPage flows = FlowsPage.await(browser);
		assertThat(flows.noAgent().isDisplayed()).isTrue();
		assertThat(flows.noAgent().getText()).contains("xdp-collector/build/nic-agent");
		assertThat(Chromium.consoleMessages(browser)).as("the console of the Flows page")
			.noneMatch((message) -> message.contains("Content Security Policy"));

		agent.writeCounters(this.redis, System.currentTimeMillis(), Map.of("threshold_hop_latency_threshold", "5000"));
		long now = System.currentTimeMillis() * 1_000_000L;
		// The slow flow's third hop (core-0, switch 1) has the highest average latency;
		// its
		// switches do not give the link utilization (all ones), as sonde.p4's do not.
		AgentStreamsFixture.xadd(this.redis, AgentStreamsFixture.FLOWS,
				agent.batch("records",
						List.of(record(1, "10.0.0.2", 40000, 17, now, new long[] { 100, 300, 4000, 200, 100 }, false),
								record(2, "10.0.0.3", 40001, 6, now, new long[] { 100, 100, 100, 100, 100 }, true))));
		for (long switchId : List.of(7L, 1L)) {
			for (String metric : List.of("hop_latency", "queue_occupancy", "link_utilization")) {
				AgentStreamsFixture.xadd(this.redis, AgentStreamsFixture.HISTOGRAMS,
						agent.histogram(switchId, metric, now, bins(switchId)));
			}
		}

		live("both flows, slowest first", () -> String.join("; ", flows.describeFlows()),
				() -> flows.flowIds().equals(List.of(SLOW, FAST)));
		browser.executeScript(NOT_RELOADED + " = 'yes'");
		assertThat(flows.describeFlows()).containsExactly(
				"10.0.0.2:40000 → 10.1.0.2:5201 UDP | 42 | 4,700 | 4,695 | 7 → 5 → 1 → 9 → 11 | " + clock(now)
						+ " | e2e-agent",
				"10.0.0.3:40001 → 10.1.0.2:5201 TCP | 42 | 500 | 495 | 7 → 5 → 1 → 9 → 11 | " + clock(now)
						+ " | e2e-agent");
		assertThat(flows.noAgent().isDisplayed()).isFalse();

		flows.select(SLOW);
		live("the slow flow's hops", () -> String.join("; ", flows.describeHops()),
				() -> flows.describeHops().size() == 5);
		assertThat(flows.selectedFlow()).isEqualTo(SLOW);
		assertThat(flows.describeHops()).containsExactly("0 | 7 | 100 | 105 | 30 | 31 | n/a | n/a",
				"1 | 5 | 300 | 305 | 30 | 31 | n/a | n/a", "*2 | 1 | 4,000 | 4,005 | 30 | 31 | n/a | n/a",
				"3 | 9 | 200 | 205 | 30 | 31 | n/a | n/a", "4 | 11 | 100 | 105 | 30 | 31 | n/a | n/a");
		assertThat(flows.bottleneckNote().getText()).isEqualTo("Bottleneck: hop 2 (switch 1), average latency 4,005.");
		live("the path marked on the topology", () -> flows.pathNote().getText(),
				() -> "edge-0-0,agg-0-0,core-0,agg-1-0,edge-1-0".equals(flows.markedPath()));
		assertThat(flows.markedBottleneck()).isEqualTo("core-0");
		assertThat(flows.pathNote().getText())
			.isEqualTo("Marked: edge-0-0 → agg-0-0 → core-0 → agg-1-0 → edge-1-0; bottleneck core-0.");

		live("six histograms drawn", () -> String.join("; ", flows.histograms()), () -> flows.histograms().size() == 6
				&& flows.histograms().stream().allMatch((h) -> h.endsWith("(drawn)")));
		assertThat(flows.histograms()).containsExactly("1/hop_latency=32 (drawn)", "1/link_utilization=32 (drawn)",
				"1/queue_occupancy=32 (drawn)", "7/hop_latency=224 (drawn)", "7/link_utilization=224 (drawn)",
				"7/queue_occupancy=224 (drawn)");
		assertThat(flows.histogramsAgent().getText()).isEqualTo("e2e-agent");
		browser.manage().window().setSize(new Dimension(1400, 1500));
		browser.executeScript("window.scrollTo(0, 0)");
		Screenshots.takeForDocs(browser, "flows.png");

		// The next pass of the daemon: the fast flow slowed down, a new flow came.
		long later = now + 2_000_000_000L;
		AgentStreamsFixture.xadd(this.redis, AgentStreamsFixture.FLOWS,
				agent.batch("records", List.of(
						record(3, "10.0.0.3", 40001, 6, later, new long[] { 100, 100, 9000, 100, 100 }, true),
						record(4, "10.0.0.4", 40002, 17, later, new long[] { 100, 100, 100, 100, 1000 }, true))));
		AgentStreamsFixture.xadd(this.redis, AgentStreamsFixture.HISTOGRAMS,
				agent.histogram(7, "hop_latency", later, Collections.nCopies(32, 10L)));
		live("the new order without a reload", () -> String.join("; ", flows.describeFlows()),
				() -> flows.flowIds().equals(List.of(FAST, SLOW, LATE)));
		live("the new histogram", () -> String.join("; ", flows.histograms()),
				() -> flows.histograms().contains("7/hop_latency=320 (drawn)"));
		assertThat(flows.selectedFlow()).isEqualTo(SLOW);
		assertThat(browser.executeScript("return " + NOT_RELOADED)).isEqualTo("yes");

		flows.select(FAST);
		live("the fast flow's bottleneck", () -> String.join("; ", flows.describeHops()),
				() -> flows.describeHops().contains("*2 | 1 | 9,000 | 9,005 | 30 | 31 | 200 | 180"));

		// The daemon writes its counters every second; the steps above may outlast the
		// liveness window on a loaded machine.
		agent.writeCounters(this.redis, System.currentTimeMillis(), Map.of("threshold_hop_latency_threshold", "5000"));
		browser.get("http://localhost:" + this.port + "/");
		OverviewPage overview = OverviewPage.await(browser);
		live("the agent on the Overview", () -> String.join("; ", overview.agentRows()),
				() -> overview.agentRows().size() == 1);
		assertThat(overview.agentRows().get(0)).startsWith("e2e-agent/veth1 | UP | ")
			.contains("packets=1000")
			.contains("threshold_hop_latency_threshold=5000");
	}

	/**
	 * An active flow record on the five hops of {@link #PATH}, each hop's average latency
	 * its latest plus 5, as the daemon writes a line; a utilization not given is all
	 * ones.
	 */
	private static String record(long seq, String srcIp, int srcPort, int protocol, long lastNs, long[] latencies,
			boolean utilizationGiven) {
		String util = utilizationGiven ? "200" : "4294967295";
		String utilAvg = utilizationGiven ? "180" : "4294967295";
		long e2e = 0;
		StringBuilder hops = new StringBuilder();
		for (int hop = 0; hop < latencies.length; hop++) {
			e2e += latencies[hop];
			hops.append(" h" + hop + "_switch=" + PATH.get(hop) + " h" + hop + "_latency=" + latencies[hop] + " h" + hop
					+ "_latency_avg=" + (latencies[hop] + 5) + " h" + hop + "_queue=30 h" + hop + "_queue_avg=31 h"
					+ hop + "_util=" + util + " h" + hop + "_util_avg=" + utilAvg);
		}
		return "seq=" + seq + " reason=active src_ip=" + srcIp + " dst_ip=10.1.0.2 src_port=" + srcPort
				+ " dst_port=5201 protocol=" + protocol + " packets=42 first_ns=" + (lastNs - 1_000_000_000L)
				+ " last_ns=" + lastNs + " path_id=4045784400 path=7,5,1,9,11 e2e_latency=" + e2e + " e2e_latency_avg="
				+ (e2e - 5) + hops;
	}

	/** Switch 7 counted seven values in each bin, switch 1 one. */
	private static List<Long> bins(long switchId) {
		return new ArrayList<>(Collections.nCopies(32, (switchId == 7) ? 7L : 1L));
	}

	private static String clock(long epochNs) {
		return java.time.Instant.ofEpochSecond(0, epochNs).toString().substring(11, 19) + " UTC";
	}

	/**
	 * The generated document with a P4Runtime port per switch (nothing listens: the
	 * switches are drawn, not registered).
	 */
	private static String withPorts(String document) {
		Matcher unset = Pattern.compile("(\"p4RuntimePort\"\\s*:\\s*)0\\b").matcher(document);
		StringBuilder ported = new StringBuilder();
		int port = 50001;
		while (unset.find()) {
			unset.appendReplacement(ported, "$1" + port++);
		}
		unset.appendTail(ported);
		return ported.toString();
	}

	/** Reads inside the wait: the page redraws its rows every poll. */
	private static void live(String what, Supplier<String> pageSays, BooleanSupplier condition) {
		await().atMost(LIVE)
			.pollInterval(Duration.ofMillis(250))
			.ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
			.untilAsserted(() -> assertThat(condition.getAsBoolean())
				.as(() -> "waited for " + what + "; the page shows: " + pageSays.get())
				.isTrue());
	}

}
