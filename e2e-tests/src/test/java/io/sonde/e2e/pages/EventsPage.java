package io.sonde.e2e.pages;

import java.util.List;
import java.util.stream.Collectors;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Events page: the filters, the live stream's controls and state, the table of events
 * (newest first) and the context panel of the selected event.
 */
public final class EventsPage {

	public static final String HEADING = "Events";

	private final WebDriver driver;

	private EventsPage(WebDriver driver) {
		this.driver = driver;
	}

	/** The Events entry of the main navigation, on any signed-in page. */
	public static WebElement navigationEntry(WebDriver driver) {
		return driver.findElement(By.cssSelector("nav[aria-label=Main]")).findElement(By.linkText(HEADING));
	}

	/** Waits until the browser shows the Events page with its live stream open. */
	public static EventsPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the Events page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		EventsPage page = new EventsPage(driver);
		page.awaitLive();
		return page;
	}

	/** Waits until the stream says it is live (after opening or reopening it). */
	public void awaitLive() {
		new WebDriverWait(this.driver, Pages.LOAD_TIMEOUT)
			.withMessage(() -> "the live stream did not open; it says: " + streamState().getText())
			.until((ready) -> streamState().getText().equals("Live"));
	}

	public Select filter(String label) {
		return new Select(Labels.field(this.driver, label));
	}

	public WebElement applyFiltersButton() {
		return Labels.button(this.driver, "Apply filters");
	}

	/** "Pause", or "Resume" while paused. */
	public WebElement pauseButton() {
		return this.driver.findElement(By.id("pause"));
	}

	/** "Live", "Paused: 2 new events", "Reconnecting ...". */
	public WebElement streamState() {
		return this.driver.findElement(By.id("stream-state"));
	}

	/** What the stream last said besides events (new events after a pause, gap, lost). */
	public WebElement notice() {
		return this.driver.findElement(By.id("stream-notice"));
	}

	/** The table's rows, newest first. */
	public List<WebElement> rows() {
		return this.driver.findElements(By.cssSelector("#event-rows tr"));
	}

	/** Each row as "kind metric key value", newest first. */
	public List<String> describeRows() {
		return rows().stream().map((row) -> {
			List<WebElement> cells = row.findElements(By.tagName("td"));
			return cells.get(0).getText() + " " + cells.get(1).getText() + " " + cells.get(2).getText() + " "
					+ cells.get(3).getText();
		}).toList();
	}

	/**
	 * Selects the newest event of {@code metric} for its context; again on the row drawn
	 * next when the table was redrawn between finding the row and the click.
	 */
	public void select(String metric) {
		By button = By.cssSelector("#event-rows tr[data-metric='" + metric + "'] th button");
		Pages.clickRedrawn(this.driver, button, "no " + metric + " event could be selected");
	}

	public WebElement contextPanel() {
		return this.driver.findElement(By.xpath("//aside[h2[normalize-space()='Event context']]"));
	}

	/** A value of the context panel by its term ("Metric", "Path", ...). */
	public WebElement detail(String term) {
		return Labels.describedTerm(contextPanel(), term);
	}

	/** The switches marked on the drawing, comma-separated ("edge-0-0,agg-0-0,..."). */
	public String markedPath() {
		return this.driver.findElement(By.id("context-graph")).getDomAttribute("data-path");
	}

	/** What the panel says about the path ("Marked: edge-0-0 → ..."). */
	public WebElement pathNote() {
		return this.driver.findElement(By.id("path-note"));
	}

	/** What the panel says about the metric's chart. */
	public WebElement chartNote() {
		return this.driver.findElement(By.id("chart-note"));
	}

	public String describe() {
		return "state '" + streamState().getText() + "', rows "
				+ describeRows().stream().collect(Collectors.joining("; "));
	}

}
