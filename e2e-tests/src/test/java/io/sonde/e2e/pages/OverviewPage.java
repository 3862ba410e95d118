package io.sonde.e2e.pages;

import java.util.List;
import java.util.stream.Collectors;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The Overview page's service-health section and the navigation beside it. */
public final class OverviewPage {

	public static final String HEADING = "Overview";

	private final WebDriver driver;

	private OverviewPage(WebDriver driver) {
		this.driver = driver;
	}

	/** Waits until the browser shows the Overview page, e.g. after signing in. */
	public static OverviewPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the Overview page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		return new OverviewPage(driver);
	}

	public SiteHeader header() {
		return new SiteHeader(this.driver);
	}

	public WebElement heading() {
		return this.driver.findElement(By.tagName("h1"));
	}

	/** The NIC agents' rows as {@code name | liveness | counters}, top to bottom. */
	public List<String> agentRows() {
		// One script: overview-agents.js redraws the rows every poll.
		@SuppressWarnings("unchecked")
		List<String> rows = (List<String>) ((org.openqa.selenium.JavascriptExecutor) this.driver)
			.executeScript("return [...document.querySelectorAll('#agent-rows tr')]"
					+ ".map((tr) => [...tr.cells].map((c) => c.innerText.trim()).join(' | '))");
		return List.copyOf(rows);
	}

	public WebElement navigation() {
		return this.driver.findElement(By.cssSelector("nav[aria-label=Main]"));
	}

	/** Navigation entries of pages that do not exist yet. */
	public List<WebElement> disabledNavigationEntries() {
		return navigation().findElements(By.cssSelector("[aria-disabled=true]"));
	}

	private WebElement healthSection() {
		return this.driver.findElement(By.xpath("//section[h2[normalize-space()='Service health']]"));
	}

	public WebElement overallStatus() {
		return Labels.describedTerm(healthSection(), "Overall status");
	}

	public WebElement lastChecked() {
		return Labels.describedTerm(healthSection(), "Last checked").findElement(By.tagName("time"));
	}

	public WebElement healthTable() {
		return healthSection().findElement(By.tagName("table"));
	}

	/** The names in the table's row headers, top to bottom. */
	public List<String> componentNames() {
		return healthTable().findElements(By.cssSelector("tbody th[scope=row]"))
			.stream()
			.map(WebElement::getText)
			.toList();
	}

	/** The status cell of the component named {@code name}. */
	public WebElement componentStatus(String name) {
		return componentRow(name).findElement(By.xpath("./td[1]"));
	}

	/** The reason cell of the component named {@code name} (empty while it is UP). */
	public WebElement componentReason(String name) {
		return componentRow(name).findElement(By.xpath("./td[2]"));
	}

	/** Every row as "name=STATUS reason", for failure messages. */
	public String describeHealth() {
		return componentNames().stream()
			.map((name) -> name + "=" + componentStatus(name).getText() + " " + componentReason(name).getText())
			.collect(Collectors.joining("; "));
	}

	private WebElement componentRow(String name) {
		return healthTable()
			.findElement(By.xpath(".//tbody/tr[th[@scope='row' and normalize-space()=" + Labels.literal(name) + "]]"));
	}

	/** The card shown while Redis has lost its data and nobody acknowledged it. */
	public WebElement dataLossPanel() {
		return this.driver.findElement(By.xpath("//section[h2[normalize-space()='Redis lost its data']]"));
	}

	/** The loss as the card states it: reason, time and which backend noticed. */
	public WebElement dataLossReason() {
		return dataLossPanel().findElement(By.cssSelector("[role=alert]"));
	}

	/** The state of record to import again, as the card lists it: "name STATUS". */
	public List<String> stateToImport() {
		return dataLossPanel().findElements(By.cssSelector("tbody tr"))
			.stream()
			.map((row) -> row.findElement(By.tagName("th")).getText() + " "
					+ row.findElement(By.xpath("./td[1]")).getText())
			.toList();
	}

	public WebElement acknowledgeDataLossButton() {
		return dataLossPanel().findElement(By.xpath(".//button[normalize-space()='Acknowledge the data loss']"));
	}

	/** The notice after an acknowledgement. */
	public WebElement acknowledgement() {
		return this.driver.findElement(By.cssSelector("main [role=status]"));
	}

	/** The pipeline card's events per second ("12.5"). */
	public WebElement eventsPerSecond() {
		return Labels.describedTerm(this.driver.findElement(By.id("pipeline")), "Events per second");
	}

}
