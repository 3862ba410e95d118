package io.sonde.p4programs.codec;

import java.util.Locale;

/** Why a hop labeled a packet: an item's reason byte. */
public enum LabelReason {

	/** The port had not labeled for longer than its interval T >> S (Base A and B). */
	INTERVAL(1),
	/** Base B's probability f(int_num) (paper Algorithm 2). */
	PROBABILITY(2),
	/** The packet belongs to a specific flow: every hop labels it (paper §3.3). */
	SPECIFIC_FLOW(3);

	private final int code;

	LabelReason(int code) {
		this.code = code;
	}

	/** The reason byte on the wire. */
	public int code() {
		return this.code;
	}

	/** Lower-case form for JSON output, e.g. {@code "specific_flow"}. */
	public String jsonName() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * The reason of a wire code.
	 * @throws IllegalArgumentException when no reason has this code
	 */
	public static LabelReason of(int code) {
		for (LabelReason reason : values()) {
			if (reason.code == code) {
				return reason;
			}
		}
		throw new IllegalArgumentException("no label reason has code " + code);
	}

}
