package io.sonde.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.sonde.e2e.browser.Chromium;
import io.sonde.e2e.browser.PageRequests;
import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.pages.AlertsPage;
import io.sonde.e2e.pages.EventsPage;
import io.sonde.e2e.pages.LabelingPage;
import io.sonde.e2e.pages.LoginPage;
import io.sonde.e2e.pages.MetricsPage;
import io.sonde.e2e.pages.OverviewPage;
import io.sonde.e2e.pages.ProbesPage;
import io.sonde.e2e.pages.StateControls;
import io.sonde.e2e.pages.SwitchPage;
import io.sonde.e2e.pages.SwitchesPage;
import io.sonde.e2e.pages.TopologyPage;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.e2e.support.FabricEvents;
import io.sonde.e2e.support.LiveFabric;
import io.sonde.e2e.support.TestService;
import io.sonde.e2e.support.TestService.Account;
import io.sonde.events.EventFlow;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The browser journey: for each role (admin, operator, viewer) a walk through every page
 * of the dashboard (Overview, Topology, Switches, a switch, Events, Metrics, Probes,
 * Labeling, Alerts, Settings) over a live emulated FatTree(2) (real P4Runtime servers,
 * traffic, labeling on, port counters polled), with a screenshot of each page under
 * {@code target/screenshots/<role>/}. On every page live data arrives, nothing is logged
 * as an error in the console, and a viewer has no enabled control that changes state,
 * while the requests those controls would send are refused (403) when sent anyway from
 * the viewer's page.
 */
@BrowserTest(properties = { "sonde.switches.heartbeat=500ms", "sonde.switches.registry-refresh=1s",
		"sonde.switches.probe-interval=1h", "sonde.switches.polling-interval=1s" })
class BrowserJourneyIntegrationTests {

	/** Live feeds on 2 loaded cores. */
	private static final Duration LIVE = Duration.ofSeconds(30);

	private static final EventFlow FLOW = new EventFlow("10.0.0.2", "10.1.0.2", 40000, 5201, 17);

	private static final LiveFabric fabric = new LiveFabric();

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis()
		.withApiTokens()
		.withAccountPerRole()
		.closing(fabric);

	private static final Path temporary = bed.temporary();

	@LocalServerPort
	private int port;

	@Autowired
	private StringRedisTemplate redisStreams;

	private static boolean networkStarted;

	private ChromeDriver browser;

	/**
	 * Once for the three walks; an instance method, since it needs the port.
	 */
	@BeforeEach
	void startTheNetworkOnce() throws IOException {
		if (networkStarted) {
			return;
		}
		networkStarted = true;
		ApiCaller api = new ApiCaller(this.port);
		fabric.importAndRegister(api, temporary);
		assertThat(api
			.putJson("/api/v1/labeling/parameters?comment=journey",
					"{\"network\": {\"mode\": \"PRO\", \"intervalMs\": 20, \"telemetryIntervalMs\": 100}}",
					ApiCaller.OPERATOR_TOKEN)
			.statusCode()).isEqualTo(200);
		fabric.startTraffic(200);
		// Fires for every link direction at once: the Alerts page has something live.
		assertThat(api.postJson("/api/v1/alerts/rules", """
				{"id":"journey-links","name":"journey link watch","severity":"info","enabled":true,
				 "condition":{"type":"value","value":"link.loss_ratio","comparison":"above","bound":-1},
				 "for":"1s","repeatInterval":"1h"}""", ApiCaller.OPERATOR_TOKEN).statusCode()).isBetween(200, 201);
	}

