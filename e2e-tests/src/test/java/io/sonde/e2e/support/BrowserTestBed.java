package io.sonde.e2e.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.sonde.e2e.browser.Chromium;
import io.sonde.e2e.pages.LoginPage;
import io.sonde.e2e.pages.OverviewPage;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.openqa.selenium.chrome.ChromeDriver;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * What a browser test class runs against, registered as a static
 * {@code @RegisterExtension} field of a {@link BrowserTest} class: a temporary folder
 * (the backend's QuestDB, browser profiles), a Redis and one headless Chromium, handed to
 * test methods that take a {@link ChromeDriver}, all gone after the class with whatever
 * the class gave the bed to close ({@link #closing}). The Redis is the shared one on
 * 127.0.0.1:6379, or a private redis-server the class may stop, kill or fill as it likes
 * ({@link #withPrivateRedis}). The backend's properties come from the bed
 * ({@link BrowserTestBedProperties}).
 */
public final class BrowserTestBed implements AfterAllCallback, BeforeEachCallback, ParameterResolver {

	private static final int SHARED_REDIS_PORT = 6379;

	private final Path temporary;

	/** Null on the shared Redis. */
	private final RedisServerProcess redis;

	private boolean apiTokens;

	private boolean accountPerRole;

	private boolean signedOutBeforeEach;

	private final List<AutoCloseable> closing = new ArrayList<>();

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

	/** The backend also has an account of each role ({@link TestService.Account}). */
	public BrowserTestBed withAccountPerRole() {
		this.accountPerRole = true;
		return this;
	}

	/** Each test starts on a browser that holds no session of another: no cookie. */
	public BrowserTestBed signedOutBeforeEach() {
		this.signedOutBeforeEach = true;
		return this;
	}

	/**
	 * Closed after the class's tests, in this order, before the browser and the Redis
	 * stop.
	 */
	public BrowserTestBed closing(AutoCloseable... resources) {
		this.closing.addAll(Arrays.asList(resources));
		return this;
	}

	/**
	 * The backend's properties: the dashboard user of {@link TestService}, QuestDB in the
	 * temporary folder, this Redis, and the API tokens and accounts asked for.
	 */
	void register(DynamicPropertyRegistry properties) {
		Supplier<Object> port = (this.redis != null) ? this.redis::port : () -> SHARED_REDIS_PORT;
		TestService.register(properties, this.temporary, port);
		if (this.apiTokens) {
			ApiCaller.registerTokens(properties);
		}
		if (this.accountPerRole) {
			TestService.registerAccountPerRole(properties);
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

	/**
	 * Signs the browser in as {@link TestService#USER} on the backend at
	 * {@code serverPort} and waits for the Overview, where signing in lands.
	 */
	public OverviewPage signIn(int serverPort) {
		browser().get("http://localhost:" + serverPort + "/login");
		LoginPage.await(browser()).signIn(TestService.USER, TestService.PASSWORD);
		return OverviewPage.await(browser());
	}

	@Override
	public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
		return parameter.getParameter().getType() == ChromeDriver.class;
	}

	@Override
	public ChromeDriver resolveParameter(ParameterContext parameter, ExtensionContext context) {
		return browser();
	}

	@Override
	public void beforeEach(ExtensionContext context) {
		if (this.signedOutBeforeEach) {
			browser().manage().deleteAllCookies();
		}
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		try {
			closeAll();
		}
		finally {
			if (this.browser != null) {
				this.browser.quit();
			}
			if (this.redis != null) {
				this.redis.stop();
			}
			deleteTemporary();
		}
	}

	/** Every one, even after one fails; the first failure is thrown with the others. */
	private void closeAll() throws Exception {
		Exception failure = null;
		for (AutoCloseable resource : this.closing) {
			try {
				resource.close();
			}
			catch (Exception ex) {
				if (failure == null) {
					failure = ex;
				}
				else {
					failure.addSuppressed(ex);
				}
			}
		}
		if (failure != null) {
			throw failure;
		}
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
