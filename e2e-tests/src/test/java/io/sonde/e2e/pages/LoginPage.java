package io.sonde.e2e.pages;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The sign-in page: its form and the messages above it. */
public final class LoginPage {

	public static final String HEADING = "Sign in to Sonde";

	private final WebDriver driver;

	private LoginPage(WebDriver driver) {
		this.driver = driver;
	}

	/** Waits until the browser shows the login page, e.g. after a redirect. */
	public static LoginPage await(WebDriver driver) {
		new WebDriverWait(driver, Pages.LOAD_TIMEOUT).withMessage("the login page did not open")
			.until(ExpectedConditions.textToBe(By.tagName("h1"), HEADING));
		return new LoginPage(driver);
	}

	public WebElement heading() {
		return this.driver.findElement(By.tagName("h1"));
	}

	public WebElement username() {
		return Labels.field(this.driver, "Username");
	}

	public WebElement password() {
		return Labels.field(this.driver, "Password");
	}

	public WebElement signInButton() {
		return Labels.button(this.driver, "Sign in");
	}

	/** The error shown after a failed sign-in. */
	public WebElement alert() {
		return this.driver.findElement(By.cssSelector("main [role=alert]"));
	}

	/** The confirmation shown after signing out. */
	public WebElement status() {
		return this.driver.findElement(By.cssSelector("main [role=status]"));
	}

	public void signIn(String user, String secret) {
		username().clear();
		username().sendKeys(user);
		password().sendKeys(secret);
		signInButton().click();
	}

}
