package io.sonde.p4programs.codec;

import java.util.List;

/**
 * What a decoder accepts beyond the specifications' layouts.
 *
 * @param maxHops most INT hops a stack may hold before decoding fails with
 * {@link MalformedTelemetry.Reason#HOP_COUNT_OVER_LIMIT}
 * @param intDscpMarkers DSCP markings that announce INT in a TCP/UDP payload (INT-2.1
 * §5.7.2 option 2); {@link DscpMarker#ANY} recognises by content alone
 * @param intInTunnels whether INT-MD is also looked for in GRE, VXLAN-GPE and Geneve
 * headers (INT-2.1 §5.7.1, §5.7.3, §5.7.4), which the XDP collector does not do
 */
public record DecodeLimits(int maxHops, List<DscpMarker> intDscpMarkers, boolean intInTunnels) {

	/** Hop limit of the defaults. */
	public static final int DEFAULT_MAX_HOPS = 16;

	/**
	 * 16 hops, the {@link DscpMarker#KNOWN known} DSCP markers, INT in tunnel headers
	 * too.
	 */
	public static final DecodeLimits DEFAULT = new DecodeLimits(DEFAULT_MAX_HOPS, DscpMarker.KNOWN, true);

	public DecodeLimits {
		if (maxHops < 0) {
			throw new IllegalArgumentException("maxHops must not be negative: " + maxHops);
		}
		intDscpMarkers = List.copyOf(intDscpMarkers);
	}

	/** These limits with another hop limit. */
	public DecodeLimits withMaxHops(int hops) {
		return new DecodeLimits(hops, this.intDscpMarkers, this.intInTunnels);
	}

	/** These limits with other DSCP markers. */
	public DecodeLimits withIntDscpMarkers(List<DscpMarker> markers) {
		return new DecodeLimits(this.maxHops, markers, this.intInTunnels);
	}

	/** These limits looking, or not, for INT-MD in tunnel headers. */
	public DecodeLimits withIntInTunnels(boolean inTunnels) {
		return new DecodeLimits(this.maxHops, this.intDscpMarkers, inTunnels);
	}

	/** Whether a packet with this DSCP is marked as carrying INT. */
	public boolean marksInt(int dscp) {
		return this.intDscpMarkers.stream().anyMatch((marker) -> marker.matches(dscp));
	}

}
