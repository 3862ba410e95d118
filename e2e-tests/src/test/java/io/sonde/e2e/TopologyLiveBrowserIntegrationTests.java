package io.sonde.e2e;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.sonde.e2e.browser.Chromium;
import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.pages.SwitchPage;
import io.sonde.e2e.pages.SwitchesPage;
import io.sonde.e2e.pages.TopologyPage;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.switches.EmulatedFabric;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Topology and Switches pages follow Sonde's connections live: the 20 switches of an
 * emulated FatTree(4) (real P4Runtime servers), registered through the API, turn green
 * (primary); one whose server stops turns red on both pages, open side by side in two
 * tabs, without a reload; restarted, it turns green again.
 */
@BrowserTest(properties = "sonde.switches.backoff-max=1s")
class TopologyLiveBrowserIntegrationTests {

	/**
	 * Connecting 20 switches and pushing their pipeline and routes, or redialling a
	 * restarted one (backoff of at most 1 s here), with slack for a loaded 2-core
	 * machine.
	 */
	private static final Duration LIVE = Duration.ofSeconds(45);

	private static final String GREEN = "rgba(26, 127, 55, 1)";

	private static final String RED = "rgba(207, 34, 46, 1)";

	private static final String STOPPED = "edge-1-0";

	/**
	 * Set on each page once; still there after a change, so the page was not reloaded.
	 */
	private static final String NOT_RELOADED = "document.documentElement.dataset.e2eNotReloaded";

	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(4);

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis().withApiTokens().closing(fabric);

	@LocalServerPort
	private int port;

