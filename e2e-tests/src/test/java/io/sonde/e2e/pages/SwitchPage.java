package io.sonde.e2e.pages;

import java.util.List;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One managed switch's page: its sections (Connection, Registration, Last reconciliation,
 * Expected vs installed, INT entries installed, Port counters), the operator's buttons,
 * the dialog that asks before the disruptive ones, and the message an action leaves.
 */
public final class SwitchPage {

	private final WebDriver driver;

	private SwitchPage(WebDriver driver) {
		this.driver = driver;
	}

	/** Waits until the browser shows the page of {@code switchName}. */
	public static SwitchPage await(WebDriver driver, String switchName) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the page of " + switchName + " did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), switchName));
		return new SwitchPage(driver);
	}

	public WebElement section(String heading) {
		return this.driver.findElement(By.xpath("//section[h2[normalize-space()=" + Labels.literal(heading) + "]]"));
	}

	/** A value of the Connection or Registration section by its term. */
	public WebElement detail(String sectionHeading, String term) {
		return Labels.describedTerm(section(sectionHeading), term);
	}

	public WebElement button(String text) {
		return Labels.button(section("Connection"), text);
	}

	/** The buttons an operator has; none for a viewer. */
	public List<WebElement> buttons() {
		return section("Connection").findElements(By.tagName("button"));
	}

	/**
	 * The dialog that asks before a disconnect or a pipeline push; displayed only while
	 * it asks.
	 */
	public WebElement confirmation() {
		return this.driver.findElement(By.tagName("dialog"));
	}

	/**
	 * A button of that dialog: Cancel, or the one that proceeds, named after the action.
	 */
	public WebElement confirmationButton(String text) {
		return Labels.button(confirmation(), text);
	}

	/** What the last action did (role status) or why it was not done (role alert). */
	public WebElement actionMessage() {
		return this.driver.findElement(By.cssSelector("main > p.notice"));
	}

	/** The sub-headings of the INT section, one per table. */
	public List<String> intTables() {
		return section("INT entries installed").findElements(By.tagName("h3"))
			.stream()
			.map(WebElement::getText)
			.toList();
	}

	/** The "Cabled to" column of the port counters, one per port. */
	public List<String> cabledPorts() {
		return section("Port counters").findElements(By.cssSelector("tbody tr td:nth-of-type(1)"))
			.stream()
			.map(WebElement::getText)
			.toList();
	}

	public WebElement compareLink() {
		return section("Expected vs installed")
			.findElement(By.partialLinkText("Compare what Sonde expects with what the switch holds now"));
	}

}
