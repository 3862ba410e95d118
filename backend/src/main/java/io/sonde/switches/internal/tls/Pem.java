package io.sonde.switches.internal.tls;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.sonde.switches.SwitchDeviceRejected;

/**
 * PEM certificates and PKCS#8 keys parsed with the JDK. A refusal names the field and
 * what was expected, never what was found: the text may be a key, or a file that should
 * not have been given.
 */
final class Pem {

	/** Inline PEM text as the API takes it: its first non-blank characters. */
	static final String BEGIN = "-----BEGIN ";

	// Greedy over a body that cannot hold '-': linear even on a megabyte of whitespace.
	private static final Pattern BLOCK = Pattern
		.compile("-----BEGIN ([A-Z0-9 ]{1,40})-----([A-Za-z0-9+/=\\s]+)-----END \\1-----");

	/** What Netty reads without Bouncy Castle: a PKCS#8 key of one of these. */
	private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "DSA");

	private Pem() {
	}

	static boolean isPem(String value) {
		return value.stripLeading().startsWith(BEGIN);
	}

	/** Every CERTIFICATE block, in order; at least one. */
	static List<X509Certificate> certificates(String field, byte[] text) {
		List<Block> blocks = blocks(field, text);
		List<X509Certificate> certificates = new ArrayList<>();
		try {
			CertificateFactory factory = CertificateFactory.getInstance("X.509");
			for (Block block : blocks) {
				if (block.label().equals("CERTIFICATE")) {
					certificates
						.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(block.der())));
				}
			}
		}
		catch (GeneralSecurityException | RuntimeException ex) {
			throw new SwitchDeviceRejected(field, "holds a CERTIFICATE block that is not an X.509 certificate");
		}
		if (certificates.isEmpty()) {
			throw new SwitchDeviceRejected(field, "holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
		}
		return certificates;
	}

	/** The one PKCS#8 PRIVATE KEY block (RSA, EC or DSA). */
	static PrivateKey privateKey(String field, byte[] text) {
		List<Block> keys = blocks(field, text).stream()
			.filter((block) -> block.label().endsWith("PRIVATE KEY"))
			.toList();
		if (keys.size() != 1) {
			throw new SwitchDeviceRejected(field,
					"must hold exactly one PEM private key (-----BEGIN PRIVATE KEY-----)");
		}
		Block key = keys.get(0);
		if (!key.label().equals("PRIVATE KEY")) {
			throw new SwitchDeviceRejected(field, "must be an unencrypted PKCS#8 key (-----BEGIN PRIVATE KEY-----); "
					+ "convert it with: openssl pkcs8 -topk8 -nocrypt");
		}
		for (String algorithm : KEY_ALGORITHMS) {
			try {
				return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(key.der()));
			}
			catch (GeneralSecurityException | RuntimeException ex) {
				// Not this algorithm; the next is tried.
			}
		}
		throw new SwitchDeviceRejected(field, "holds a PRIVATE KEY block that is not an RSA, EC or DSA PKCS#8 key");
	}

	private static List<Block> blocks(String field, byte[] text) {
		Matcher matcher = BLOCK.matcher(new String(text, StandardCharsets.US_ASCII));
		List<Block> blocks = new ArrayList<>();
		while (matcher.find()) {
			try {
				blocks.add(new Block(matcher.group(1), Base64.getMimeDecoder().decode(matcher.group(2))));
			}
			catch (IllegalArgumentException ex) {
				throw new SwitchDeviceRejected(field, "holds a PEM block that is not Base64");
			}
		}
		if (blocks.isEmpty()) {
			throw new SwitchDeviceRejected(field, "is not PEM (no -----BEGIN ...----- / -----END ...----- block)");
		}
		return blocks;
	}

	private record Block(String label, byte[] der) {
	}

}
