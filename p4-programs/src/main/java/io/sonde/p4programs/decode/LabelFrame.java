package io.sonde.p4programs.decode;

import io.sonde.p4programs.codec.LabeledPacket;

/**
 * A frame that carried the INT-label option: a user packet on its way, or a last hop's
 * export.
 *
 * @param frame the frame number
 * @param packet the decoded option, items, addresses and ports
 */
public record LabelFrame(long frame, LabeledPacket packet) implements DecodedFrame {

	/** The format name printed for labeled packets. */
	public static final String INT_LABEL = "INT-label";

}
