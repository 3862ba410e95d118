package io.sonde.web.security;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * A generated dashboard login and API tokens (admin, operator, viewer) for a demo. The
 * plain values live only in memory and in the owner-only credentials file;
 * {@link #toString()} hides them so they cannot reach a log by accident.
 */
record DemoCredentials(String username, String password, String apiToken, String operatorToken, String viewerToken) {

	static final String USERNAME = "admin";

	static final String TOKEN_NAME = "demo";

	static final String OPERATOR_TOKEN_NAME = "demo-operator";

	static final String VIEWER_TOKEN_NAME = "demo-viewer";

	/** 32 random bytes, 256 bits: beyond guessing, and 43 URL-safe characters. */
	private static final int SECRET_BYTES = 32;

	static DemoCredentials generate(SecureRandom random) {
		return new DemoCredentials(USERNAME, secret(random), secret(random), secret(random), secret(random));
	}

	private static String secret(SecureRandom random) {
		byte[] bytes = new byte[SECRET_BYTES];
		random.nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	@Override
	public String toString() {
		return "DemoCredentials[username=" + this.username
				+ ", password=<hidden>, apiToken=<hidden>, operatorToken=<hidden>, viewerToken=<hidden>]";
	}

}
