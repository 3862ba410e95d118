package io.sonde.web.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import io.sonde.access.AccessDirectory;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

/**
 * The API tokens the service accepts, held as SHA-256 hashes only: a leaked configuration
 * or heap dump does not reveal a usable token. Configured tokens first (they work while
 * Redis is down), then the ones issued through the access API.
 */
final class ApiTokens {

	/** Configured tokens are listed with this prefix before their name as their id. */
	static final String CONFIGURED_ID_PREFIX = "configured:";

	private final List<Known> known;

	private final AccessDirectory stored;

	ApiTokens(List<SecurityProperties.ApiToken> tokens) {
		this(tokens, null);
	}

	/**
	 * @param stored the tokens issued through the API, asked after the configured ones;
	 * null when the access module does not run
	 */
	ApiTokens(List<SecurityProperties.ApiToken> tokens, AccessDirectory stored) {
		this.stored = stored;
		this.known = tokens.stream()
			.map((token) -> new Known(token.name(), HexFormat.of().parseHex(token.sha256()),
					Roles.authorities(token.roles())))
			.toList();
	}

	int size() {
		return this.known.size();
	}

	/**
	 * The caller a presented token identifies. Every configured hash is compared, in
	 * constant time, so the response time says nothing about how close a guess was.
	 */
	Optional<Authentication> authenticate(String presented) {
		byte[] hash = sha256(presented);
		Known match = null;
		for (Known candidate : this.known) {
			if (MessageDigest.isEqual(candidate.sha256(), hash) && match == null) {
				match = candidate;
			}
		}
		if (match != null) {
			return Optional.of(new ApiTokenAuthentication(match.name(), match.authorities()));
		}
		if (this.stored == null) {
			return Optional.empty();
		}
		return this.stored.authenticateToken(presented)
			.map((token) -> new ApiTokenAuthentication(token.name(), Roles.authorities(List.of(token.role().name()))));
	}

	static String sha256Hex(String token) {
		return HexFormat.of().formatHex(sha256(token));
	}

	private static byte[] sha256(String token) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java runtime provides SHA-256", ex);
		}
	}

	private record Known(String name, byte[] sha256, List<GrantedAuthority> authorities) {
	}

}
