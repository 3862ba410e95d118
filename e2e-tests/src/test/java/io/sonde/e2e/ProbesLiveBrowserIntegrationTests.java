package io.sonde.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.e2e.browser.Chromium;
import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.pages.ProbesPage;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.emulator.control.EmulatorControlClient;
import io.sonde.emulator.control.EmulatorControlServer;
import io.sonde.emulator.run.ClockMode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.run.LinkChange;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Probes page over an emulated FatTree(4) whose switches (real P4Runtime servers, in
 * real time) run the probe data plane: GPINT-3 and Euler side by side; a session run from
 * the page, its probes' progress and its latency in the history; a link that drops
 * everything, set through the emulator's control channel, shows a recovery notification
 * and the link marked unavailable; the next session is re-planned around it.
 */
@BrowserTest(properties = { "sonde.switches.heartbeat=500ms", "sonde.switches.registry-refresh=1s",
		"sonde.switches.probe-interval=1h", "sonde.probes.avoid-for=10m" })
class ProbesLiveBrowserIntegrationTests {

	/**
	 * Registering 20 switches and pushing their pipelines, or a session that waits out
	 * t_f (1.5 s) for a recovery notification, with slack for a loaded 2-core machine.
	 */
	private static final Duration LIVE = Duration.ofSeconds(60);

	/** The palette's first colour (Okabe-Ito blue), as the browser computes it. */
	private static final String FIRST_PATH_COLOUR = "rgba(0, 114, 178, 1)";

	private static final EmulatedNetwork network = EmulatedNetwork.start(FatTree.build(4),
			EmulationOptions.DEFAULTS.withClock(ClockMode.REAL).withP4RuntimeBasePort(0).withCollector(null));

	private static final EmulatorControlServer control = EmulatorControlServer.start(network, 0);

	private static final EmulatorControlClient emulator = EmulatorControlClient.onPort(control.port());

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis().withApiTokens().closing(control, network);

	private static final Path temporary = bed.temporary();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void isolatedService(DynamicPropertyRegistry properties) {
		properties.add("sonde.topology.link-status-url", () -> "http://127.0.0.1:" + control.port());
	}

