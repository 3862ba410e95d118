package io.sonde.switches.internal.tls;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.List;

import javax.net.ssl.SSLException;

import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import io.sonde.switches.SwitchDeviceRejected;
import io.sonde.switches.SwitchTls;

/**
 * A switch's TLS material, each part given as PEM text in the registration or as the name
 * of a file in the {@link TlsDirectory}. Registration {@link #check checks} it and the
 * connection {@link #clientContext loads} it at every dial, through the same path checks:
 * a registration stored in Redis by an older version (an absolute path anywhere) is
 * refused there too, without opening the file.
 */
public final class TlsMaterial {

	/** Longest inline PEM text: as for a file. */
	static final int MAX_CHARS = TlsDirectory.MAX_BYTES;

	private final TlsDirectory directory;

	public TlsMaterial(TlsDirectory directory) {
		this.directory = directory;
	}

	/**
	 * Reads and parses every part as a connection would, and opens nothing outside the
	 * directory.
	 * @throws SwitchDeviceRejected naming the field at fault, never echoing its content
	 */
	public void check(SwitchTls tls) {
		load(tls);
	}

	/**
	 * A client TLS context trusting the CA and, for mutual TLS, presenting the client
	 * certificate.
	 * @throws SwitchDeviceRejected as {@link #check}
	 * @throws SSLException if Netty cannot build the context from parsed material
	 */
	public SslContext clientContext(SwitchTls tls) throws SSLException {
		Loaded loaded = load(tls);
		SslContextBuilder ssl = GrpcSslContexts.forClient()
			.trustManager(loaded.trusted().toArray(X509Certificate[]::new));
		if (loaded.key() != null) {
			ssl.keyManager(loaded.key(), loaded.chain().toArray(X509Certificate[]::new));
		}
		return ssl.build();
	}

	private Loaded load(SwitchTls tls) {
		List<X509Certificate> trusted = Pem.certificates("tls.caCertificate",
				text("tls.caCertificate", tls.caCertificate()));
		if (tls.clientCertificate() == null) {
			return new Loaded(trusted, List.of(), null);
		}
		List<X509Certificate> chain = Pem.certificates("tls.clientCertificate",
				text("tls.clientCertificate", tls.clientCertificate()));
		PrivateKey key = Pem.privateKey("tls.clientKey", text("tls.clientKey", tls.clientKey()));
		requireKeyOf(chain.get(0), key);
		return new Loaded(trusted, chain, key);
	}

	private byte[] text(String field, String value) {
		if (Pem.isPem(value)) {
			if (value.length() > MAX_CHARS) {
				throw new SwitchDeviceRejected(field, "is longer than " + MAX_CHARS + " characters");
			}
			return value.getBytes(StandardCharsets.US_ASCII);
		}
		return this.directory.read(field, value);
	}

	/**
	 * The key signs and the certificate's public key verifies: they belong together,
	 * whatever the algorithm.
	 */
	private static void requireKeyOf(X509Certificate certificate, PrivateKey key) {
		byte[] probe = "sonde key check".getBytes(StandardCharsets.US_ASCII);
		try {
			String algorithm = switch (key.getAlgorithm()) {
				case "EC" -> "SHA256withECDSA";
				case "DSA" -> "SHA256withDSA";
				default -> "SHA256withRSA";
			};
			Signature signer = Signature.getInstance(algorithm);
			signer.initSign(key);
			signer.update(probe);
			byte[] signature = signer.sign();
			Signature verifier = Signature.getInstance(algorithm);
			verifier.initVerify(certificate.getPublicKey());
			verifier.update(probe);
			if (verifier.verify(signature)) {
				return;
			}
		}
		catch (GeneralSecurityException | RuntimeException ex) {
			// A key of another algorithm than the certificate's: refused below.
		}
		throw new SwitchDeviceRejected("tls.clientKey", "is not the key of tls.clientCertificate");
	}

	private record Loaded(List<X509Certificate> trusted, List<X509Certificate> chain, PrivateKey key) {
	}

}
