package io.sonde.p4programs.codec;

/**
 * The INT dataplane specification versions whose INT-MD over TCP/UDP layouts we read and
 * write.
 */
public enum IntVersion {

	/** INT v0.5: shim, 8-byte header, stack, tail (WIRE_FACTS C.1, INT-0.5 §5.3). */
	V0_5(0),
	/** INT v1.0: shim, 8-byte header, stack (WIRE_FACTS C.2, INT-1.0 §4.6.1, §4.7). */
	V1_0(1),
	/**
	 * INT v2.1 (same layout as v2.0): shim with NPT, 12-byte header, stack (WIRE_FACTS
	 * A.3, A.4).
	 */
	V2_1(2);

	private final int headerVersion;

	IntVersion(int headerVersion) {
		this.headerVersion = headerVersion;
	}

	/** The value of the INT metadata header's Ver field for this version. */
	public int headerVersion() {
		return this.headerVersion;
	}

}
