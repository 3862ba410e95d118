package io.sonde.e2e;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.e2e.browser.Chromium;
import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.pages.EventsPage;
import io.sonde.e2e.pages.MetricsPage;
import io.sonde.e2e.pages.OverviewPage;
import io.sonde.e2e.support.FabricEvents;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.events.EventFlow;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGenerators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Events page receives events live: a collector's events (Redis contract entries
 * through the backend's ingest, store and live stream, see {@link FabricEvents}) appear
 * without a reload, newest first; a filter keeps only its metric, decided by the server;
 * while paused, new events are counted and shown on resume; a hop's event marks its
 * flow's path (learnt from the flow's flow_path event) on the FatTree(4) drawing. The
 * Metrics page charts the event rate and marks an operator's threshold change on it, the
 * Overview states the rate.
 */
@BrowserTest
class EventsLiveBrowserIntegrationTests {

	/**
	 * Through Redis, the consumer group, the store and the SSE feed on a loaded machine.
	 */
	private static final Duration LIVE = Duration.ofSeconds(20);

	private static final String NOT_RELOADED = "document.documentElement.dataset.e2eNotReloaded";

	/** h-0-0-0 to h-1-0-0 of fattree-4: edge-0-0, agg-0-0, core-0, agg-1-0, edge-1-0. */
	private static final EventFlow FLOW = new EventFlow("10.0.0.2", "10.1.0.2", 40000, 5201, 17);

	private static final List<Long> PATH = List.of(7L, 5L, 1L, 9L, 11L);

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis();

	@LocalServerPort
	private int port;

	@Autowired
	private StringRedisTemplate redisStreams;

	@Autowired
	private CollectorThresholds thresholds;

	@Autowired
	private TopologyCatalog topology;

