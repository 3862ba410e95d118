package io.sonde.switches.web;

import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchDeviceRejected;
import io.sonde.switches.SwitchTls;

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
 * @param tls CA and optional client certificate files on the backend's host
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

	record TlsRequest(String caCertificate, String clientCertificate, String clientKey) {
	}

}
