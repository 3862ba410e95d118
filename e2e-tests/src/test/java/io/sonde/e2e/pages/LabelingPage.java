package io.sonde.e2e.pages;

import java.util.List;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Labeling page: the coverage gauge (its rate as text, the end of the window it
 * shows), the coverage chart (it says on its container how many points it draws), the
 * freshness heat map (one cell per port, each naming its port and freshness) and the S
 * table.
 */
public final class LabelingPage {

	public static final String HEADING = "Labeling";

	private final WebDriver driver;

	private LabelingPage(WebDriver driver) {
		this.driver = driver;
	}

	/** The Labeling entry of the main navigation, on any signed-in page. */
	public static WebElement navigationEntry(WebDriver driver) {
		return driver.findElement(By.cssSelector("nav[aria-label=Main]")).findElement(By.linkText(HEADING));
	}

	/** Waits until the browser shows the Labeling page with its live stream open. */
	public static LabelingPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the Labeling page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the live coverage stream did not open")
			.until((ready) -> "open".equals(ready.findElement(By.id("labeling")).getDomAttribute("data-live")));
		return new LabelingPage(driver);
	}

	/** The gauge's figure, e.g. "97.5 %"; "—" before the first window. */
	public String rateText() {
		return this.driver.findElement(By.id("coverage-rate")).getText();
	}

	/** The end of the window the gauge shows (ISO instant); null before the first. */
	public String gaugeWindowEnd() {
		return this.driver.findElement(By.id("coverage-gauge")).getDomAttribute("data-end");
	}

	/** Covered ports of the window shown, as text. */
	public String covered() {
		return Labels.describedTerm(this.driver, "Covered ports").getText();
	}

	/** Active ports of the window shown, as text. */
	public String active() {
		return Labels.describedTerm(this.driver, "Active ports").getText();
	}

	/** Points the coverage chart draws. */
	public int chartPoints() {
		String points = this.driver.findElement(By.id("coverage-chart")).getDomAttribute("data-points");
		return (points == null) ? 0 : Integer.parseInt(points);
	}

	/** The heat map's cells' ports, {@code switch:port}, in page order. */
	public List<String> heatMapPorts() {
		return heatMapCells().stream().map((cell) -> cell.getDomAttribute("data-port")).toList();
	}

	/** Each heat map cell's freshness bucket: fresh, recent, stale, old or never. */
	public List<String> heatMapFreshness() {
		return heatMapCells().stream().map((cell) -> cell.getDomAttribute("data-freshness")).toList();
	}

	/** The legend's entries, as text. */
	public List<String> legend() {
		return this.driver.findElements(By.cssSelector("#freshness-legend li"))
			.stream()
			.map(WebElement::getText)
			.toList();
	}

	/** Whether the topology drawing has been drawn (Cytoscape's canvas is there). */
	public boolean topologyDrawn() {
		return !this.driver.findElements(By.cssSelector("#freshness-graph canvas")).isEmpty();
	}

	private List<WebElement> heatMapCells() {
		return this.driver.findElements(By.cssSelector("#heat-map-rows td.heat-cell"));
	}

}
