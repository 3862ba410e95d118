package io.sonde.p4programs.codec;

import java.util.Locale;

/**
 * A named metadata value one node reports, in INT instruction-bitmap order (WIRE_FACTS
 * A.6) followed by the values only the older formats or the reports carry. Values are
 * unsigned; a 64-bit timestamp is kept in a {@code long} as its two's-complement bits.
 */
public enum HopValue {

	/** Switch / Node ID (bit 0). */
	SWITCH_ID,
	/** Level-1 ingress interface id (bit 1, 16 bits). */
	INGRESS_PORT,
	/** Level-1 egress interface id (bit 1, 16 bits). */
	EGRESS_PORT,
	/** Hop latency (bit 2). */
	HOP_LATENCY,
	/** Queue id (bit 3, 8 bits). */
	QUEUE_ID,
	/** Queue occupancy (bit 3, 24 bits). */
	QUEUE_OCCUPANCY,
	/** Ingress timestamp (bit 4; 4 bytes before v2.0, 8 bytes since). */
	INGRESS_TS,
	/** Egress timestamp (bit 5; 4 bytes before v2.0, 8 bytes since). */
	EGRESS_TS,
	/** Level-2 ingress interface id (bit 6 since v1.0, 32 bits). */
	L2_INGRESS_PORT,
	/** Level-2 egress interface id (bit 6 since v1.0, 32 bits). */
	L2_EGRESS_PORT,
	/** Egress interface TX utilization (bit 7). */
	EGRESS_TX_UTIL,
	/** Buffer id (bit 8 since v2.0, 8 bits). */
	BUFFER_ID,
	/** Buffer occupancy (bit 8 since v2.0, 24 bits). */
	BUFFER_OCCUPANCY,
	/**
	 * v0.5 bit 6: the queue id of "Queue ID + Queue congestion status" (8 bits, INT-0.5
	 * §5.3.4).
	 */
	CONGESTION_QUEUE_ID,
	/** v0.5 bit 6: the queue congestion status (24 bits). */
	QUEUE_CONGESTION_STATUS,
	/**
	 * The queue id of a drop word: TR-2.0 RepMdBits bit 15, TR-1.0 bit 4, TR-0.5 drop
	 * report.
	 */
	DROP_QUEUE_ID,
	/** The drop reason of a drop word (8 bits). */
	DROP_REASON,
	/** Checksum complement (bit 15 since v1.0), always the last word of a hop. */
	CHECKSUM_COMPLEMENT;

	/** The lower-case JSON key, e.g. {@code "switch_id"}. */
	public String jsonName() {
		return name().toLowerCase(Locale.ROOT);
	}

}
