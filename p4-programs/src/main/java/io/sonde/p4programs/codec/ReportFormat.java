package io.sonde.p4programs.codec;

/**
 * The telemetry report formats, told apart by the first nibble of the UDP payload
 * (WIRE_FACTS C.6).
 */
public enum ReportFormat {

	/** Telemetry Report v0.5: 12-byte fixed header (C.3, TR-0.5 §3.2). */
	TR0_5("TR0.5"),
	/** Telemetry Report v1.0: 16 bytes + optional metadata (C.4, TR-1.0 §3.2). */
	TR1_0("TR1.0"),
	/** Telemetry Report v2.0: group header + individual reports (B, TR-2.0 §3). */
	TR2_0("TR2.0");

	private final String jsonName;

	ReportFormat(String jsonName) {
		this.jsonName = jsonName;
	}

	/** The name in JSON output, e.g. {@code "TR2.0"}. */
	public String jsonName() {
		return this.jsonName;
	}

}
