package io.sonde.e2e.pages;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Metrics page: the history chart, the thresholds and the events-per-second chart.
 */
public final class MetricsPage {

	public static final String HEADING = "Metrics";

	private final WebDriver driver;

	private MetricsPage(WebDriver driver) {
		this.driver = driver;
	}

	/** The Metrics entry of the main navigation, on any signed-in page. */
	public static WebElement navigationEntry(WebDriver driver) {
		return driver.findElement(By.cssSelector("nav[aria-label=Main]")).findElement(By.linkText(HEADING));
	}

	public static MetricsPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the Metrics page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		return new MetricsPage(driver);
	}

	/** "2.0 events/s over the last 10 s." */
	public WebElement rateNote() {
		return this.driver.findElement(By.id("rate-note"));
	}

	/** How many seconds the events-per-second chart plots (its data-points). */
	public String ratePoints() {
		return this.driver.findElement(By.id("rate-chart")).getDomAttribute("data-points");
	}

	/** An operator's field for T(metric) in the thresholds table. */
	public WebElement thresholdField(String metric) {
		return Labels.field(this.driver, "Threshold of " + metric);
	}

	/** The Change button beside T(metric). */
	public WebElement changeButton(String metric) {
		return Labels.button(this.driver.findElement(By.cssSelector("form[data-metric='" + metric + "']")), "Change");
	}

	/** How many threshold changes the events-per-second chart marks (its data-marks). */
	public String rateMarks() {
		return this.driver.findElement(By.id("rate-chart")).getDomAttribute("data-marks");
	}

}
