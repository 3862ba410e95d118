package io.sonde.testsupport;

import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * One running backend for the API test classes that extend it: Spring's context cache
 * hands every one of them the same context, booted once, on a redis-server of their own
 * ({@link RedisServerOfTheContext}), with the API tokens of {@link ApiCaller}, an
 * {@link #api} caller for each test, and one configured viewer account
 * ({@link #VIEWER_USERNAME}) to sign in with. A class that extends it declares nothing
 * that changes the context (no properties, no {@code @DynamicPropertySource}, no
 * {@code @DirtiesContext}), and does not depend on what the others left in Redis or
 * QuestDB: it works under names of its own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(RedisServerOfTheContext.class)
public abstract class SharedApiContext {

	/**
	 * A viewer account from the configuration, for tests that sign in through the form.
	 */
	protected static final String VIEWER_USERNAME = "viewer";

	protected static final String VIEWER_PASSWORD = "correct horse battery staple";

	@LocalServerPort
	protected int port;

	protected ApiCaller api;

	@DynamicPropertySource
	static void sharedService(DynamicPropertyRegistry properties) {
		ApiCaller.registerTokens(properties);
		properties.add("sonde.security.users[0].username", () -> VIEWER_USERNAME);
		properties.add("sonde.security.users[0].password-hash",
				() -> "{bcrypt}" + new BCryptPasswordEncoder(4).encode(VIEWER_PASSWORD));
		properties.add("sonde.security.users[0].roles", () -> "VIEWER");
	}

	@BeforeEach
	void caller() {
		this.api = new ApiCaller(this.port);
	}

}