	@Test
	void drawsThePlansRunsALiveSessionAndShowsARecoveryAndTheReplanAroundTheFailedLink(ChromeDriver browser)
			throws IOException {
		ApiCaller api = new ApiCaller(this.port);
		importAndRegister(api);

		bed.signIn(this.port);
		ProbesPage.navigationEntry(browser).click();
		ProbesPage probes = ProbesPage.await(browser);

		assertThat(Chromium.consoleMessages(browser)).as("the console of the Probes page")
			.noneMatch((message) -> message.contains("Content Security Policy"));
		// GPINT-3 on 20 switches: k = floor(3 * 20 / 10) = 6; a FatTree(4)'s switches all
		// have an even number of switch links, so Euler walks one trail over all 32.
		assertThat(probes.gpintColumn()).isEqualTo("GPINT-3 (k = 6)");
		assertThat(probes.figure("Probes (paths)", "gpint")).isEqualTo("6");
		assertThat(probes.figure("Probes (paths)", "euler")).isEqualTo("1");
		assertThat(probes.figure("Switch coverage", "gpint")).isEqualTo("100 %");
		assertThat(probes.figure("Link coverage", "euler")).isEqualTo("100 %");
		assertThat(probes.figure("Length min / mean / max (switches)", "euler")).isEqualTo("33 / 33.0 / 33");
		assertThat(probes.legend("gpint")).hasSize(6)
			.allMatch((entry) -> entry.matches("Path \\d \\(\\d+ switches\\): .+"));
		assertThat(probes.legend("euler")).singleElement().asString().startsWith("Trail 1 (33 switches): ");
		assertThat(probes.drawnPaths("gpint")).isEqualTo(6);
		assertThat(probes.drawnHops("euler")).isEqualTo(32);
		assertThat(probes.legendColour("gpint", 0)).isEqualTo(FIRST_PATH_COLOUR);

		probes.runSessionButton().click();

		live("the first session to complete", () -> probes.sessionState().getText(),
				() -> probes.sessionState()
					.getText()
					.matches("ps-\\d+ completed \\(\\d+ ms\\): 6 probes sent, 0 lost.*"));
		String first = probes.sessionState().getText().split(" ")[0];
		assertThat(probes.drawnPaths("session")).isEqualTo(6);
		live("every path's probe walked to its last switch", () -> String.join("; ", probes.sessionPaths()),
				() -> probes.sessionPaths().size() == 6 && probes.sessionPaths()
					.stream()
					.allMatch((path) -> path.matches("\\d \\| \\S+ \\(hop (\\d) of \\1\\) \\| 1 \\| collected")));
		List<String> progress = probes.progress();
		assertThat(progress).anyMatch((line) -> line.matches(first + " path \\d: probe sent to \\S+"))
			.anyMatch((line) -> line.matches(first + " path \\d: \\S+ acknowledged the probe"))
			.anyMatch((line) -> line.matches(first + " path \\d: probe back complete from \\S+, \\d hops"));
		assertThat(probes.marks()).containsExactly("None marked in this session.");
		live("the session in the history with its latency", () -> String.join("; ", probes.history()), () -> !probes
			.history()
			.isEmpty() && probes.history()
				.get(0)
				.matches(first
						+ " \\| .+ \\| on-demand \\| GPINT-3, 6 paths \\| COMPLETED \\| \\d+ ms \\| 6 \\| 0 \\| 0 \\| —"));
		live("the session's latency in the chart", () -> String.valueOf(probes.chartedSessions()),
				() -> probes.chartedSessions() == 1);

		// The second and third hops of the first path: a probe crosses the link between
		// them, which now drops everything.
		JsonNode firstSession = ApiCaller.json(api.get("/api/v1/probes/sessions/" + first, ApiCaller.VIEWER_TOKEN));
		String a = firstSession.at("/paths/0/switches/1").asText();
		String b = firstSession.at("/paths/0/switches/2").asText();
		String link = (a.compareTo(b) < 0) ? a + "--" + b : b + "--" + a;
		emulator.changeLink(a + "/" + b, LinkChange.loss(1.0));
		String second;
		try {
			probes.runSessionButton().click();
			live("a session that recovers around " + link, () -> probes.sessionState().getText(),
					() -> probes.sessionState().getText().matches("ps-\\d+ completed .*1 recovery notifications.*")
							&& !probes.sessionState().getText().startsWith(first + " "));
			second = probes.sessionState().getText().split(" ")[0];
		}
		finally {
			emulator.clearLink(a + "/" + b);
		}
		assertThat(probes.progress())
			.anyMatch((line) -> line
				.equals(second + " path 1: recovery notification from " + a + ": no feedback from " + b + " in time"))
			.anyMatch((line) -> line.equals(second + ": link " + link + " marked unavailable (path 1)"))
			.anyMatch((line) -> line.equals(second + " path 1: recovery probe sent to " + b));
		assertThat(probes.marks()).containsExactly("link " + link + ": unavailable");
		assertThat(probes.highlighted()).isEqualTo(link + " unavailable");
		live("the recovered session in the history", () -> String.join("; ", probes.history()),
				() -> probes.history().size() == 2 && probes.history().get(0).startsWith(second + " | ")
						&& probes.history().get(0).endsWith(" | " + link + " unavailable"));
		live("every path's probe walked to its last switch", () -> String.join("; ", probes.sessionPaths()),
				() -> probes.sessionPaths().stream().allMatch((path) -> path.matches(".* \\(hop (\\d) of \\1\\) .*")));
		browser.executeScript("arguments[0].scrollIntoView()", probes.sessionState());
		Screenshots.takeForDocs(browser, "probes.png");
		// The whole page at once, for review (target/screenshots only).
		browser.manage().window().setSize(new Dimension(1280, 3000));
		Screenshots.take(browser, "probes-whole-page.png");
		browser.manage().window().setSize(new Dimension(1280, 800));

		probes.runSessionButton().click();

		live("the next session, planned around " + link, () -> probes.sessionState().getText(),
				() -> probes.sessionState().getText().matches("ps-\\d+ completed .*")
						&& !probes.sessionState().getText().startsWith(first + " ")
						&& !probes.sessionState().getText().startsWith(second + " "));
		// Read inside the retrying wait: the live feed redraws these, so a read after it
		// could meet an element already replaced.
		live("the re-plan note naming " + link + " and no marks",
				() -> probes.replanNote().getText() + " / " + probes.marks(),
				() -> probes.replanNote().getText().startsWith("Re-planned: ")
						&& probes.replanNote().getText().contains(link)
						&& probes.replanNote().getText().contains(second)
						&& probes.marks().equals(List.of("None marked in this session.")));
		live("three sessions in the chart", () -> String.valueOf(probes.chartedSessions()),
				() -> probes.chartedSessions() == 3);

		probes.historyFilter("Status").selectByVisibleText("failed");
		probes.applyFiltersButton().click();
		live("no failed session", () -> String.join("; ", probes.history()), () -> probes.history().isEmpty());
		probes.historyFilter("Status").selectByVisibleText("completed");
		probes.historyFilter("Algorithm").selectByVisibleText("GPINT");
		probes.applyFiltersButton().click();
		live("the three completed GPINT sessions", () -> String.join("; ", probes.history()),
				() -> probes.history().size() == 3);

		probes.gpintSize().selectByVisibleText("GPINT-5");
		probes.planButton().click();
		live("GPINT-5's ten paths", () -> probes.planNote().getText(),
				() -> probes.gpintColumn().equals("GPINT-5 (k = 10)") && probes.legend("gpint").size() == 10);
		assertThat(probes.drawnPaths("gpint")).isEqualTo(10);
	}

	/**
	 * Imports the network's topology, registers its switches and waits until each is in
	 * sync.
	 */
	private static void importAndRegister(ApiCaller api) throws IOException {
		Path export = temporary.resolve("fattree-4.json");
		network.export(export);
		assertThat(api.postJson("/api/v1/topology", Files.readString(export), ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		assertThat(api.postJson("/api/v1/switches/from-topology", "", ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		await().atMost(LIVE).untilAsserted(() -> {
			for (SwitchSpec node : network.topology().switches()) {
				JsonNode diff = ApiCaller
					.json(api.get("/api/v1/switches/" + node.name() + "/diff", ApiCaller.VIEWER_TOKEN));
				assertThat(diff.get("changes")).as(node.name() + ": " + diff).isEmpty();
			}
		});
	}

	/** Waits for the page to show {@code condition}, which the live feed brings. */
	private static void live(String what, Supplier<String> shows, BooleanSupplier condition) {
		new WebDriverWait(bed.browser(), LIVE)
			.withMessage(() -> "waited for " + what + "; the page shows: " + shows.get())
			.ignoring(StaleElementReferenceException.class)
			.until((driver) -> condition.getAsBoolean());
	}

}
