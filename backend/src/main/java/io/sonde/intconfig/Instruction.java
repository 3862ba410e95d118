package io.sonde.intconfig;

import java.util.Arrays;
import java.util.Optional;

/**
 * The INT-MD instruction bitmap items sonde.p4 writes (INT-2.1 §5.7: bit 0 is the most
 * significant bit of the 16-bit bitmap), with the 4-byte words each adds to a hop.
 */
public enum Instruction {

	NODE_ID("node-id", 0, 1), L1_PORTS("l1-ports", 1, 1), HOP_LATENCY("hop-latency", 2, 1), QUEUE("queue", 3, 1),
	INGRESS_TIMESTAMP("ingress-timestamp", 4, 2), EGRESS_TIMESTAMP("egress-timestamp", 5, 2),
	L2_PORTS("l2-ports", 6, 2), TX_UTILIZATION("tx-utilization", 7, 1), BUFFER("buffer", 8, 1);

	private final String label;

	private final int bit;

	private final int words;

	Instruction(String label, int bit, int words) {
		this.label = label;
		this.bit = bit;
		this.words = words;
	}

	public String label() {
		return this.label;
	}

	/**
	 * Its bit in the 16-bit bitmap as sonde.p4's {@code instructions} parameter takes it.
	 */
	public int mask() {
		return 0x8000 >>> this.bit;
	}

	public int words() {
		return this.words;
	}

	public static Optional<Instruction> labelled(String label) {
		return Arrays.stream(values()).filter((item) -> item.label.equals(label)).findFirst();
	}

}
