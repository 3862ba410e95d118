package io.sonde.e2e;

import java.io.IOException;
import java.time.Duration;

import io.sonde.e2e.browser.Screenshots;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.e2e.pages.OverviewPage;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Overview page follows the service's health without a reload: Redis (one of this
 * test's own) stops, its row turns DOWN with the reason; Redis returns, the row recovers.
 */
@BrowserTest
class OverviewLiveHealthBrowserIntegrationTests {

	/** Two refresh periods of the page (5 s) plus slack for a loaded machine. */
	private static final Duration REFRESH = Duration.ofSeconds(15);

	/**
	 * The Redis client reconnects with a growing back-off; then one more page refresh.
	 */
	private static final Duration RECOVERY = Duration.ofSeconds(45);

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis();

	private static final RedisServerProcess redis = bed.redis();

	@LocalServerPort
	private int port;

	@Test
	void componentThatGoesDownTurnsRedWithItsReasonAndRecovers(ChromeDriver browser) throws IOException {
		OverviewPage overview = bed.signIn(this.port);
		assertThat(overview.componentStatus("redis").getText()).isEqualTo("UP");

		redis.stop();
		new WebDriverWait(browser, REFRESH)
			.withMessage(() -> "redis did not turn DOWN; the page shows: " + overview.describeHealth())
			.until((driver) -> overview.componentStatus("redis").getText().equals("DOWN"));
		assertThat(overview.componentReason("redis").getText()).isNotBlank();
		assertThat(overview.overallStatus().getText()).isEqualTo("DOWN");
		Screenshots.take(browser, "overview-redis-down.png");

		redis.restart();
		new WebDriverWait(browser, RECOVERY)
			.withMessage(() -> "redis did not recover; the page shows: " + overview.describeHealth())
			.until((driver) -> overview.componentStatus("redis").getText().equals("UP"));
		assertThat(overview.componentReason("redis").getText()).isEmpty();
	}

}
