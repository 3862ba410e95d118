package io.sonde.e2e.pages;

import java.util.List;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Alerts page: the live table of firing alerts, the rule form (inputs found by their
 * labels' for ids, named after the rule's JSON fields), the rules table and the history.
 */
public final class AlertsPage {

	public static final String HEADING = "Alerts";

	private final WebDriver driver;

	private AlertsPage(WebDriver driver) {
		this.driver = driver;
	}

	/** The Alerts entry of the main navigation, on any signed-in page. */
	public static WebElement navigationEntry(WebDriver driver) {
		return driver.findElement(By.cssSelector("nav[aria-label=Main]")).findElement(By.linkText(HEADING));
	}

	/** Waits until the browser shows the Alerts page with its live stream open. */
	public static AlertsPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the Alerts page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the live alerts stream did not open")
			.until((ready) -> "open".equals(ready.findElement(By.id("firing")).getDomAttribute("data-live")));
		return new AlertsPage(driver);
	}

	/** The rule form's input (or select) named by its label's text. */
	public WebElement ruleInput(String label) {
		WebElement form = this.driver.findElement(By.id("rule-form"));
		String id = form.findElement(By.xpath(".//label[normalize-space()='" + label + "']")).getDomAttribute("for");
		return form.findElement(By.id(id));
	}

	public Select ruleSelect(String label) {
		return new Select(ruleInput(label));
	}

	public WebElement saveRule() {
		return this.driver.findElement(By.id("rule-save"));
	}

	/** The notice the page shows after a form was accepted; empty when none. */
	public String done() {
		List<WebElement> done = this.driver.findElements(By.id("done"));
		return done.isEmpty() ? "" : done.get(0).getText();
	}

	/** The rules table's rows, one text each. */
	public List<String> rules() {
		return texts(By.cssSelector("#rules-table tbody tr"));
	}

	/** The firing table's rows, one text each ("critical switch down switch=... ..."). */
	public List<String> firing() {
		return texts(By.cssSelector("#firing-rows tr"));
	}

	/** The history's rows, newest first. */
	public List<String> history() {
		return texts(By.cssSelector("#history-rows tr"));
	}

	private List<String> texts(By rows) {
		return this.driver.findElements(rows).stream().map(WebElement::getText).toList();
	}

}
