package io.sonde.e2e.pages;

import java.util.List;
import java.util.stream.Collectors;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Switches page's endpoints section: the counts, the table of switches and the empty
 * state. The section is re-rendered every 2 s, so every method looks its element up
 * afresh; waits on it should ignore stale elements.
 */
public final class SwitchesPage {

	public static final String HEADING = "Switches";

	private final WebDriver driver;

	private SwitchesPage(WebDriver driver) {
		this.driver = driver;
	}

	/** The Switches entry of the main navigation, on any signed-in page. */
	public static WebElement navigationEntry(WebDriver driver) {
		return driver.findElement(By.cssSelector("nav[aria-label=Main]")).findElement(By.linkText(HEADING));
	}

	/** Waits until the browser shows the Switches page. */
	public static SwitchesPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the Switches page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		return new SwitchesPage(driver);
	}

	public SiteHeader header() {
		return new SiteHeader(this.driver);
	}

	private WebElement endpointsSection() {
		return this.driver.findElement(By.xpath("//section[h2[normalize-space()='P4Runtime endpoints']]"));
	}

	/** What the section says when no topology is imported; absent otherwise. */
	public List<WebElement> emptyState() {
		return endpointsSection().findElements(By.xpath(".//p[starts-with(normalize-space(), 'No switches yet')]"));
	}

	/** "20 switches: 20 reachable, 0 unreachable"; absent while there are no switches. */
	public List<WebElement> summary() {
		return endpointsSection().findElements(By.xpath(".//p[contains(normalize-space(), ' switches:')]"));
	}

	/** The error notice above the table (hidden unless a refresh failed). */
	public WebElement refreshError() {
		return endpointsSection().findElement(By.cssSelector("[role=alert]"));
	}

	/** The switch names in the table's row headers, top to bottom. */
	public List<String> switchNames() {
		return endpointsSection().findElements(By.cssSelector("tbody th[scope=row]"))
			.stream()
			.map(WebElement::getText)
			.toList();
	}

	/**
	 * The text of {@code column} (its header as shown) in the row of {@code switchName}.
	 */
	public WebElement cell(String switchName, String column) {
		int index = columnIndex(column);
		return row(switchName).findElement(By.xpath("./*[" + index + "]"));
	}

	/** The state badge of a switch: REACHABLE, UNREACHABLE or NOT CHECKED. */
	public WebElement state(String switchName) {
		return cell(switchName, "State");
	}

	/** Every row as "name=STATE", for failure messages. */
	public String describeSwitches() {
		return switchNames().stream()
			.map((name) -> name + "=" + state(name).getText())
			.collect(Collectors.joining("; "));
	}

	private WebElement row(String switchName) {
		return endpointsSection().findElement(
				By.xpath(".//tbody/tr[th[@scope='row' and normalize-space()=" + Labels.literal(switchName) + "]]"));
	}

	/** 1-based, counting the row header, as XPath counts cells. */
	private int columnIndex(String column) {
		List<String> headers = endpointsSection().findElements(By.cssSelector("thead th"))
			.stream()
			.map((header) -> header.getText().strip())
			.toList();
		int index = headers.stream().map((text) -> text.toLowerCase()).toList().indexOf(column.toLowerCase());
		if (index < 0) {
			throw new IllegalArgumentException("no column '" + column + "' in " + headers);
		}
		return index + 1;
	}

}
