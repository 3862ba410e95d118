package io.sonde.web.security;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;

import io.sonde.access.AccessDirectory;
import io.sonde.access.AccessUser;
import io.sonde.access.AccountSource;
import io.sonde.access.ApiToken;
import io.sonde.access.ConfiguredAccounts;
import io.sonde.access.Role;
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
import org.springframework.security.core.userdetails.UserDetailsService;
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
	UserDetailsService userDetailsService(SecurityProperties properties, ObjectProvider<DemoAccount> demo,
			PasswordEncoder passwords, ObjectProvider<AccessDirectory> directory) {
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
		if (users.isEmpty() && directory.getIfAvailable() == null) {
			log.warn("No dashboard users are configured, so nobody can sign in. Add one with "
					+ "sonde.security.users[0].username and sonde.security.users[0].password-hash "
					+ "(a bcrypt hash such as {bcrypt}$2a$10$...), or set sonde.security.demo-credentials-file "
					+ "to generate an admin login at start.");
		}
		return new SignInAccounts(new InMemoryUserDetailsManager(users), directory.getIfAvailable());
	}

	@Bean
	ApiTokens apiTokens(SecurityProperties properties, ObjectProvider<DemoAccount> demo,
			ObjectProvider<AccessDirectory> directory) {
		return new ApiTokens(configuredTokens(properties, demo), directory.getIfAvailable());
	}

	/** What the access module lists, read-only, beside its stored users and tokens. */
	@Bean
	ConfiguredAccounts configuredAccounts(SecurityProperties properties, ObjectProvider<DemoAccount> demo) {
		List<AccessUser> users = new ArrayList<>();
		properties.users()
			.forEach((user) -> users.add(new AccessUser(user.username(), Role.highest(user.roles()),
					AccountSource.CONFIGURATION, null, null)));
		demo.ifAvailable((account) -> users.add(
				new AccessUser(account.credentials().username(), Role.ADMIN, AccountSource.CONFIGURATION, null, null)));
		List<ApiToken> tokens = configuredTokens(properties, demo).stream()
			.map((token) -> new ApiToken(ApiTokens.CONFIGURED_ID_PREFIX + token.name(), token.name(),
					Role.highest(token.roles()), AccountSource.CONFIGURATION, null, null, null, null, null))
			.toList();
		List<AccessUser> listedUsers = List.copyOf(users);
		return new ConfiguredAccounts() {

			@Override
			public List<AccessUser> users() {
				return listedUsers;
			}

			@Override
			public List<ApiToken> tokens() {
				return tokens;
			}

		};
	}

	/** The configured tokens and the demo's admin, operator and viewer tokens. */
	private static List<SecurityProperties.ApiToken> configuredTokens(SecurityProperties properties,
			ObjectProvider<DemoAccount> demo) {
		List<SecurityProperties.ApiToken> tokens = new ArrayList<>(properties.apiTokens());
		demo.ifAvailable((account) -> {
			DemoCredentials credentials = account.credentials();
			tokens.add(new SecurityProperties.ApiToken(DemoCredentials.TOKEN_NAME,
					ApiTokens.sha256Hex(credentials.apiToken()), List.of(Roles.ADMIN)));
			tokens.add(new SecurityProperties.ApiToken(DemoCredentials.OPERATOR_TOKEN_NAME,
					ApiTokens.sha256Hex(credentials.operatorToken()), List.of(Roles.OPERATOR)));
			tokens.add(new SecurityProperties.ApiToken(DemoCredentials.VIEWER_TOKEN_NAME,
					ApiTokens.sha256Hex(credentials.viewerToken()), List.of(Roles.VIEWER)));
		});
		return tokens;
	}

}
