package io.sonde.e2e.pages;

import java.time.Duration;

import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/** What all page objects share. */
final class Pages {

	/**
	 * A page of this service renders in well under a second; this is for a loaded CI
	 * machine.
	 */
	static final Duration LOAD_TIMEOUT = Duration.ofSeconds(10);

	/**
	 * Clicks the element {@code button} finds, found again when the page redrew it
	 * between the find and the click (a live table's poll replaces its rows).
	 */
	static void clickRedrawn(WebDriver driver, By button, String failure) {
		new WebDriverWait(driver, LOAD_TIMEOUT).withMessage(failure)
			.ignoring(StaleElementReferenceException.class)
			.until((page) -> {
				page.findElement(button).click();
				return true;
			});
	}

	private Pages() {
	}

}
