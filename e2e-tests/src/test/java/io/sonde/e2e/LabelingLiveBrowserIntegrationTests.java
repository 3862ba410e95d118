package io.sonde.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.e2e.browser.Chromium;
import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.pages.LabelingPage;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.e2e.support.LiveFabric;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Labeling page over an emulated FatTree(2) in real time whose switches (real
 * P4Runtime servers) run INT-label's twin, labeling in Pro mode as the parameters applied
 * through the API say, with traffic from the first host to the last: the coverage gauge
 * shows one window after another, items cover ports (the rate rises above 0), the chart
 * grows, and the heat map has a cell for every cabled switch port, the ports the traffic
 * crosses measured.
 */
@BrowserTest(properties = { "sonde.switches.heartbeat=500ms", "sonde.switches.registry-refresh=1s",
		"sonde.switches.probe-interval=1h" })
class LabelingLiveBrowserIntegrationTests {

	private static final Duration LIVE = LiveFabric.IN_SYNC;

	private static final LiveFabric fabric = new LiveFabric();

	private static final EmulatedNetwork network = fabric.network();

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis().withApiTokens().closing(fabric);

	private static final Path temporary = bed.temporary();

	@LocalServerPort
	private int port;

	@Test
	void showsLiveCoverageItsChartAndAFreshnessCellPerPort(ChromeDriver browser) throws IOException {
		ApiCaller api = new ApiCaller(this.port);
		fabric.importAndRegister(api, temporary);
		assertThat(api
			.putJson("/api/v1/labeling/parameters?comment=browser-test",
					"{\"network\": {\"mode\": \"PRO\", \"intervalMs\": 20, \"telemetryIntervalMs\": 100}}",
					ApiCaller.OPERATOR_TOKEN)
			.statusCode()).isEqualTo(200);
		fabric.startTraffic(400);

		bed.signIn(this.port);
		LabelingPage.navigationEntry(browser).click();
		LabelingPage labeling = LabelingPage.await(browser);
		assertThat(Chromium.consoleMessages(browser)).as("the console of the Labeling page")
			.noneMatch((message) -> message.contains("Content Security Policy"));

		live("a first coverage window", labeling::rateText, () -> labeling.gaugeWindowEnd() != null);
		Set<String> windows = new HashSet<>();
		Set<String> rates = new HashSet<>();
		live("the gauge moving from window to window", () -> windows + " " + rates, () -> {
			windows.add(labeling.gaugeWindowEnd());
			rates.add(labeling.rateText());
			return windows.size() >= 5;
		});
		assertThat(rates).allMatch((rate) -> rate.matches("\\d{1,3}\\.\\d %"));
		live("items covering the ports the traffic crosses",
				() -> labeling.rateText() + ", covered " + labeling.covered() + " of " + labeling.active(),
				() -> Integer.parseInt(labeling.covered()) > 0 && !labeling.rateText().equals("0.0 %"));

		int points = labeling.chartPoints();
		live("the chart growing", () -> String.valueOf(labeling.chartPoints()),
				() -> labeling.chartPoints() >= points + 5);

		List<String> cabled = cabledSwitchPorts();
		// One read per check: the page redraws the cells every second, so a second read
		// outside the retrying wait could meet a cell already replaced.
		live("one heat map cell for every cabled switch port", () -> String.join(", ", labeling.heatMapPorts()), () -> {
			List<String> ports = labeling.heatMapPorts();
			return ports.size() == cabled.size() && new HashSet<>(ports).equals(new HashSet<>(cabled));
		});
		live("the ports the traffic crosses measured", () -> String.join(", ", labeling.heatMapFreshness()),
				() -> labeling.heatMapFreshness().stream().anyMatch((bucket) -> !bucket.equals("never")));
		assertThat(labeling.legend()).hasSize(5)
			.anyMatch((entry) -> entry.startsWith("within Ti"))
			.anyMatch((entry) -> entry.equals("never measured"));
		assertThat(labeling.topologyDrawn()).isTrue();

		JsonNode coverage = ApiCaller.json(api.get("/api/v1/labeling/coverage?back=PT1M", ApiCaller.VIEWER_TOKEN));
		assertThat(coverage.get("history").size()).isGreaterThan(5);
		Screenshots.takeForDocs(browser, "labeling.png");
	}

	/** {@code switch:port} of every link end at a switch. */
	private static List<String> cabledSwitchPorts() {
		Set<String> switches = new HashSet<>();
		network.topology().switches().forEach((node) -> switches.add(node.name()));
		List<String> ports = new ArrayList<>();
		for (LinkSpec link : network.topology().links()) {
			for (var end : List.of(link.a(), link.b())) {
				if (switches.contains(end.node())) {
					ports.add(end.node() + ":" + end.port());
				}
			}
		}
		return ports;
	}

	/** Waits for the page to show {@code condition}, which the live feed brings. */
	private static void live(String what, Supplier<String> shows, BooleanSupplier condition) {
		new WebDriverWait(bed.browser(), LIVE)
			.withMessage(() -> "waited for " + what + "; the page shows: " + shows.get())
			.ignoring(StaleElementReferenceException.class)
			.until((driver) -> condition.getAsBoolean());
	}

}
