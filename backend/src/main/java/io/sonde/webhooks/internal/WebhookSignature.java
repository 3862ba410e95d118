package io.sonde.webhooks.internal;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks 1.0 signing: {@code v1,<base64 HMAC-SHA256(id.timestamp.body)>},
 * keyed with the base64-decoded part of a {@code whsec_} secret; several secrets (a
 * rotation's grace period) give space-separated entries.
 */
final class WebhookSignature {

	static final String PREFIX = "whsec_";

	private static final SecureRandom RANDOM = new SecureRandom();

	private WebhookSignature() {
	}

	/** A new secret: {@code whsec_} and the base64 of 32 random bytes. */
	static String newSecret() {
		byte[] key = new byte[32];
		RANDOM.nextBytes(key);
		return PREFIX + Base64.getEncoder().encodeToString(key);
	}

	/** The {@code webhook-signature} header's value. */
	static String sign(String webhookId, long timestampSeconds, String body, List<String> secrets) {
		String content = webhookId + "." + timestampSeconds + "." + body;
		return secrets.stream().map((secret) -> "v1," + hmac(key(secret), content)).collect(Collectors.joining(" "));
	}

	private static byte[] key(String secret) {
		if (!secret.startsWith(PREFIX)) {
			throw new IllegalStateException("a stored webhook secret lacks its whsec_ prefix");
		}
		return Base64.getDecoder().decode(secret.substring(PREFIX.length()));
	}

	private static String hmac(byte[] key, String content) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(key, "HmacSHA256"));
			return Base64.getEncoder().encodeToString(mac.doFinal(content.getBytes(StandardCharsets.UTF_8)));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is part of every JDK", ex);
		}
	}

}
