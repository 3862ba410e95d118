package io.sonde.switches.web;

import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchDeviceRejected;
import io.sonde.switches.SwitchTls;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A switch registration as the API takes it; absent optional fields take their defaults.
 *
 * @param name required on POST; on PUT it must equal the path's name or be absent
 * @param host required
 * @param port required
 * @param deviceId required, non-zero
 * @param role P4Runtime role; default the default role
 * @param electionId default 1
 * @param pipeline default {@code sonde.p4}
 * @param tls the CA and, for mutual TLS, the client certificate and key: each PEM text or
 * a file name in {@code sonde.switches.tls-directory}
 * @param enabled default true: connect at once
 */
record SwitchRequest(String name, String host, Integer port, Long deviceId, String role, Long electionId,
		String pipeline, TlsRequest tls, Boolean enabled) {

	SwitchDevice toDevice(String pathName) {
		String effectiveName = (this.name != null) ? this.name : pathName;
		if (pathName != null && this.name != null && !this.name.equals(pathName)) {
			throw new SwitchDeviceRejected("name", "must equal the name in the path ('" + pathName + "')");
		}
		require(effectiveName, "name");
		require(this.host, "host");
		require(this.port, "port");
		require(this.deviceId, "deviceId");
		SwitchTls switchTls = (this.tls != null)
				? new SwitchTls(this.tls.caCertificate(), this.tls.clientCertificate(), this.tls.clientKey()) : null;
		return new SwitchDevice(effectiveName, this.host, this.port, this.deviceId, this.role,
				(this.electionId != null) ? this.electionId : 1, this.pipeline, switchTls,
				this.enabled == null || this.enabled);
	}

	private static void require(Object value, String field) {
		if (value == null) {
			throw new SwitchDeviceRejected(field, "is required");
		}
	}

	@Schema(description = "TLS for the P4Runtime connection. Each part is PEM text (-----BEGIN ...) or the name "
			+ "of a file in the directory sonde.switches.tls-directory (relative, or an absolute path inside it); "
			+ "a path outside that directory is refused without being opened. Responses show PEM text as " + "'"
			+ SwitchTls.INLINE_PEM + "'.")
	record TlsRequest(
			@Schema(description = "PEM certificate(s) of the CA that signed the switch's certificate, "
					+ "or a file name", example = "ca.pem") String caCertificate,
			@Schema(description = "Sonde's PEM certificate for mutual TLS, or a file name; with clientKey",
					example = "sonde.pem") String clientCertificate,
			@Schema(description = "Its unencrypted PKCS#8 PEM key (-----BEGIN PRIVATE KEY-----), or a file name",
					example = "sonde.key") String clientKey) {
	}

}
