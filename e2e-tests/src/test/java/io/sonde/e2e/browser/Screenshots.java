package io.sonde.e2e.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;

/** Screenshots for the docs, in e2e-tests/target/screenshots. */
public final class Screenshots {

	private static final Path DIRECTORY = Path.of("target", "screenshots");

	private Screenshots() {
	}

	public static Path take(TakesScreenshot browser, String name) throws IOException {
		Files.createDirectories(DIRECTORY);
		Path target = DIRECTORY.resolve(name);
		Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
		return target;
	}

}
