package io.sonde.e2e;

import java.io.IOException;
import java.time.Duration;

import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.e2e.support.TestService;
import io.sonde.e2e.pages.LoginPage;
import io.sonde.e2e.pages.OverviewPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard in a real browser against the whole backend: its embedded QuestDB (in a
 * temporary folder, on free ports) and the Redis on 127.0.0.1:6379 that {@code make test}
 * starts.
 */
@BrowserTest
class DashboardBrowserIntegrationTests {

	/** Two refresh periods of the page (5 s) plus slack for a loaded machine. */
	private static final Duration REFRESH = Duration.ofSeconds(15);

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.onSharedRedis().signedOutBeforeEach();

	@LocalServerPort
	private int port;

	@Test
	void anonymousVisitorLandsOnTheLoginPage(ChromeDriver browser) {
		browser.get(url("/"));
		LoginPage login = LoginPage.await(browser);
		assertThat(browser.getCurrentUrl()).endsWith("/login");
		assertThat(login.username().isDisplayed()).isTrue();
		assertThat(login.password().getDomAttribute("type")).isEqualTo("password");
	}

	@Test
	void wrongPasswordShowsTheError(ChromeDriver browser) throws IOException {
		browser.get(url("/login"));
		LoginPage.await(browser).signIn(TestService.USER, "not-the-password");
		LoginPage login = LoginPage.await(browser);
		assertThat(login.alert().getText()).contains("Invalid username or password");
		Screenshots.take(browser, "login-failed.png");
	}

	@Test
	void signedInOperatorSeesServiceHealthRefreshEveryFiveSeconds(ChromeDriver browser) throws IOException {
		OverviewPage overview = bed.signIn(this.port);
		assertThat(overview.header().signedInUser().getText()).isEqualTo(TestService.USER);
		assertThat(overview.componentNames()).contains("redis", "timeseries");
		assertThat(overview.componentStatus("redis").getText()).isEqualTo("UP");
		assertThat(overview.componentStatus("timeseries").getText()).isEqualTo("UP");
		assertThat(overview.overallStatus().getText()).isNotBlank();
		// Every page is live: no placeholder is left in the navigation.
		assertThat(overview.disabledNavigationEntries()).isEmpty();

		String firstCheck = overview.lastChecked().getText();
		new WebDriverWait(browser, REFRESH).withMessage("'Last checked' did not change from " + firstCheck)
			.until((driver) -> !overview.lastChecked().getText().equals(firstCheck));
		// Schema migrations may still finish in the first seconds; the page shows it.
		new WebDriverWait(browser, REFRESH)
			.withMessage(() -> "overall status is not UP; the page shows: " + overview.describeHealth())
			.until((driver) -> overview.overallStatus().getText().equals("UP"));
		Screenshots.takeForDocs(browser, "overview.png");
	}

	@Test
	void signOutReturnsToTheLoginPage(ChromeDriver browser) {
		OverviewPage overview = bed.signIn(this.port);
		overview.header().signOutButton().click();
		LoginPage login = LoginPage.await(browser);
		assertThat(login.status().getText()).contains("You have been signed out");
		browser.get(url("/"));
		LoginPage.await(browser);
	}

	private String url(String path) {
		return "http://localhost:" + this.port + path;
	}

}
