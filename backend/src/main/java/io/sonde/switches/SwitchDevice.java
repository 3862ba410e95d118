package io.sonde.switches;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A switch as the operator registered it: how to reach and address it over P4Runtime and
 * which pipeline it runs. Desired state, kept in Redis.
 *
 * @param name unique; letters, digits, {@code -_.}
 * @param host P4Runtime server host name or address
 * @param port P4Runtime server TCP port
 * @param deviceId P4Runtime device id, non-zero
 * @param role P4Runtime role name; empty for the default role (full access)
 * @param electionId this controller's election id for the switch (low 64 bits), non-zero
 * @param pipeline the pipeline to push; {@code sonde.p4} is the one Sonde ships
 * @param tls certificates for a TLS connection (PEM text or file names in the TLS
 * directory); null for plaintext
 * @param enabled whether Sonde keeps a connection open (the API's connect/disconnect)
 */
public record SwitchDevice(String name, String host, int port, long deviceId, String role, long electionId,
		String pipeline, SwitchTls tls, boolean enabled) {

	/** The only pipeline Sonde ships. */
	public static final String SONDE_PIPELINE = "sonde.p4";

	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,62}");

	private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.:\\[\\]_-]{1,253}");

	public SwitchDevice {
		role = (role != null) ? role : "";
		pipeline = (pipeline != null) ? pipeline : SONDE_PIPELINE;
		require(name != null && NAME.matcher(name).matches(), "name",
				"must be 1-63 letters, digits, '-', '_' or '.', starting with a letter or digit");
		require(host != null && HOST.matcher(host).matches(), "host", "must be a host name or an IP address");
		require(port >= 1 && port <= 65535, "port", "must be in 1-65535");
		require(deviceId != 0, "deviceId", "must be non-zero (P4Runtime reserves 0)");
		require(electionId > 0, "electionId", "must be positive");
		require(SONDE_PIPELINE.equals(pipeline), "pipeline",
				"must be '" + SONDE_PIPELINE + "', the pipeline Sonde ships");
	}

	/**
	 * The registration a switch gets from its address and device id alone: the default
	 * role, election id 1, sonde.p4, plaintext, kept connected. What
	 * {@code POST /api/v1/switches/from-topology} registers for a topology switch.
	 */
	public static SwitchDevice withDefaults(String name, String host, int port, long deviceId) {
		return new SwitchDevice(name, host, port, deviceId, "", 1, SONDE_PIPELINE, null, true);
	}

	/** {@code host:port}, as a P4Runtime client dials it. */
	public String address() {
		return this.host + ":" + this.port;
	}

	/** The same switch with Sonde keeping a connection open, or not. */
	public SwitchDevice withEnabled(boolean enable) {
		return new SwitchDevice(this.name, this.host, this.port, this.deviceId, this.role, this.electionId,
				this.pipeline, this.tls, enable);
	}

	/**
	 * This registration replacing {@code stored}: TLS parts shown as
	 * {@value SwitchTls#INLINE_PEM} keep the PEM text stored (see
	 * {@link SwitchTls#keepingInline}).
	 */
	public SwitchDevice replacing(SwitchDevice stored) {
		if (this.tls == null || stored.tls == null) {
			return this;
		}
		return new SwitchDevice(this.name, this.host, this.port, this.deviceId, this.role, this.electionId,
				this.pipeline, this.tls.keepingInline(stored.tls), this.enabled);
	}

	/**
	 * The same switch as the API and the dashboard show it: TLS PEM text replaced (see
	 * {@link SwitchTls#redacted()}).
	 */
	public SwitchDevice redacted() {
		return (this.tls == null) ? this : new SwitchDevice(this.name, this.host, this.port, this.deviceId, this.role,
				this.electionId, this.pipeline, this.tls.redacted(), this.enabled);
	}

	private static void require(boolean condition, String field, String message) {
		if (!condition) {
			throw new SwitchDeviceRejected(field, message);
		}
	}

	/**
	 * Compares everything but {@link #enabled}: the same switch addressed the same way.
	 */
	public boolean sameConnection(SwitchDevice other) {
		return Objects.equals(this.host, other.host) && this.port == other.port && this.deviceId == other.deviceId
				&& this.role.equals(other.role) && this.electionId == other.electionId
				&& Objects.equals(this.tls, other.tls);
	}

}