	@Test
	void showsEventsLiveFiltersThemOnTheServerCountsThemWhilePausedAndDrawsTheirPath(ChromeDriver browser)
			throws IOException {
		this.topology.importDocument(withPorts(this.topology.document(TopologyGenerators.fatTree(4))), "e2e");
		FabricEvents fabric = new FabricEvents(this.redisStreams);

		bed.signIn(this.port);
		EventsPage.navigationEntry(browser).click();
		EventsPage events = EventsPage.await(browser);
		browser.executeScript(NOT_RELOADED + " = 'yes'");
		assertThat(Chromium.consoleMessages(browser)).as("the console of the Events page")
			.noneMatch((message) -> message.contains("Content Security Policy"));

		fabric.flowPath(FLOW, PATH);
		fabric.queueOccupancy(5, 0, 40, 0);
		fabric.hopLatency(FLOW, 1, 250_000, 100_000);
		fabric.queueOccupancy(5, 0, 400, 40);
		live("four events, newest first", events::describe, () -> events.rows().size() == 4);
		assertThat(events.describeRows()).containsExactly("changed queue_occupancy switch=5/queue=0 400",
				"changed hop_latency " + FLOW + "@1 250000", "changed queue_occupancy switch=5/queue=0 40",
				"new_key flow_path " + FLOW + " 5");

		events.select("hop_latency");
		assertThat(events.detail("Metric").getText()).isEqualTo("hop_latency");
		assertThat(events.detail("Path").getText()).isEqualTo("7 → 5 → 1 → 9 → 11");
		live("the path marked on the topology", () -> events.pathNote().getText(),
				() -> "edge-0-0,agg-0-0,core-0,agg-1-0,edge-1-0".equals(events.markedPath()));
		assertThat(events.pathNote().getText()).isEqualTo("Marked: edge-0-0 → agg-0-0 → core-0 → agg-1-0 → edge-1-0.");
		live("the chart's note", () -> events.chartNote().getText(), () -> !events.chartNote().getText().isEmpty());
		// Tall enough for the stream and the context panel side by side.
		browser.manage().window().setSize(new org.openqa.selenium.Dimension(1400, 1150));
		browser.executeScript("window.scrollTo(0, 0)");
		Screenshots.takeForDocs(browser, "events.png");

		events.filter("Metric").selectByValue("queue_occupancy");
		events.applyFiltersButton().click();
		events.awaitLive();
		assertThat(events.rows()).isEmpty();
		fabric.hopLatency(FLOW, 5, 300_000, 250_000);
		fabric.queueOccupancy(9, 1, 700, 0);
		live("only the queue event", events::describe, () -> events.rows().size() == 1);
		assertThat(events.describeRows()).containsExactly("changed queue_occupancy switch=9/queue=1 700");

		events.pauseButton().click();
		assertThat(events.streamState().getText()).isEqualTo("Paused: 0 new events");
		fabric.queueOccupancy(9, 1, 900, 700);
		fabric.queueOccupancy(9, 1, 1200, 900);
		live("two events counted while paused", events::describe,
				() -> events.streamState().getText().equals("Paused: 2 new events"));
		assertThat(events.rows()).hasSize(1);
		events.pauseButton().click();
		assertThat(events.notice().getText()).isEqualTo("2 new events arrived while paused.");
		assertThat(events.describeRows()).containsExactly("changed queue_occupancy switch=9/queue=1 1200",
				"changed queue_occupancy switch=9/queue=1 900", "changed queue_occupancy switch=9/queue=1 700");
		assertThat(events.streamState().getText()).isEqualTo("Live");
		assertThat(browser.executeScript("return " + NOT_RELOADED)).isEqualTo("yes");

		MetricsPage.navigationEntry(browser).click();
		MetricsPage metrics = MetricsPage.await(browser);
		live("the events per second on the Metrics page", () -> metrics.rateNote().getText(),
				() -> metrics.rateNote().getText().contains("events/s over the last 10 s"));
		assertThat(metrics.ratePoints()).isEqualTo("300");
		// The backend's start wrote the default thresholds, a change marked too.
		String marksBefore = metrics.rateMarks();
		metrics.thresholdField("queue_occupancy").clear();
		metrics.thresholdField("queue_occupancy").sendKeys("500");
		metrics.changeButton("queue_occupancy").click();
		live("the threshold change marked on the events-per-second chart", () -> metrics.rateNote().getText(),
				() -> Integer.toString(Integer.parseInt(marksBefore) + 1).equals(metrics.rateMarks()));
		assertThat(this.thresholds.current()).containsEntry("queue_occupancy", BigInteger.valueOf(500));
		// T(m) is unsigned 64-bit: the form sends 2^64-1 as typed, past what a JavaScript
		// number holds exactly.
		BigInteger largest = new BigInteger("18446744073709551615");
		metrics.thresholdField("hop_latency").clear();
		metrics.thresholdField("hop_latency").sendKeys(largest.toString());
		metrics.changeButton("hop_latency").click();
		live("2^64-1 from the form, whole", () -> metrics.rateNote().getText(),
				() -> largest.equals(this.thresholds.current().get("hop_latency")));
		Screenshots.takeForDocs(browser, "metrics.png");

		// The Overview's rate is a mean over the last seconds: on a loaded host the
		// Metrics
		// steps above can outlast it, so one more event is published now.
		fabric.queueOccupancy(9, 1, 1500, 1200);
		browser.get("http://localhost:" + this.port + "/");
		OverviewPage overview = OverviewPage.await(browser);
		live("a non-zero event rate on the Overview", () -> overview.eventsPerSecond().getText(),
				() -> !overview.eventsPerSecond().getText().equals("0.0"));
	}

	/**
	 * The generated document with a P4Runtime port per switch (nothing listens: the
	 * switches are drawn, not registered).
	 */
	private static String withPorts(String document) {
		java.util.regex.Matcher unset = java.util.regex.Pattern.compile("(\"p4RuntimePort\"\\s*:\\s*)0\\b")
			.matcher(document);
		StringBuilder ported = new StringBuilder();
		int port = 50001;
		while (unset.find()) {
			unset.appendReplacement(ported, "$1" + port++);
		}
		unset.appendTail(ported);
		return ported.toString();
	}

	private static void live(String what, java.util.function.Supplier<String> pageSays, BooleanSupplier condition) {
		new WebDriverWait(bed.browser(), LIVE).ignoring(StaleElementReferenceException.class)
			.withMessage(() -> "waited for " + what + "; the page shows: " + pageSays.get())
			.until((driver) -> condition.getAsBoolean());
	}

}