	@Test
	void colorsEverySwitchByItsConnectionAndFollowsOneThatStopsAndRestartsWithoutReload(ChromeDriver browser)
			throws IOException {
		ApiCaller api = new ApiCaller(this.port);
		assertThat(api.postJson("/api/v1/topology", fabric.document(), ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		assertThat(api.postJson("/api/v1/switches/from-topology", "", ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);

		bed.signIn(this.port);
		TopologyPage.navigationEntry(browser).click();
		TopologyPage topology = TopologyPage.await(browser);
		String topologyTab = browser.getWindowHandle();
		browser.executeScript(NOT_RELOADED + " = 'yes'");

		assertThat(topology.switchNames()).containsExactlyElementsOf(fabric.switchNames());
		assertThat(Chromium.consoleMessages(browser)).as("the console of the Topology page")
			.noneMatch((message) -> message.contains("Content Security Policy"));
		live("all 20 switches to turn green on the Topology page", topology::describeSwitches,
				() -> fabric.switchNames()
					.stream()
					.allMatch((name) -> topology.accessibleName(name).equals(name + ", primary")
							&& topology.colour(name).equals(GREEN)));
		// Two polling rounds of the port counters: packets sent and a rate for every
		// switch (the fabric has no data plane, so both are 0).
		assertThat(api.postJson("/api/v1/polling/rounds", "", ApiCaller.OPERATOR_TOKEN).statusCode()).isEqualTo(200);
		assertThat(api.postJson("/api/v1/polling/rounds", "", ApiCaller.OPERATOR_TOKEN).statusCode()).isEqualTo(200);
		// Read once per try: the table is redrawn every few seconds.
		live("the traffic table to list every switch, in topology order, with a rate",
				() -> String.join("; ", topology.trafficRows()), () -> {
					List<String> rows = topology.trafficRows();
					return rows.size() == 20 && rows.get(0).startsWith("core-0 ")
							&& rows.stream().allMatch((row) -> row.matches("\\S+ 0 0"));
				});
		assertThat(topology.linksDown()).isEqualTo("Links down: none known.");
		topology.switchButton(STOPPED).click();
		assertThat(topology.detail("Name").getText()).isEqualTo(STOPPED);
		assertThat(topology.detail("Traffic").getText()).isEqualTo("0 packets/s (0 sent)");
		assertThat(topology.detail("Role").getText()).isEqualTo("edge");
		assertThat(topology.detail("P4Runtime address").getText())
			.isEqualTo("127.0.0.1:" + fabric.server(STOPPED).port());
		assertThat(topology.detail("State").getText()).isEqualTo("PRIMARY");
		assertThat(topology.detail("Primary").getText()).isEqualTo("yes");
		assertThat(topology.detail("Round trip").getText()).endsWith(" ms");
		assertThat(topology.switchPageLink().getDomAttribute("href")).isEqualTo("/switches/" + STOPPED);
		browser.executeScript("window.scrollTo(0, 0)");
		Screenshots.takeForDocs(browser, "topology.png");

		browser.switchTo().newWindow(WindowType.TAB);
		browser.get("http://localhost:" + this.port + "/switches");
		SwitchesPage switches = SwitchesPage.await(browser);
		String switchesTab = browser.getWindowHandle();
		browser.executeScript(NOT_RELOADED + " = 'yes'");
		live("the Switches page to list 20 primary switches", switches::describeSwitches,
				() -> switches.summary()
					.getText()
					.equals("20 switches: 20 reachable · 20 primary, 0 backup, 0 observer, 0 connecting, "
							+ "0 unreachable, 0 disabled"));
		assertThat(switches.showsRegisterHint()).isFalse();
		assertThat(switches.cell(STOPPED, "Primary").getText()).isEqualTo("yes");

		fabric.stop(STOPPED);

		live(STOPPED + " to turn red on the Switches page", switches::describeSwitches,
				() -> switches.state(STOPPED).getText().equals("UNREACHABLE")
						&& switches.state(STOPPED).getCssValue("background-color").equals(RED));
		assertThat(switches.cell(STOPPED, "Primary").getText()).isEqualTo("no");
		assertThat(switches.cell(STOPPED, "Last error").getText()).isNotBlank();
		assertThat(switches.state("core-0").getText()).isEqualTo("PRIMARY");
		assertThat(switches.summary().getText()).startsWith("20 switches: 19 reachable · 19 primary");
		assertThat(browser.executeScript("return " + NOT_RELOADED)).isEqualTo("yes");
		Screenshots.takeForDocs(browser, "switches.png");

		browser.switchTo().window(topologyTab);
		// Read together: a stopped switch is retried, so between two reads it can pass
		// through CONNECTING and back (the fresh-clone run of 25 Nov saw exactly that).
		live(STOPPED + " to turn red and read unreachable on the Topology page", topology::describeSwitches,
				() -> topology.colour(STOPPED).equals(RED)
						&& topology.accessibleName(STOPPED).equals(STOPPED + ", unreachable")
						&& topology.detail("State").getText().equals("UNREACHABLE"));
		assertThat(topology.detail("Primary").getText()).isEqualTo("no");
		assertThat(topology.detail("Last error").getText()).isNotBlank();
		assertThat(topology.colour("core-0")).isEqualTo(GREEN);
		assertThat(browser.executeScript("return " + NOT_RELOADED)).isEqualTo("yes");
		Screenshots.take(browser, "topology-one-unreachable.png");

		fabric.restart(STOPPED);

		live(STOPPED + " to turn green again on the Topology page", topology::describeSwitches,
				() -> topology.colour(STOPPED).equals(GREEN));
		assertThat(topology.detail("State").getText()).isEqualTo("PRIMARY");
		browser.switchTo().window(switchesTab);
		live(STOPPED + " to turn green again on the Switches page", switches::describeSwitches,
				() -> switches.state(STOPPED).getText().equals("PRIMARY"));
		assertThat(switches.state(STOPPED).getCssValue("background-color")).isEqualTo(GREEN);
		assertThat(browser.executeScript("return " + NOT_RELOADED)).isEqualTo("yes");

		switches.link(STOPPED).click();
		SwitchPage detail = SwitchPage.await(browser, STOPPED);
		assertThat(detail.detail("Connection", "Primary").getText()).isEqualTo("yes");
		assertThat(detail.detail("Registration", "P4Runtime address").getText())
			.isEqualTo("127.0.0.1:" + fabric.server(STOPPED).port());
		assertThat(detail.intTables()).containsExactly("INT watchlist (source)", "INT sink ports",
				"INT report collectors");
		// An edge switch of FatTree(4): two hosts and two aggregation switches.
		assertThat(detail.cabledPorts()).hasSize(4);
		detail.button("Reconcile now").click();
		detail = SwitchPage.await(browser, STOPPED);
		assertThat(detail.actionMessage().getText()).startsWith("Reconciled " + STOPPED + ": ");
		detail.compareLink().click();
		detail = SwitchPage.await(browser, STOPPED);
		assertThat(detail.section("Expected vs installed").getText()).contains("In sync.");
		Screenshots.take(browser, "switch-page.png");
	}

	/** Waits for the page to show {@code condition}, which the live feed brings. */
	private static void live(String what, java.util.function.Supplier<String> shows, BooleanSupplier condition) {
		new WebDriverWait(bed.browser(), LIVE)
			.withMessage(() -> "waited for " + what + "; the page shows: " + shows.get())
			.ignoring(StaleElementReferenceException.class)
			.until((driver) -> condition.getAsBoolean());
	}

}
