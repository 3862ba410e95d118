package io.sonde.web.security;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;

/**
 * Who may sign in and which API tokens are valid: the configured accounts
 * ({@link SecurityProperties}) plus, when asked for, a generated demo account.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SecurityProperties.class)
class AccountsConfiguration {

	private static final Logger log = LoggerFactory.getLogger(AccountsConfiguration.class);

	/**
	 * Reads every {id}hash format Spring Security knows; encodes new ones with bcrypt.
	 */
	@Bean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

	@Bean
	@ConditionalOnProperty("sonde.security.demo-credentials-file")
	DemoAccount demoAccount(SecurityProperties properties, @Value("${server.port:8080}") int port) {
		return new DemoAccount(properties.demoCredentialsFile(), DemoCredentials.generate(new SecureRandom()), port);
	}

	@Bean
	InMemoryUserDetailsManager userDetailsService(SecurityProperties properties, ObjectProvider<DemoAccount> demo,
			PasswordEncoder passwords) {
		List<UserDetails> users = new ArrayList<>();
		properties.users()
			.forEach((user) -> users.add(User.withUsername(user.username())
				.password(user.passwordHash())
				.authorities(Roles.authorities(user.roles()))
				.build()));
		demo.ifAvailable((account) -> users.add(User.withUsername(account.credentials().username())
			.password(passwords.encode(account.credentials().password()))
			.authorities(Roles.authorities(List.of(Roles.ADMIN)))
			.build()));
		if (users.isEmpty()) {
			log.warn("No dashboard users are configured, so nobody can sign in. Add one with "
					+ "sonde.security.users[0].username and sonde.security.users[0].password-hash "
					+ "(a bcrypt hash such as {bcrypt}$2a$10$...), or set sonde.security.demo-credentials-file "
					+ "to generate an admin login at start.");
		}
		return new InMemoryUserDetailsManager(users);
	}

	@Bean
	ApiTokens apiTokens(SecurityProperties properties, ObjectProvider<DemoAccount> demo) {
		List<SecurityProperties.ApiToken> tokens = new ArrayList<>(properties.apiTokens());
		demo.ifAvailable((account) -> tokens.add(new SecurityProperties.ApiToken(DemoCredentials.TOKEN_NAME,
				ApiTokens.sha256Hex(account.credentials().apiToken()), List.of(Roles.ADMIN))));
		return new ApiTokens(tokens);
	}

}
