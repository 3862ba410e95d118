package io.sonde.e2e;

import java.io.IOException;
import java.time.Duration;
import java.util.function.BooleanSupplier;

import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.pages.SwitchPage;
import io.sonde.e2e.pages.SwitchesPage;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.switches.EmulatedFabric;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.web.server.LocalServerPort;

import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Switches page follows the emulated network without a reload: a FatTree(4) of real
 * emulated P4Runtime servers is imported through the API while the page is open, its 20
 * switches appear in topology order and turn reachable (observed, none registered), and
 * one whose server stops turns unreachable with the reason. A managed switch's page asks
 * before disconnecting it: Cancel leaves it managed, the dialog's Disconnect disconnects
 * it.
 */
@BrowserTest(properties = "sonde.switches.heartbeat=1s")
class SwitchesBrowserIntegrationTests {

	/**
	 * A few heartbeats (1 s) and redials, with slack for a loaded machine.
	 */
	private static final Duration LIVE = Duration.ofSeconds(20);

	/** The switch whose page asks before disconnecting; the other test stops edge-1-0. */
	private static final String CONFIRMED = "edge-0-0";

	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(4);

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis()
		.withApiTokens()
		.signedOutBeforeEach()
		.closing(fabric);

	@LocalServerPort
	private int port;

	/**
	 * The page lists registered switches with the topology's: a test leaves none
	 * registered, so the other starts from no switch at all (404 when none is).
	 */
	@AfterEach
	void unregister() {
		new ApiCaller(this.port).delete("/api/v1/switches/" + CONFIRMED, ApiCaller.OPERATOR_TOKEN);
	}

	@Test
	void listsTheImportedSwitchesAsReachableAndTurnsOneUnreachableWhenItsServerStops(ChromeDriver browser)
			throws IOException {
		bed.signIn(this.port);
		SwitchesPage.navigationEntry(browser).click();
		SwitchesPage switches = SwitchesPage.await(browser);
		assertThat(switches.emptyState().isDisplayed()).as("before any import").isTrue();

		int imported = new ApiCaller(this.port)
			.postJson("/api/v1/topology", fabric.document(), ApiCaller.OPERATOR_TOKEN)
			.statusCode();
		assertThat(imported).isEqualTo(200);

		live("all 20 switches to be listed as reachable", switches,
				() -> switches.summary().isDisplayed() && switches.summary()
					.getText()
					.equals("20 switches: 20 reachable · 0 primary, 0 backup, 20 observer, 0 connecting, "
							+ "0 unreachable, 0 disabled"));
		assertThat(switches.emptyState().isDisplayed()).isFalse();
		assertThat(switches.showsRegisterHint()).as("none registered yet").isTrue();
		assertThat(switches.switchNames()).containsExactlyElementsOf(fabric.switchNames());
		int edgePort = fabric.server("edge-1-0").port();
		assertThat(switches.cell("edge-1-0", "P4Runtime address").getText()).isEqualTo("127.0.0.1:" + edgePort);
		assertThat(switches.cell("edge-1-0", "Role").getText()).isEqualTo("edge");
		assertThat(switches.cell("edge-1-0", "API version").getText()).matches("\\d+\\.\\d+\\.\\d+");
		assertThat(switches.cell("edge-1-0", "Round trip").getText()).endsWith(" ms");
		Screenshots.take(browser, "switches-reachable.png");

		fabric.stop("edge-1-0");

		live("edge-1-0 to turn unreachable", switches,
				() -> switches.state("edge-1-0").getText().equals("UNREACHABLE"));
		assertThat(switches.cell("edge-1-0", "Last error").getText()).startsWith("UNAVAILABLE: ");
		assertThat(switches.cell("edge-1-0", "Round trip").getText()).isEqualTo("—");
		assertThat(switches.cell("edge-1-0", "API version").getText()).isEqualTo("—");
		assertThat(switches.state("core-0").getText()).isEqualTo("OBSERVER");
		// Redialled, the stopped switch passes through CONNECTING: it is not
		// reachable either way.
		assertThat(switches.summary().getText())
			.startsWith("20 switches: 19 reachable · 0 primary, 0 backup, " + "19 observer");
		assertThat(switches.liveStatus().isDisplayed()).isFalse();
		browser.executeScript("arguments[0].scrollIntoView({block: 'center'})", switches.state("edge-1-0"));
		Screenshots.take(browser, "switches-one-unreachable.png");
	}