	@ParameterizedTest(name = "{0}")
	@EnumSource(Account.class)
	void walksEveryPageSeeingLiveDataAndChangingOnlyWhatTheRoleMay(Account account) throws IOException {
		this.browser = Chromium.start(temporary.resolve("chromium-" + account.lowerCase()));
		try {
			this.browser.get("http://localhost:" + this.port + "/login");
			LoginPage.await(this.browser).signIn(account.username(), TestService.PASSWORD);
			Walk walk = new Walk(account);

			OverviewPage overview = OverviewPage.await(this.browser);
			String firstCheck = overview.lastChecked().getText();
			live("'Last checked' to move on", () -> overview.lastChecked().getText(),
					() -> !overview.lastChecked().getText().equals(firstCheck));
			walk.page("overview", Map.of("POST /overview/redis/acknowledge-data-loss", ""));

			TopologyPage.navigationEntry(this.browser).click();
			TopologyPage topology = TopologyPage.await(this.browser);
			live("polled traffic in the traffic table", () -> String.join("; ", topology.trafficRows()),
					() -> topology.trafficRows().size() == fabric.network().topology().switches().size());
			walk.page("topology", Map.of());

			SwitchesPage.navigationEntry(this.browser).click();
			SwitchesPage switches = SwitchesPage.await(this.browser);
			live("every switch listed as primary", switches::describeSwitches,
					() -> switches.switchNames().size() == fabric.network().topology().switches().size()
							&& switches.switchNames()
								.stream()
								.allMatch((name) -> switches.state(name).getText().equals("PRIMARY")));
			walk.page("switches", Map.of());

			String name = fabric.firstSwitch();
			switches.link(name).click();
			SwitchPage switchPage = SwitchPage.await(this.browser, name);
			String roundTrip = switchPage.detail("Connection", "Round trip").getText();
			live("the round trip to move on", () -> switchPage.detail("Connection", "Round trip").getText(),
					() -> !switchPage.detail("Connection", "Round trip").getText().equals(roundTrip));
			walk.page("switch",
					Map.of("POST /switches/" + name + "/reconcile", "", "POST /switches/" + name + "/disconnect", ""));
			if (account != Account.VIEWER) {
				assertThat(walk.controls).as("an %s's controls on the switch page", account.lowerCase())
					.anyMatch((control) -> control.contains("Reconcile now"));
			}

			EventsPage.navigationEntry(this.browser).click();
			EventsPage events = EventsPage.await(this.browser);
			events.awaitLive();
			new FabricEvents(this.redisStreams).hopLatency(FLOW, 1, 250_000 + account.ordinal(), 100_000);
			live("the event written just now", events::describe, () -> !events.rows().isEmpty());
			walk.page("events", Map.of());

			MetricsPage.navigationEntry(this.browser).click();
			MetricsPage metrics = MetricsPage.await(this.browser);
			live("the event rate", () -> metrics.rateNote().getText(),
					() -> metrics.rateNote().getText().contains("events/s over the last 10 s"));
			walk.page("metrics", Map.of("PUT /metrics/thresholds/queue_occupancy", "{\"threshold\": 7}"));
			if (account != Account.VIEWER) {
				// The same request from an operator's page passes: the viewer's 403
				// is the role's, not a missing CSRF token's.
				assertThat(PageRequests.send(this.browser, "PUT", "/metrics/thresholds/queue_occupancy",
						"{\"threshold\": 7}"))
					.isBetween(200, 299);
				Chromium.consoleErrors(this.browser);
			}

			ProbesPage.navigationEntry(this.browser).click();
			ProbesPage probes = ProbesPage.await(this.browser);
			assertThat(probes.planNote().getText()).contains("paths;");
			walk.page("probes", Map.of("POST /probes/sessions", ""));

			LabelingPage.navigationEntry(this.browser).click();
			LabelingPage labeling = LabelingPage.await(this.browser);
			live("a coverage window", labeling::rateText, () -> labeling.gaugeWindowEnd() != null);
			walk.page("labeling", Map.of());

			AlertsPage.navigationEntry(this.browser).click();
			AlertsPage alerts = AlertsPage.await(this.browser);
			live("the link watch firing", () -> String.join("; ", alerts.firing()),
					() -> alerts.firing().stream().anyMatch((row) -> row.contains("journey link watch")));
			walk.page("alerts", Map.of("POST /alerts/rules", "", "POST /alerts/rules/journey-links/delete", ""),
					Map.of("POST /alerts/subscriptions", ""));

			this.browser.findElement(By.cssSelector("nav[aria-label=Main]"))
				.findElement(By.linkText("Settings"))
				.click();
			new WebDriverWait(this.browser, LIVE).until(ExpectedConditions.textToBe(By.tagName("h1"), "Settings"));
			if (account == Account.ADMIN) {
				live("the audit log of the journey's own changes",
						() -> this.browser.findElement(By.id("audit")).getText(),
						() -> !this.browser.findElements(By.cssSelector("#audit-table tbody tr")).isEmpty());
			}
			else {
				assertThat(this.browser.findElement(By.id("admins-only")).isDisplayed()).isTrue();
			}
			assertThat(this.browser.findElement(By.id("collectors-section")).isDisplayed()).isTrue();
			walk.page("settings", Map.of(), Map.of("POST /settings/users", "", "POST /settings/tokens", ""));

			walk.finish();
		}
		finally {
			this.browser.quit();
		}
	}

	/** Waits for the page to show {@code condition}, which its live feed brings. */
	private void live(String what, Supplier<String> shows, BooleanSupplier condition) {
		new WebDriverWait(this.browser, LIVE)
			.withMessage(() -> "waited for " + what + "; the page shows: " + shows.get())
			.ignoring(StaleElementReferenceException.class)
			.until((driver) -> condition.getAsBoolean());
	}

	/**
	 * What a walk checks on each page once its live data has arrived; failures are
	 * gathered so one run names every page that broke a rule.
	 */
	private final class Walk {

		private final Account account;

		private final List<String> problems = new ArrayList<>();

		private List<String> controls = List.of();

		private int pages;

		Walk(Account account) {
			this.account = account;
		}

		/**
		 * @param changes what the page's controls send, as {@code METHOD path} to a JSON
		 * body: a viewer's must be refused
		 */
		void page(String name, Map<String, String> changes) throws IOException {
			page(name, changes, Map.of());
		}

		/**
		 * @param adminChanges what the page's admin-only controls send: an operator's are
		 * refused too
		 */
		void page(String name, Map<String, String> changes, Map<String, String> adminChanges) throws IOException {
			ChromeDriver page = BrowserJourneyIntegrationTests.this.browser;
			Screenshots.take(page, this.account.lowerCase() + "/" + String.format("%02d-%s.png", ++this.pages, name));
			Chromium.consoleErrors(page).forEach((error) -> this.problems.add(name + ": console error: " + error));
			this.controls = StateControls.enabled(page);
			if (this.account == Account.ADMIN) {
				return;
			}
			if (this.account == Account.VIEWER) {
				this.controls.forEach((control) -> this.problems.add(name + ": a viewer has the enabled " + control));
				changes.forEach((request, body) -> refused(page, name, request, body));
			}
			adminChanges.forEach((request, body) -> refused(page, name, request, body));
			// The refusals just provoked are logged as failed loads: not
			// the page's errors.
			Chromium.consoleErrors(page);
		}

		private void refused(ChromeDriver page, String name, String request, String body) {
			String[] methodAndPath = request.split(" ", 2);
			int status = PageRequests.send(page, methodAndPath[0], methodAndPath[1], body);
			if (status != 403) {
				this.problems.add(name + ": " + request + " sent by the " + this.account.lowerCase() + " answered "
						+ status + ", not 403");
			}
		}

		void finish() {
			assertThat(this.problems).as("the %s's walk through %d pages", this.account.lowerCase(), this.pages)
				.isEmpty();
		}

	}

}
