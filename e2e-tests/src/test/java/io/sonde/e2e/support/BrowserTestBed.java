package io.sonde.e2e.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.sonde.e2e.browser.Chromium;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.chrome.ChromeDriver;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * What a browser test class runs against, registered as a static
 * {@code @RegisterExtension} field: a temporary folder (the backend's QuestDB, browser
 * profiles), a Redis and one headless Chromium, all gone after the class. The Redis is
 * the shared one on 127.0.0.1:6379, or a private redis-server the class may stop, kill or
 * fill as it likes ({@link #withPrivateRedis}).
 */
public final class BrowserTestBed implements AfterAllCallback {

	private static final int SHARED_REDIS_PORT = 6379;

	private final Path temporary;

	/** Null on the shared Redis. */
	private final RedisServerProcess redis;

	private boolean apiTokens;

	private ChromeDriver browser;

	private BrowserTestBed(RedisServerProcess redis) {
		try {
			this.temporary = Files.createTempDirectory("sonde-e2e-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.redis = redis;
	}

	/** On the Redis that {@code make test} starts on 127.0.0.1:6379. */
	public static BrowserTestBed onSharedRedis() {
		return new BrowserTestBed(null);
	}

	/** On a redis-server of the class's own, started now. */
	public static BrowserTestBed withPrivateRedis() {
		return new BrowserTestBed(RedisServerProcess.start());
	}

	/** The backend also accepts the API tokens {@link ApiCaller} sends. */
	public BrowserTestBed withApiTokens() {
		this.apiTokens = true;
		return this;
	}

	/**
	 * The backend's properties, for the class's {@code @DynamicPropertySource}: the
	 * dashboard user of {@link TestService}, QuestDB in the temporary folder, this Redis.
	 */
	public void register(DynamicPropertyRegistry properties) {
		Supplier<Object> port = (this.redis != null) ? this.redis::port : () -> SHARED_REDIS_PORT;
		TestService.register(properties, this.temporary, port);
		if (this.apiTokens) {
			ApiCaller.registerTokens(properties);
		}
	}

	public Path temporary() {
		return this.temporary;
	}

	/** The private Redis; only a bed made {@link #withPrivateRedis} has one. */
	public RedisServerProcess redis() {
		if (this.redis == null) {
			throw new IllegalStateException("this test bed uses the shared Redis on port " + SHARED_REDIS_PORT);
		}
		return this.redis;
	}

	/**
	 * The class's browser, started on first use with a profile in the temporary folder.
	 */
	public ChromeDriver browser() {
		if (this.browser == null) {
			try {
				this.browser = Chromium.start(this.temporary.resolve("chromium-profile"));
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		return this.browser;
	}

	@Override
	public void afterAll(ExtensionContext context) throws IOException {
		if (this.browser != null) {
			this.browser.quit();
		}
		if (this.redis != null) {
			this.redis.stop();
		}
		deleteTemporary();
	}

	/**
	 * Best effort: a context the cache keeps may still write QuestDB files here, and a
	 * leftover folder under /tmp fails no test.
	 */
	private void deleteTemporary() throws IOException {
		try (Stream<Path> paths = Files.walk(this.temporary)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
	}

}
