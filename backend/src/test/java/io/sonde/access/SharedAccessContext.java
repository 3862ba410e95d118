package io.sonde.access;

import io.sonde.testsupport.RedisServerOfTheContext;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * One running backend for the access test classes that extend it, booted once and cached:
 * its own redis-server ({@link RedisServerOfTheContext}), the tokens of
 * {@link AccessTestClient}, two configured accounts ({@code root-admin}, an admin, and
 * {@code vera}, a viewer, both with {@link #PASSWORD}) and sign-in locked after three
 * wrong passwords. A class that extends it declares nothing that changes the context, and
 * does not depend on what the others left: it works under users and actors of its own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(RedisServerOfTheContext.class)
abstract class SharedAccessContext {

	static final String PASSWORD = "a long enough password";

	@DynamicPropertySource
	static void sharedService(DynamicPropertyRegistry properties) {
		properties.add("sonde.access.login-max-failures", () -> "3");
		String hash = "{bcrypt}" + new BCryptPasswordEncoder(4).encode(PASSWORD);
		properties.add("sonde.security.users[0].username", () -> "root-admin");
		properties.add("sonde.security.users[0].password-hash", () -> hash);
		properties.add("sonde.security.users[0].roles", () -> "ADMIN");
		properties.add("sonde.security.users[1].username", () -> "vera");
		properties.add("sonde.security.users[1].password-hash", () -> hash);
		properties.add("sonde.security.users[1].roles", () -> "VIEWER");
		AccessTestClient.registerTokens(properties);
	}

}
