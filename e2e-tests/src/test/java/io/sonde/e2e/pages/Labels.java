package io.sonde.e2e.pages;

import org.openqa.selenium.By;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/** Finds elements the way a person does: by their label or visible text. */
final class Labels {

	private Labels() {
	}

	/** The form control whose label reads {@code label}. */
	static WebElement field(WebDriver driver, String label) {
		WebElement labelElement = driver.findElement(By.xpath("//label[normalize-space()=" + literal(label) + "]"));
		return driver.findElement(By.id(labelElement.getDomAttribute("for")));
	}

	static WebElement button(SearchContext context, String text) {
		return context.findElement(By.xpath(".//button[normalize-space()=" + literal(text) + "]"));
	}

	/** The description (dd) of the term (dt) that reads {@code term}. */
	static WebElement describedTerm(SearchContext context, String term) {
		return context.findElement(By.xpath(".//dt[normalize-space()=" + literal(term) + "]/following-sibling::dd[1]"));
	}

	/** An XPath string literal; page texts here contain no quotes of both kinds. */
	static String literal(String text) {
		return text.contains("'") ? "\"" + text + "\"" : "'" + text + "'";
	}

}
