package io.sonde.e2e.pages;

import java.util.List;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
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
		return texts("return [...document.querySelectorAll('#flow-rows tr')].map((tr) => tr.dataset.flow)");
	}

	/** Each row's cells joined by " | ", top to bottom. */
	public List<String> describeFlows() {
		return texts("return [...document.querySelectorAll('#flow-rows tr')]"
				+ ".map((tr) => [...tr.cells].map((c) => c.innerText.trim()).join(' | '))");
	}

	/**
	 * Clicks the flow's row; again on the row drawn next when the page's poll replaced
	 * the one found before the click reached it.
	 */
	public void select(String flowId) {
		By button = By.cssSelector("#flow-rows tr[data-flow='" + flowId + "'] button");
		Pages.clickRedrawn(this.driver, button, "the flow " + flowId + " could not be selected");
	}

	public String selectedFlow() {
		List<String> selected = texts(
				"return [...document.querySelectorAll('#flow-rows tr[aria-selected=true]')].map((tr) => tr.dataset.flow)");
		return selected.isEmpty() ? null : selected.get(0);
	}

	/** Each hop's row cells joined by " | ", the bottleneck's prefixed with "*". */
	public List<String> describeHops() {
		return texts("return [...document.querySelectorAll('#hop-rows tr')].map((tr) => "
				+ "(tr.dataset.bottleneck === 'true' ? '*' : '') + [...tr.cells].map((c) => c.innerText.trim()).join(' | '))");
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
		return texts("return [...document.querySelectorAll('#histogram-grid .histogram')].map((box) => "
				+ "`${box.dataset.switch}/${box.dataset.metric}=${box.dataset.total}`"
				+ " + (box.querySelector('canvas') ? ' (drawn)' : ''))");
	}

	/**
	 * Read in one script: the page redraws its rows every poll, so element references go
	 * stale between reads.
	 */
	@SuppressWarnings("unchecked")
	private List<String> texts(String script) {
		return List.copyOf((List<String>) ((JavascriptExecutor) this.driver).executeScript(script));
	}

	public WebElement histogramsAgent() {
		return this.driver.findElement(By.id("histograms-agent"));
	}

	public WebElement error() {
		return this.driver.findElement(By.id("flows-error"));
	}

}
