package io.sonde.p4programs.codec;

import java.util.List;

/**
 * How an INT domain marks packets that carry INT with the IPv4 DSCP / IPv6 traffic class
 * (INT-2.1 §5.7.2 option 2): a DSCP matches when {@code (dscp & mask) == value}.
 *
 * @param value the marking bits
 * @param mask the DSCP bits the marker looks at (6-bit)
 */
public record DscpMarker(int value, int mask) {

	/**
	 * DSCP 0x17, the value of every INT specification's examples and ONOS basic
	 * (WIRE_FACTS D).
	 */
	public static final DscpMarker SPEC_EXAMPLE = new DscpMarker(0x17, 0x3F);

	/** DSCP 0x20, used by GEANT int-platforms (WIRE_FACTS C.5). */
	public static final DscpMarker GEANT = new DscpMarker(0x20, 0x3F);

	/** The single DSCP bit 0x01 of ONOS fabric (WIRE_FACTS C.5). */
	public static final DscpMarker ONOS_FABRIC_BIT = new DscpMarker(0x01, 0x01);

	/** Matches every DSCP: recognise INT by the payload's content alone. */
	public static final DscpMarker ANY = new DscpMarker(0, 0);

	/** The markers real deployments use (WIRE_FACTS D). */
	public static final List<DscpMarker> KNOWN = List.of(SPEC_EXAMPLE, GEANT, ONOS_FABRIC_BIT);

	public DscpMarker {
		if ((value & ~0x3F) != 0 || (mask & ~0x3F) != 0 || (value & ~mask) != 0) {
			throw new IllegalArgumentException(
					"DSCP marker must be 6-bit with value inside mask: " + value + "/" + mask);
		}
	}

	/** Whether this DSCP (6-bit) carries the marker. */
	public boolean matches(int dscp) {
		return (dscp & this.mask) == this.value;
	}

}
