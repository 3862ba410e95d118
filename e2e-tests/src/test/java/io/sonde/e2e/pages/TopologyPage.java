package io.sonde.e2e.pages;

import java.util.List;
import java.util.stream.Collectors;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Topology page: the drawing, the list of its switches under it (each a button named
 * after the switch and its state, with the colour the drawing gives it), the traffic
 * table (packets each switch sent, from the polled port counters) and the details panel
 * of the selected switch.
 */
public final class TopologyPage {

	public static final String HEADING = "Topology";

	private final WebDriver driver;

	private TopologyPage(WebDriver driver) {
		this.driver = driver;
	}

	/** The Topology entry of the main navigation, on any signed-in page. */
	public static WebElement navigationEntry(WebDriver driver) {
		return driver.findElement(By.cssSelector("nav[aria-label=Main]")).findElement(By.linkText(HEADING));
	}

	/** Waits until the browser shows the Topology page with its drawing loaded. */
	public static TopologyPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the Topology page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the topology drawing did not load")
			.until((ready) -> !ready.findElements(By.cssSelector("#topology-graph canvas")).isEmpty()
					&& !ready.findElements(By.cssSelector("#switch-picker button")).isEmpty());
		return new TopologyPage(driver);
	}

	public WebElement drawing() {
		return this.driver.findElement(By.cssSelector("[role=img][aria-label^='Drawing of']"));
	}

	/** The switches listed under the drawing, in topology order. */
	public List<String> switchNames() {
		return switchButtons().stream().map(WebElement::getText).toList();
	}

	/** The button that selects a switch; its accessible name says the state. */
	public WebElement switchButton(String switchName) {
		return this.driver.findElement(
				By.xpath("//ul[@id='switch-picker']//button[normalize-space()=" + Labels.literal(switchName) + "]"));
	}

	/** "core-0, primary": the switch's name and state, as a screen reader says it. */
	public String accessibleName(String switchName) {
		return switchButton(switchName).getDomAttribute("aria-label");
	}

	/**
	 * The colour the page gives the switch (its swatch, from the same CSS variable as the
	 * node in the drawing), as the browser computes it: {@code rgba(26, 127, 55, 1)}.
	 */
	public String colour(String switchName) {
		return switchButton(switchName).findElement(By.className("swatch")).getCssValue("background-color");
	}

	/** The details panel beside the drawing. */
	public WebElement panel() {
		return this.driver.findElement(By.xpath("//aside[h2[normalize-space()='Switch details']]"));
	}

	/** A value of the details panel by its term ("State", "Round trip", ...). */
	public WebElement detail(String term) {
		return Labels.describedTerm(panel(), term);
	}

	public WebElement switchPageLink() {
		return panel().findElement(By.linkText("Open the switch page"));
	}

	/** Every switch as "name, state colour", for failure messages. */
	public String describeSwitches() {
		return switchButtons().stream()
			.map((button) -> button.getDomAttribute("aria-label") + " "
					+ button.findElement(By.className("swatch")).getCssValue("background-color"))
			.collect(Collectors.joining("; "));
	}

	/**
	 * The traffic table's rows as "switch sent rate", in topology order; none while the
	 * table is hidden (before a polling round). Read in one script: topology.js redraws
	 * the rows every 3 s, and reading them a cell at a time on a loaded host took longer
	 * than that, so every read met a stale row.
	 */
	@SuppressWarnings("unchecked")
	public List<String> trafficRows() {
		return List.copyOf((List<String>) ((JavascriptExecutor) this.driver)
			.executeScript("const table = document.getElementById('traffic-table');"
					+ "return table.hidden ? [] : [...table.tBodies[0].rows]"
					+ ".map((tr) => [...tr.cells].map((c) => c.innerText.trim()).join(' '))"));
	}

	/** "Links down: none known." or the links down. */
	public String linksDown() {
		return this.driver.findElement(By.id("links-down")).getText();
	}

	private List<WebElement> switchButtons() {
		return this.driver.findElements(By.cssSelector("#switch-picker button"));
	}

}
