package io.sonde.web.security;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class SecurityPropertiesTests {

	private static final String SHA256_OF_TOKEN = ApiTokens.sha256Hex("token");

	private final ApplicationContextRunner context = new ApplicationContextRunner()
		.withUserConfiguration(PropertiesOnly.class);

	@Test
	void bindsUsersAndTokensWithAdminAsDefaultRole() {
		this.context
			.withPropertyValues("sonde.security.users[0].username=alice",
					"sonde.security.users[0].password-hash={bcrypt}$2a$10$abcdefghijklmnopqrstuu",
					"sonde.security.api-tokens[0].name=ci", "sonde.security.api-tokens[0].sha256=" + SHA256_OF_TOKEN,
					"sonde.security.api-tokens[0].roles=VIEWER")
			.run((started) -> {
				SecurityProperties properties = started.getBean(SecurityProperties.class);
				assertThat(properties.users()).singleElement()
					.satisfies((user) -> assertThat(user.roles()).containsExactly("ADMIN"));
				assertThat(properties.apiTokens()).singleElement()
					.satisfies((token) -> assertThat(token.roles()).containsExactly("VIEWER"));
				assertThat(properties.demoCredentialsFile()).isNull();
			});
	}

	@Test
	void startsWithNoAccountsWhenNoneAreConfigured() {
		this.context.run((started) -> {
			SecurityProperties properties = started.getBean(SecurityProperties.class);
			assertThat(properties.users()).isEmpty();
			assertThat(properties.apiTokens()).isEmpty();
		});
	}

	@Test
	void refusesAPlainPasswordInConfiguration() {
		this.context
			.withPropertyValues("sonde.security.users[0].username=alice",
					"sonde.security.users[0].password-hash=secret")
			.run((started) -> assertThat(started).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("password-hash must be an encoded hash")
				.hasMessageNotContaining("secret'"));
	}

	@Test
	void refusesAPlainTokenInConfiguration() {
		this.context
			.withPropertyValues("sonde.security.api-tokens[0].name=ci",
					"sonde.security.api-tokens[0].sha256=my-plain-token")
			.run((started) -> assertThat(started).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("sha256 must be the 64 hex digits"));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(SecurityProperties.class)
	static class PropertiesOnly {

	}

}
