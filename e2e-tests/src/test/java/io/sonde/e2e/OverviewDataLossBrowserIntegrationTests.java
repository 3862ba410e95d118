package io.sonde.e2e;

import java.time.Duration;

import io.sonde.e2e.pages.OverviewPage;
import io.sonde.e2e.support.BrowserTest;
import io.sonde.e2e.support.BrowserTestBed;
import io.sonde.e2e.support.TestService;
import io.sonde.store.RedisContinuity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.Alert;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis emptied under a signed-in Overview: the page shows the loss with what must be
 * imported again, without a reload; the acknowledgement asks for confirmation first
 * (dismissed, nothing happens), then acknowledges and says so.
 */
// The thresholds stay missing until the test looks: the defaults checker would write
// them again within its period, whenever that falls.
@BrowserTest(properties = "sonde.collectors.defaults-check=1h")
class OverviewDataLossBrowserIntegrationTests {

	/** Two refresh periods of the page (5 s) plus slack for a loaded machine. */
	private static final Duration REFRESH = Duration.ofSeconds(15);

	@RegisterExtension
	static final BrowserTestBed bed = BrowserTestBed.withPrivateRedis();

	@LocalServerPort
	private int port;

	@Autowired
	private StringRedisTemplate redisTemplate;

	@Autowired
	private RedisContinuity continuity;

	@Test
	void showsTheLossAndAcknowledgesItAfterConfirmation(ChromeDriver browser) {
		this.redisTemplate.opsForHash().put("sonde:collector:thresholds", "hop_latency", "40");
		this.continuity.checkNow();
		OverviewPage overview = bed.signIn(this.port);
		assertThat(overview.dataLossPanel().isDisplayed()).isFalse();

		this.redisTemplate.execute((RedisCallback<Object>) (connection) -> {
			connection.serverCommands().flushAll();
			return null;
		});
		new WebDriverWait(browser, REFRESH).withMessage("the data loss did not show")
			.until((driver) -> overview.dataLossPanel().isDisplayed());
		assertThat(overview.dataLossReason().getText()).startsWith("Redis lost its data at ")
			.contains("epoch key sonde:epoch missing");
		assertThat(overview.stateToImport()).containsExactly("collector thresholds MISSING");

		overview.acknowledgeDataLossButton().click();
		Alert confirmation = new WebDriverWait(browser, REFRESH).until(ExpectedConditions.alertIsPresent());
		assertThat(confirmation.getText()).startsWith("Acknowledge that Redis lost its data?");
		confirmation.dismiss();
		assertThat(overview.dataLossPanel().isDisplayed()).isTrue();
		assertThat(this.continuity.unacknowledgedLoss()).as("dismissed: nothing acknowledged").isPresent();

		overview.acknowledgeDataLossButton().click();
		new WebDriverWait(browser, REFRESH).until(ExpectedConditions.alertIsPresent()).accept();
		OverviewPage after = OverviewPage.await(browser);
		new WebDriverWait(browser, REFRESH).withMessage("no acknowledgement notice")
			.until((driver) -> after.acknowledgement().getText().startsWith("Redis data loss acknowledged"));
		assertThat(after.dataLossPanel().isDisplayed()).isFalse();
		assertThat(this.continuity.unacknowledgedLoss()).isEmpty();
		assertThat(this.continuity.status().epoch().acknowledgedBy()).isEqualTo("dashboard:" + TestService.USER);
	}

}
