package io.sonde.e2e.pages;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/** The banner on every signed-in page: product name, who is signed in, sign-out. */
public final class SiteHeader {

	private final WebDriver driver;

	public SiteHeader(WebDriver driver) {
		this.driver = driver;
	}

	private WebElement banner() {
		return this.driver.findElement(By.tagName("header"));
	}

	public WebElement productName() {
		return banner().findElement(By.className("brand"));
	}

	public WebElement signedInUser() {
		return banner().findElement(By.xpath(".//*[starts-with(normalize-space(), 'Signed in as')]/strong"));
	}

	public WebElement signOutButton() {
		return Labels.button(banner(), "Sign out");
	}

}
