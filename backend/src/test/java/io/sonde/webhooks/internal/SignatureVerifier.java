package io.sonde.webhooks.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A Standard Webhooks 1.0 verifier written from the specification, independent of the
 * signing code: the key is the base64 after {@code whsec_}, the content
 * {@code id.timestamp.body}, the header space-separated {@code v1,<base64>} entries of
 * which one must match (compared in constant time), and the timestamp within 5 minutes of
 * now.
 */
final class SignatureVerifier {

	static final Duration TOLERANCE = Duration.ofMinutes(5);

	private SignatureVerifier() {
	}

	/** Why the request fails verification, or null when it passes. */
	static String rejection(String secret, String id, String timestamp, String signatureHeader, String body,
			Instant now) {
		if (id == null || timestamp == null || signatureHeader == null) {
			return "missing webhook headers";
		}
		long seconds;
		try {
			seconds = Long.parseLong(timestamp);
		}
		catch (NumberFormatException ex) {
			return "bad timestamp";
		}
		if (Duration.between(Instant.ofEpochSecond(seconds), now).abs().compareTo(TOLERANCE) > 0) {
			return "timestamp outside the tolerance";
		}
		byte[] expected;
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
			expected = mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
		}
		catch (Exception ex) {
			return "cannot compute: " + ex;
		}
		for (String entry : signatureHeader.split(" ")) {
			if (!entry.startsWith("v1,")) {
				continue;
			}
			byte[] given;
			try {
				given = Base64.getDecoder().decode(entry.substring(3));
			}
			catch (IllegalArgumentException ex) {
				continue;
			}
			if (MessageDigest.isEqual(expected, given)) {
				return null;
			}
		}
		return "no matching signature";
	}

}
