package io.sonde.p4programs.decode;

import io.sonde.p4programs.codec.GpintProbe;

/**
 * A frame that carried a GPINT probe, a feedback or a recovery notification.
 *
 * @param frame the frame number
 * @param srcIp the IPv4 source address (the monitoring module's)
 * @param dstIp the IPv4 destination address (likewise)
 * @param probe the decoded probe
 */
public record ProbeFrame(long frame, String srcIp, String dstIp, GpintProbe probe) implements DecodedFrame {

	/** The format name printed for probes. */
	public static final String GPINT = "GPINT";

}