	@Test
	void disconnectAsksFirstCancelKeepsTheSwitchManagedAndConfirmDisconnectsIt(ChromeDriver browser) {
		EmulatedP4RuntimeServer edge = fabric.server(CONFIRMED);
		ApiCaller api = new ApiCaller(this.port);
		String registration = "{\"name\":\"" + CONFIRMED + "\",\"host\":\"127.0.0.1\",\"port\":" + edge.port()
				+ ",\"deviceId\":" + edge.deviceId() + "}";
		assertThat(api.postJson("/api/v1/switches", registration, ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(201);
		bed.signIn(this.port);
		browser.get("http://localhost:" + this.port + "/switches/" + CONFIRMED);
		SwitchPage page = SwitchPage.await(browser, CONFIRMED);
		primary(page, "the page to show " + CONFIRMED + " primary");
		assertThat(page.confirmation().isDisplayed()).as("no question before a click").isFalse();

		page.button("Disconnect").click();

		new WebDriverWait(browser, LIVE).until((driver) -> page.confirmation().isDisplayed());
		assertThat(page.confirmation().getText())
			.contains("Disconnect " + CONFIRMED + "? Sonde stops managing it until you connect again.");
		assertThat(page.confirmationButton("Disconnect").isDisplayed()).isTrue();
		page.confirmationButton("Cancel").click();
		new WebDriverWait(browser, LIVE).until((driver) -> !page.confirmation().isDisplayed());
		assertThat(page.detail("Registration", "Kept connected").getText()).isEqualTo("yes");
		assertThat(json(api.get("/api/v1/switches/" + CONFIRMED, ApiCaller.OPERATOR_TOKEN)).path("device")
			.path("enabled")
			.asBoolean()).as("cancelled: still managed").isTrue();
		primary(page, CONFIRMED + " to stay primary after Cancel");

		page.button("Disconnect").click();
		new WebDriverWait(browser, LIVE).until((driver) -> page.confirmation().isDisplayed());
		page.confirmationButton("Disconnect").click();

		SwitchPage after = SwitchPage.await(browser, CONFIRMED);
		new WebDriverWait(browser, LIVE).ignoring(StaleElementReferenceException.class)
			.until((driver) -> after.actionMessage()
				.getText()
				.startsWith("Sonde closed its connection to " + CONFIRMED));
		assertThat(after.detail("Registration", "Kept connected").getText())
			.isEqualTo("no (disconnected by an operator)");
		assertThat(json(api.get("/api/v1/switches/" + CONFIRMED, ApiCaller.OPERATOR_TOKEN)).path("connection")
			.path("state")
			.asText()).isEqualTo("DISABLED");
	}

	private static void primary(SwitchPage page, String what) {
		new WebDriverWait(bed.browser(), LIVE).withMessage(() -> "waited for " + what)
			.ignoring(StaleElementReferenceException.class)
			.until((driver) -> page.detail("Connection", "State").getText().startsWith("PRIMARY"));
	}

	/** Waits for the page to show {@code condition}, which the live feed brings. */
	private static void live(String what, SwitchesPage page, BooleanSupplier condition) {
		new WebDriverWait(bed.browser(), LIVE)
			.withMessage(() -> "waited for " + what + "; the page shows: " + page.describeSwitches())
			.ignoring(StaleElementReferenceException.class)
			.until((driver) -> condition.getAsBoolean());
	}

}
