package io.sonde.e2e.pages;

import java.util.List;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Flows page: the top flows (highest end-to-end latency first), the selected flow's
 * hops with the bottleneck, its path marked on the topology, and the histograms.
 */
public final class FlowsPage {

	public static final String HEADING = "Flows";

	private final WebDriver driver;

	private FlowsPage(WebDriver driver) {
		this.driver = driver;
	}

	/** The Flows entry of the main navigation, on any signed-in page. */
	public static WebElement navigationEntry(WebDriver driver) {
		return driver.findElement(By.cssSelector("nav[aria-label=Main]")).findElement(By.linkText(HEADING));
	}

	public static FlowsPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the Flows page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		return new FlowsPage(driver);
	}

	/** How to start an agent, shown while none has reported. */
	public WebElement noAgent() {
		return this.driver.findElement(By.id("no-agent"));
	}

	/** The flows' ids, top to bottom. */
	public List<String> flowIds() {
		return this.driver.findElements(By.cssSelector("#flow-rows tr"))
			.stream()
			.map((row) -> row.getAttribute("data-flow"))
			.toList();
	}

	/** Each row's cells joined by " | ", top to bottom. */
	public List<String> describeFlows() {
		return this.driver.findElements(By.cssSelector("#flow-rows tr"))
			.stream()
			.map((row) -> String.join(" | ",
					row.findElements(By.cssSelector("th, td")).stream().map(WebElement::getText).toList()))
			.toList();
	}

	public void select(String flowId) {
		this.driver.findElement(By.cssSelector("#flow-rows tr[data-flow='" + flowId + "'] button")).click();
	}

	public String selectedFlow() {
		return this.driver.findElements(By.cssSelector("#flow-rows tr[aria-selected=true]"))
			.stream()
			.map((row) -> row.getAttribute("data-flow"))
			.findFirst()
			.orElse(null);
	}

	/** Each hop's row cells joined by " | ", the bottleneck's prefixed with "*". */
	public List<String> describeHops() {
		return this.driver.findElements(By.cssSelector("#hop-rows tr"))
			.stream()
			.map((row) -> ("true".equals(row.getAttribute("data-bottleneck")) ? "*" : "") + String.join(" | ",
					row.findElements(By.cssSelector("th, td")).stream().map(WebElement::getText).toList()))
			.toList();
	}

	public WebElement bottleneckNote() {
		return this.driver.findElement(By.id("bottleneck-note"));
	}

	public WebElement pathNote() {
		return this.driver.findElement(By.id("path-note"));
	}

	/** The switch names marked on the drawing, source to sink, comma-separated. */
	public String markedPath() {
		return this.driver.findElement(By.id("flow-graph")).getAttribute("data-path");
	}

	public String markedBottleneck() {
		return this.driver.findElement(By.id("flow-graph")).getAttribute("data-bottleneck");
	}

	/**
	 * Each histogram as {@code switch/metric=total (drawn)}, in the page's order; drawn
	 * when its chart has a canvas.
	 */
	public List<String> histograms() {
		return this.driver.findElements(By.cssSelector("#histogram-grid .histogram"))
			.stream()
			.map((box) -> box.getAttribute("data-switch") + "/" + box.getAttribute("data-metric") + "="
					+ box.getAttribute("data-total")
					+ (box.findElements(By.tagName("canvas")).isEmpty() ? "" : " (drawn)"))
			.toList();
	}

	public WebElement histogramsAgent() {
		return this.driver.findElement(By.id("histograms-agent"));
	}

	public WebElement error() {
		return this.driver.findElement(By.id("flows-error"));
	}

}
