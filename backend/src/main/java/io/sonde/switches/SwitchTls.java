package io.sonde.switches;

/**
 * TLS for the connection to a switch's P4Runtime server. Each part is either PEM text
 * ({@code -----BEGIN CERTIFICATE-----...}) or the name of a file in the one directory
 * Sonde reads TLS files from ({@code sonde.switches.tls-directory}); files are read at
 * every dial, so a renewed certificate is used from the next connection on.
 *
 * @param caCertificate the CA that signed the switch's certificate (PEM certificates)
 * @param clientCertificate Sonde's certificate, for mutual TLS; may be null
 * @param clientKey its unencrypted PKCS#8 key; null exactly when the certificate is
 */
public record SwitchTls(String caCertificate, String clientCertificate, String clientKey) {

	/** What {@link #redacted()} shows in place of PEM text. */
	public static final String INLINE_PEM = "(inline PEM)";

	public SwitchTls {
		if (caCertificate == null || caCertificate.isBlank()) {
			throw new SwitchDeviceRejected("tls.caCertificate", "is required for TLS");
		}
		if ((clientCertificate == null) != (clientKey == null)) {
			throw new SwitchDeviceRejected("tls.clientKey", "a client certificate and its key go together");
		}
		if (clientCertificate != null && clientCertificate.isBlank()) {
			throw new SwitchDeviceRejected("tls.clientCertificate", "must not be blank");
		}
		if (clientKey != null && clientKey.isBlank()) {
			throw new SwitchDeviceRejected("tls.clientKey", "must not be blank");
		}
	}

	/**
	 * The same parts with PEM text replaced by {@value #INLINE_PEM} and file names kept:
	 * what the API and the dashboard show, so a key given inline is never read back.
	 */
	public SwitchTls redacted() {
		return new SwitchTls(shown(this.caCertificate), shown(this.clientCertificate), shown(this.clientKey));
	}

	/**
	 * This TLS with each part that reads {@value #INLINE_PEM} taken from {@code stored}:
	 * a registration read back from the API and sent again keeps its PEM text.
	 */
	public SwitchTls keepingInline(SwitchTls stored) {
		return new SwitchTls(kept(this.caCertificate, stored.caCertificate),
				kept(this.clientCertificate, stored.clientCertificate), kept(this.clientKey, stored.clientKey));
	}

	private static String shown(String part) {
		return isPem(part) ? INLINE_PEM : part;
	}

	private static String kept(String part, String stored) {
		return (INLINE_PEM.equals(part) && isPem(stored)) ? stored : part;
	}

	private static boolean isPem(String part) {
		return part != null && part.stripLeading().startsWith("-----BEGIN ");
	}

}
