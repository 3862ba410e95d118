package io.sonde.e2e.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;

/**
 * Screenshots, in e2e-tests/target/screenshots. Those the README shows are copied to
 * docs/images only when {@code sonde.screenshots.docs=true} ({@code make screenshots}),
 * so {@code make test} leaves the work tree as it found it.
 */
public final class Screenshots {

	private static final Path DIRECTORY = Path.of("target", "screenshots");

	private static final Path DOCS = Path.of("..", "docs", "images");

	private Screenshots() {
	}

	/**
	 * @param name a file name, or a path under the folder such as
	 * {@code viewer/overview.png}
	 */
	public static Path take(TakesScreenshot browser, String name) throws IOException {
		Path target = DIRECTORY.resolve(name);
		Files.createDirectories(target.getParent());
		Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
		return target;
	}

	/**
	 * A screenshot the docs show: refreshed in docs/images by {@code make screenshots}.
	 */
	public static Path takeForDocs(TakesScreenshot browser, String name) throws IOException {
		Path picture = take(browser, name);
		if (Boolean.getBoolean("sonde.screenshots.docs")) {
			Files.createDirectories(DOCS);
			Path copy = DOCS.resolve(name);
			Files.copy(picture, copy, StandardCopyOption.REPLACE_EXISTING);
			// The browser writes its file 0600; a tracked image stays readable by all.
			copy.toFile().setReadable(true, false);
		}
		return picture;
	}

}
