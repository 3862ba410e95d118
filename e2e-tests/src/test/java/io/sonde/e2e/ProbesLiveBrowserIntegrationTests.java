package io.sonde.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.sonde.SondeApplication;
import io.sonde.e2e.browser.Chromium;
import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.pages.LoginPage;
import io.sonde.e2e.pages.OverviewPage;
import io.sonde.e2e.pages.ProbesPage;
import io.sonde.e2e.support.TestService;
import io.sonde.switches.EmulatedFabric;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Probes page over an emulated FatTree(4): GPINT-3 and Euler side by side, their
 * paths drawn.
 */
@SpringBootTest(classes = SondeApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ProbesLiveBrowserIntegrationTests {

	/**
	 * A plan of 20 switches is computed in milliseconds; this is for a loaded machine.
	 */
	private static final Duration LIVE = Duration.ofSeconds(45);

	/** The palette's first colour (Okabe-Ito blue), as the browser computes it. */
	private static final String FIRST_PATH_COLOUR = "rgba(0, 114, 178, 1)";

	private static final RedisServerProcess redis = RedisServerProcess.start();

	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(4);

	@TempDir
	static Path temporary;

	private static ChromeDriver browser;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void isolatedService(DynamicPropertyRegistry properties) {
		TestService.register(properties, temporary, redis::port);
		ApiCaller.registerTokens(properties);
	}

	@BeforeAll
	static void startBrowser() throws IOException {
		browser = Chromium.start(temporary.resolve("chromium-profile"));
	}

	@AfterAll
	static void stopEverything() {
		if (browser != null) {
			browser.quit();
		}
		fabric.close();
		redis.stop();
	}

	@Test
	void drawsGpintAndEulerSideBySideAndReplansWithAnotherSize() throws IOException {
		ApiCaller api = new ApiCaller(this.port);
		assertThat(api.postJson("/api/v1/topology", fabric.document(), ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);

		browser.get("http://localhost:" + this.port + "/login");
		LoginPage.await(browser).signIn(TestService.USER, TestService.PASSWORD);
		OverviewPage.await(browser);
		ProbesPage.navigationEntry(browser).click();
		ProbesPage probes = ProbesPage.await(browser);

		Screenshots.take(browser, "probes-plans.png");
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
		List<String> gpintLegend = probes.legend("gpint");
		assertThat(gpintLegend).hasSize(6).allMatch((entry) -> entry.matches("Path \\d \\(\\d+ switches\\): .+"));
		assertThat(probes.legend("euler")).singleElement().asString().startsWith("Trail 1 (33 switches): ");
		assertThat(probes.drawnPaths("gpint")).isEqualTo(6);
		assertThat(probes.drawnHops("euler")).isEqualTo(32);
		assertThat(probes.legendColour("gpint", 0)).isEqualTo(FIRST_PATH_COLOUR);
		browser.executeScript("arguments[0].scrollIntoView()", probes.drawing("gpint"));
		Screenshots.take(browser, "probes-plan-drawings.png");

		probes.gpintSize().selectByVisibleText("GPINT-5");
		probes.planButton().click();
		live("GPINT-5's ten paths", () -> probes.planNote().getText(),
				() -> probes.gpintColumn().equals("GPINT-5 (k = 10)") && probes.legend("gpint").size() == 10);
		assertThat(probes.drawnPaths("gpint")).isEqualTo(10);
	}

	/** Waits for the page to show {@code condition}. */
	private static void live(String what, Supplier<String> shows, BooleanSupplier condition) {
		new WebDriverWait(browser, LIVE).withMessage(() -> "waited for " + what + "; the page shows: " + shows.get())
			.ignoring(StaleElementReferenceException.class)
			.until((driver) -> condition.getAsBoolean());
	}

}
