package io.sonde.e2e.pages;

import java.util.List;
import java.util.stream.Collectors;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * The Switches page's managed-switches section: the counts and one row per switch Sonde
 * manages, updated in place by the live feed.
 */
public final class ManagedSwitches {

	private final WebDriver driver;

	public ManagedSwitches(WebDriver driver) {
		this.driver = driver;
	}

	private WebElement section() {
		return this.driver.findElement(By.xpath("//section[h2[normalize-space()='Managed switches']]"));
	}

	/** "20 switches: 20 primary, 0 backup, 0 connecting, 0 unreachable, 0 disabled". */
	public WebElement summary() {
		return section().findElement(By.xpath(".//p[contains(normalize-space(), ' switches:')]"));
	}

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

	/** The state badge: PRIMARY, BACKUP, CONNECTING, UNREACHABLE or DISABLED. */
	public WebElement state(String switchName) {
		return cell(switchName, "State").findElement(By.className("status"));
	}

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
