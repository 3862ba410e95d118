package io.sonde.switches;

/**
 * Files for a TLS connection to a switch's P4Runtime server, read when connecting.
 *
 * @param caCertificate PEM file of the CA that signed the switch's certificate
 * @param clientCertificate PEM file of Sonde's certificate, for mutual TLS; may be null
 * @param clientKey PEM file (PKCS#8) of its key; null exactly when the certificate is
 */
public record SwitchTls(String caCertificate, String clientCertificate, String clientKey) {

	public SwitchTls {
		if (caCertificate == null || caCertificate.isBlank()) {
			throw new SwitchDeviceRejected("tls.caCertificate", "is required for TLS");
		}
		if ((clientCertificate == null) != (clientKey == null)) {
			throw new SwitchDeviceRejected("tls.clientKey", "a client certificate and its key go together");
		}
	}

}
