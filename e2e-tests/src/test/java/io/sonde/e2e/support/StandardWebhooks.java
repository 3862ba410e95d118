package io.sonde.e2e.support;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A receiver's check of a Standard Webhooks 1.0 signature, written from the
 * specification: the key is the base64 after {@code whsec_}; {@code webhook-signature}
 * holds space-separated {@code v1,<base64 HMAC-SHA256 of id.timestamp.body>}, of which
 * one must match; the timestamp (Unix seconds) must be within five minutes of now.
 */
public final class StandardWebhooks {

	private static final Duration TOLERANCE = Duration.ofMinutes(5);

	private StandardWebhooks() {
	}

	/**
	 * Why {@code delivery} fails the check with {@code secret}; null when it passes.
	 */
	public static String problem(WebhookReceiver.Delivery delivery, String secret, Instant now) {
		String id = delivery.header("webhook-id");
		String timestamp = delivery.header("webhook-timestamp");
		String signatures = delivery.header("webhook-signature");
		if (id == null || timestamp == null || signatures == null) {
			return "a webhook-id, webhook-timestamp or webhook-signature header is missing: " + delivery.headers();
		}
		Instant signedAt;
		try {
			signedAt = Instant.ofEpochSecond(Long.parseLong(timestamp));
		}
		catch (NumberFormatException ex) {
			return "webhook-timestamp is not Unix seconds: " + timestamp;
		}
		if (Duration.between(signedAt, now).abs().compareTo(TOLERANCE) > 0) {
			return "webhook-timestamp " + signedAt + " is more than 5 minutes from " + now;
		}
		byte[] expected = sign(secret, id + "." + timestamp + "." + delivery.text());
		for (String signature : signatures.split(" ")) {
			if (signature.startsWith("v1,") && MessageDigest.isEqual(expected,
					Base64.getDecoder().decode(signature.substring("v1,".length())))) {
				return null;
			}
		}
		return "no v1 signature of " + signatures + " matches the secret";
	}

	private static byte[] sign(String secret, String content) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
			return mac.doFinal(content.getBytes(StandardCharsets.UTF_8));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HMAC-SHA256 is part of every JDK", ex);
		}
	}

}
