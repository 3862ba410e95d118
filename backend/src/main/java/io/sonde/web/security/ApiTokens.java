package io.sonde.web.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

/**
 * The API tokens the service accepts, held as SHA-256 hashes only: a leaked configuration
 * or heap dump does not reveal a usable token.
 */
final class ApiTokens {

	private final List<Known> known;

	ApiTokens(List<SecurityProperties.ApiToken> tokens) {
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
		return Optional.ofNullable(match).map((token) -> new ApiTokenAuthentication(token.name(), token.authorities()));
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
