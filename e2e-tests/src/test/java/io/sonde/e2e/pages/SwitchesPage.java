package io.sonde.e2e.pages;

import java.util.List;
import java.util.stream.Collectors;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Switches page's one section: every switch Sonde knows (the topology's, observed or
 * registered, and other registered ones), the counts, the empty states, and one row per
 * switch updated in place by the live feed. Every method looks its element up afresh, so
 * waits on it should ignore stale elements.
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

	private WebElement section() {
		return this.driver.findElement(By.xpath("//section[h2[normalize-space()='P4Runtime connections']]"));
	}

	/** What the section says when Sonde knows no switch (shown only then). */
	public WebElement emptyState() {
		return section().findElement(By.xpath(".//p[starts-with(normalize-space(), 'No switches yet')]"));
	}

	/**
	 * Whether the page says how to register the topology's switches (it does while none
	 * is registered).
	 */
	public boolean showsRegisterHint() {
		return section().findElements(By.xpath(".//p[starts-with(normalize-space(), 'No managed switches yet')]"))
			.stream()
			.anyMatch(WebElement::isDisplayed);
	}

	/**
	 * "20 switches: 20 reachable · 20 primary, 0 backup, 0 observer, 0 connecting, 0
	 * unreachable, 0 disabled"; hidden while there are no switches.
	 */
	public WebElement summary() {
		return section().findElement(By.xpath(".//p[contains(normalize-space(), ' switches:')]"));
	}

	/** The switch names in the table's row headers, top to bottom. */
	public List<String> switchNames() {
		return section().findElements(By.cssSelector("tbody th[scope=row]")).stream().map(WebElement::getText).toList();
	}

	/**
	 * The cell of {@code column} (its header as shown) in the row of {@code switchName}.
	 */
	public WebElement cell(String switchName, String column) {
		List<String> headers = section().findElements(By.cssSelector("thead th"))
			.stream()
			.map((header) -> header.getText().strip().toLowerCase())
			.toList();
		int index = headers.indexOf(column.toLowerCase());
		if (index < 0) {
			throw new IllegalArgumentException("no column '" + column + "' in " + headers);
		}
		return row(switchName).findElement(By.xpath("./*[" + (index + 1) + "]"));
	}

	/**
	 * The state badge: PRIMARY, BACKUP, OBSERVER, CONNECTING, UNREACHABLE or DISABLED.
	 */
	public WebElement state(String switchName) {
		return cell(switchName, "State").findElement(By.className("status"));
	}

	/** The link to a registered switch's page (an observed switch has none). */
	public WebElement link(String switchName) {
		return row(switchName).findElement(By.linkText(switchName));
	}

	/** The notice shown while the live feed is interrupted; hidden otherwise. */
	public WebElement liveStatus() {
		return section().findElement(By.cssSelector("[role=status]"));
	}

	/** Every row as "name=STATE", for failure messages. */
	public String describeSwitches() {
		return switchNames().stream()
			.map((name) -> name + "=" + state(name).getText())
			.collect(Collectors.joining("; "));
	}

	private WebElement row(String switchName) {
		return section().findElement(
				By.xpath(".//tbody/tr[th[@scope='row' and normalize-space()=" + Labels.literal(switchName) + "]]"));
	}

}
