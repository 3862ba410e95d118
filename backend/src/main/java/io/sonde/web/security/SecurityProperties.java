package io.sonde.web.security;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.security.*}: who may sign in to the dashboard and which API tokens are
 * valid. Only hashes are configured, never a plain password or token.
 *
 * @param users dashboard accounts
 * @param apiTokens bearer tokens accepted on {@code /api/**}
 * @param demoCredentialsFile when set, an {@code admin} login and an API token are
 * generated at start and written (owner-readable only) to this file; for demos and first
 * steps, not for production
 */
@ConfigurationProperties("sonde.security")
public record SecurityProperties(@DefaultValue List<User> users, @DefaultValue List<ApiToken> apiTokens,
		Path demoCredentialsFile) {

	private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-fA-F]{64}");

	/**
	 * A dashboard account.
	 *
	 * @param username the sign-in name
	 * @param passwordHash the password encoded with its algorithm id, as Spring
	 * Security's DelegatingPasswordEncoder writes it: {@code {bcrypt}$2a$10$...} (e.g.
	 * {@code htpasswd -nbBC 10 "" 'secret' | tr -d ':\n'} prefixed with {bcrypt})
	 * @param roles ADMIN, OPERATOR or VIEWER
	 */
	public record User(String username, String passwordHash, @DefaultValue("ADMIN") List<String> roles) {

		public User {
			if (username == null || username.isBlank()) {
				throw new IllegalArgumentException("sonde.security.users[].username must not be empty");
			}
			if (passwordHash == null || !passwordHash.startsWith("{")) {
				throw new IllegalArgumentException("sonde.security.users[] '" + username
						+ "': password-hash must be an encoded hash with its id, like {bcrypt}$2a$10$..., never a plain password");
			}
		}

	}

	/**
	 * An API token, known by its hash only.
	 *
	 * @param name what the token is for (shown as the caller's name in logs)
	 * @param sha256 hex SHA-256 of the token ({@code printf %s "$token" | sha256sum})
	 * @param roles ADMIN, OPERATOR or VIEWER
	 */
	public record ApiToken(String name, String sha256, @DefaultValue("ADMIN") List<String> roles) {

		public ApiToken {
			if (name == null || name.isBlank()) {
				throw new IllegalArgumentException("sonde.security.api-tokens[].name must not be empty");
			}
			if (sha256 == null || !SHA256_HEX.matcher(sha256).matches()) {
				throw new IllegalArgumentException("sonde.security.api-tokens[] '" + name
						+ "': sha256 must be the 64 hex digits of the token's SHA-256, never the token itself");
			}
		}

	}

}
