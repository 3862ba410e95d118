package io.sonde.e2e;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.sonde.e2e.browser.Chromium;
import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.pages.AlertsPage;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Alerts page with real input: a switch registered at a loopback port nothing listens
 * on stays unreachable (Sonde's real P4Runtime client keeps failing to connect), so a
 * rule made on the page over {@code switch.unreachable_seconds} fires and its alert
 * appears in the live table without a reload; once an operator disconnects the switch it
 * is watched no more, the alert resolves and moves to the history, live too. No console
 * error.
 */
@BrowserTest(properties = { "sonde.switches.heartbeat=500ms", "sonde.switches.registry-refresh=1s",
		"sonde.switches.probe-interval=1h" })
class AlertsLiveBrowserIntegrationTests {

	/** The rule's 1 s, the engine's 1 s tick and a loaded CPU, with room to spare. */
	private static final Duration LIVE = Duration.ofSeconds(60);

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis().withApiTokens();

	@LocalServerPort
	private int port;

	@Test
	void aRuleMadeOnThePageFiresFromAnUnreachableSwitchLiveThenResolves(ChromeDriver browser) throws IOException {
		ApiCaller api = new ApiCaller(this.port);
		assertThat(api
			.postJson("/api/v1/switches",
					"{\"name\": \"ghost-1\", \"host\": \"127.0.0.1\", \"port\": " + closedPort() + ", \"deviceId\": 1}",
					ApiCaller.OPERATOR_TOKEN)
			.statusCode()).isEqualTo(201);

		bed.signIn(this.port);
		AlertsPage.navigationEntry(browser).click();
		AlertsPage alerts = AlertsPage.await(browser);
		assertThat(alerts.firing()).isEmpty();

		alerts.ruleInput("Name").sendKeys("ghost unreachable");
		alerts.ruleSelect("Severity").selectByValue("critical");
		alerts.ruleSelect("Type").selectByValue("value");
		alerts.ruleSelect("Live value").selectByValue("switch.unreachable_seconds");
		alerts.ruleSelect("Comparison").selectByValue("above");
		alerts.ruleInput("Bound").clear();
		alerts.ruleInput("Bound").sendKeys("1");
		alerts.ruleInput("For (e.g. 5s)").clear();
		alerts.ruleInput("For (e.g. 5s)").sendKeys("1s");
		alerts.ruleInput("Switch").sendKeys("ghost-1");
		alerts.saveRule().click();

		AlertsPage saved = alerts;
		live("the page saying the rule was created", saved::done, () -> !saved.done().isEmpty());
		alerts = AlertsPage.await(browser);
		assertThat(alerts.done()).isEqualTo("Rule ghost-unreachable created.");
		assertThat(alerts.rules()).anyMatch((rule) -> rule.contains("ghost unreachable")
				&& rule.contains("switch.unreachable_seconds above 1") && rule.contains("switch=ghost-1"));

		AlertsPage page = alerts;
		live("the alert firing in the live table", () -> String.join(" | ", page.firing()),
				() -> page.firing()
					.stream()
					.anyMatch((row) -> row.contains("ghost unreachable") && row.contains("critical")
							&& row.contains("switch=ghost-1")));
		Screenshots.take(browser, "alerts-firing.png");

		assertThat(api.post("/api/v1/switches/ghost-1/disconnect", "application/json", "", ApiCaller.OPERATOR_TOKEN)
			.statusCode()).isBetween(200, 299);
		live("the alert resolved and moved to the history", () -> String.join(" | ", page.history()),
				() -> page.firing().isEmpty() && page.history()
					.stream()
					.anyMatch((row) -> row.startsWith("resolved") && row.contains("ghost unreachable")));
		Screenshots.take(browser, "alerts-resolved.png");

		assertThat(Chromium.consoleMessages(browser)).as("the console of the Alerts page")
			.noneMatch((message) -> message.contains("Content Security Policy") || message.contains("Uncaught")
					|| message.contains("Failed to load"));
	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	private static void live(String what, Supplier<String> shown, BooleanSupplier reached) {
		new WebDriverWait(bed.browser(), LIVE).ignoring(StaleElementReferenceException.class)
			.withMessage(() -> what + " did not happen; the page shows " + shown.get())
			.until((driver) -> reached.getAsBoolean());
	}

}
