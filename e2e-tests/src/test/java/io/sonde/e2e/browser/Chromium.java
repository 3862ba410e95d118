package io.sonde.e2e.browser;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Debian's Chromium, headless, driven by Debian's chromedriver. Both paths are explicit
 * and Selenium Manager is told to stay offline, so a test run never downloads a browser
 * or a driver.
 */
public final class Chromium {

	private static final Path BROWSER = Path.of("/usr/bin/chromium");

	private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

	private Chromium() {
	}

	/**
	 * A fresh headless browser with a profile of its own in {@code profileDirectory}.
	 * @throws IllegalStateException when Chromium or chromedriver is not installed
	 */
	public static ChromeDriver start(Path profileDirectory) throws IOException {
		requireInstalled(BROWSER);
		requireInstalled(DRIVER);
		System.setProperty("SE_OFFLINE", "true");
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
			.usingAnyFreePort()
			.withLogFile(new File("target/chromedriver-" + ProcessHandle.current().pid() + ".log"))
			.build();
		ChromeOptions options = new ChromeOptions().setBinary(BROWSER.toFile())
			.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
					"--disable-background-networking", "--disable-component-update", "--disable-sync",
					"--disable-dev-shm-usage", "--window-size=1280,800",
					"--user-data-dir=" + Files.createDirectories(profileDirectory));
		// The console is kept so tests can check that no
		// Content-Security-Policy violation occurred.
		options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
		ChromeDriver driver = new ChromeDriver(service, options);
		driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
		return driver;
	}

	/** What the pages wrote to the console since the last call, one line per message. */
	public static List<String> consoleMessages(ChromeDriver driver) {
		return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::getMessage).toList();
	}

	/**
	 * The errors the pages logged since the last call (console errors, failed loads,
	 * uncaught exceptions), one line per message.
	 */
	public static List<String> consoleErrors(ChromeDriver driver) {
		return driver.manage()
			.logs()
			.get(LogType.BROWSER)
			.getAll()
			.stream()
			.filter((entry) -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
			.map(LogEntry::getMessage)
			.toList();
	}

	private static void requireInstalled(Path executable) {
		if (!Files.isExecutable(executable)) {
			throw new IllegalStateException(executable + " is missing: `make test` installs it "
					+ "(Debian packages chromium and chromium-driver: apt-get install -y chromium chromium-driver)");
		}
	}

}
