package io.sonde.e2e.pages;

import java.util.List;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Probes page: the plan controls, GPINT's and Euler's figures side by side, their
 * drawings (each says on its container how many paths and hops it draws) with legends;
 * the live session (its state, its paths' probes, the components marked, the progress
 * log) and the recent sessions (latency chart, history with filters).
 */
public final class ProbesPage {

	public static final String HEADING = "Probes";

	private final WebDriver driver;

	private ProbesPage(WebDriver driver) {
		this.driver = driver;
	}

	/** The Probes entry of the main navigation, on any signed-in page. */
	public static WebElement navigationEntry(WebDriver driver) {
		return driver.findElement(By.cssSelector("nav[aria-label=Main]")).findElement(By.linkText(HEADING));
	}

	/**
	 * Waits until the browser shows the Probes page with its first plan drawn and its
	 * live stream of sessions open.
	 */
	public static ProbesPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the Probes page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		ProbesPage page = new ProbesPage(driver);
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT)
			.withMessage(() -> "the first plan was not drawn; the page says: " + page.planNote().getText())
			.until((ready) -> !ready.findElements(By.cssSelector("#gpint-graph canvas")).isEmpty()
					&& page.planNote().getText().contains("paths;"));
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the live stream of sessions did not open")
			.until((ready) -> "open".equals(ready.findElement(By.id("probes")).getDomAttribute("data-live")));
		return page;
	}

	/** "GPINT paths": GPINT-2, GPINT-3, GPINT-5 or k paths. */
	public Select gpintSize() {
		return new Select(Labels.field(this.driver, "GPINT paths"));
	}

	public WebElement planButton() {
		return Labels.button(this.driver, "Plan");
	}

	/** "GPINT-3 (k = 6): 6 paths; Euler: 1 trails; over 20 switches." */
	public WebElement planNote() {
		return this.driver.findElement(By.id("plan-note"));
	}

	/**
	 * A figure of the side-by-side table by its row header ("Probes (paths)") and plan
	 * ({@code gpint} or {@code euler}).
	 */
	public String figure(String row, String plan) {
		return this.driver.findElement(By.xpath("//table[@id='plan-table']//tr[th[normalize-space()="
				+ Labels.literal(row) + "]]/td[@data-plan=" + Labels.literal(plan) + "]"))
			.getText();
	}

	/**
	 * The header of GPINT's column: "GPINT-3 (k = 6)", as written (the table shows it in
	 * capitals).
	 */
	public String gpintColumn() {
		return this.driver.findElement(By.id("plan-gpint-name")).getDomProperty("textContent");
	}

	/**
	 * The legend of a plan's drawing, one entry per path: "Path 1 (4 switches): a → b
	 * ...".
	 */
	public List<String> legend(String plan) {
		return this.driver.findElements(By.cssSelector("#" + plan + "-legend li"))
			.stream()
			.map(WebElement::getText)
			.toList();
	}

	/** The colour of a legend entry's line as the browser computes it. */
	public String legendColour(String plan, int path) {
		return this.driver.findElement(By.cssSelector("#" + plan + "-legend li[data-path='" + path + "'] .path-swatch"))
			.getCssValue("border-top-color");
	}

	/** Paths drawn on a plan's drawing (from its container). */
	public int drawnPaths(String plan) {
		return Integer.parseInt(drawing(plan).getDomAttribute("data-paths"));
	}

	/** Switch-to-switch hops drawn on a plan's drawing. */
	public int drawnHops(String plan) {
		return Integer.parseInt(drawing(plan).getDomAttribute("data-path-hops"));
	}

	public WebElement drawing(String plan) {
		return this.driver.findElement(By.id(plan + "-graph"));
	}

	public WebElement runSessionButton() {
		return Labels.button(this.driver, "Run a session");
	}

	/** "ps-3 completed (12 ms): 6 probes sent, ..." or "ps-3 running: ...". */
	public WebElement sessionState() {
		return this.driver.findElement(By.id("session-state"));
	}

	/** The live session's paths as "path | probe at | sends | state". */
	public List<String> sessionPaths() {
		return rowsOf("session-path-rows", " | ");
	}

	/** "link a--b: unavailable", or "None marked in this session.". */
	public List<String> marks() {
		return this.driver.findElements(By.cssSelector("#session-marks li")).stream().map(WebElement::getText).toList();
	}

	/** What the session drawing highlights: "a--b unavailable; ...". */
	public String highlighted() {
		String marked = drawing("session").getDomAttribute("data-marked");
		return (marked != null) ? marked : "";
	}

	/** "Re-planned: ..." when the session's plan avoided something. */
	public WebElement replanNote() {
		return this.driver.findElement(By.id("session-replan"));
	}

	/** The progress log, newest first, each line without its time. */
	public List<String> progress() {
		return this.driver.findElements(By.cssSelector("#probe-log li"))
			.stream()
			.map((line) -> line.getText().replaceFirst("^\\d\\d:\\d\\d:\\d\\d UTC ", ""))
			.toList();
	}

	/** The history table's rows, newest first, cells joined by " | ". */
	public List<String> history() {
		return rowsOf("session-rows", " | ");
	}

	public Select historyFilter(String label) {
		return new Select(Labels.field(this.driver, label));
	}

	public WebElement applyFiltersButton() {
		return Labels.button(this.driver, "Apply filters");
	}

	/** Sessions in the latency chart. */
	public int chartedSessions() {
		String points = this.driver.findElement(By.id("latency-chart")).getDomAttribute("data-points");
		return (points != null) ? Integer.parseInt(points) : 0;
	}

	private List<String> rowsOf(String body, String separator) {
		return this.driver.findElements(By.cssSelector("#" + body + " tr"))
			.stream()
			.map((row) -> String.join(separator,
					row.findElements(By.cssSelector("th, td")).stream().map(WebElement::getText).toList()))
			.toList();
	}

}
