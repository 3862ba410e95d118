package io.sonde.p4programs.codec;

import java.util.Locale;

/**
 * Bytes that claim to be INT, a telemetry report or a GPINT probe but break the layout of
 * their specification. Decoders throw this, and only this, for any input they cannot
 * decode.
 */
public final class MalformedTelemetry extends Exception {

	private static final long serialVersionUID = 1L;

	/** Why the bytes were rejected. */
	public enum Reason {

		/** The window ends before a header or a length field says it should. */
		TRUNCATED,
		/** Length fields disagree with each other or with the metadata they describe. */
		BAD_LENGTH,
		/**
		 * More INT hops than the configured {@link DecodeLimits#maxHops()}, or more GPINT
		 * source-route or DLV entries than {@link ProbeLimits#maxHops()}.
		 */
		HOP_COUNT_OVER_LIMIT,
		/**
		 * A GPINT hop or source-route entry with more measurements than
		 * {@link ProbeLimits#maxMeasurementsPerHop()}.
		 */
		MEASUREMENT_COUNT_OVER_LIMIT,
		/** A version field holds a value no supported specification defines. */
		UNKNOWN_VERSION,
		/**
		 * The INT shim is not an INT-MD shim (other type, reserved next protocol type).
		 */
		BAD_SHIM,
		/**
		 * A report, inner-contents or next-protocol type that is reserved or not
		 * supported; a frame handed to the GPINT codec that is no probe.
		 */
		UNKNOWN_TYPE;

		/** Lower-case form for JSON output, e.g. {@code "hop_count_over_limit"}. */
		public String jsonName() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

	private final Reason reason;

	private final String header;

	private final int offset;

	/**
	 * @param reason why the bytes were rejected
	 * @param header the header being decoded, e.g. {@code "INT-MD header v2.1"}
	 * @param offset byte offset of that header from the start of the decode window
	 * @param detail what exactly was wrong
	 */
	public MalformedTelemetry(Reason reason, String header, int offset, String detail) {
		super(reason.jsonName() + ": " + header + " at offset " + offset + ": " + detail);
		this.reason = reason;
		this.header = header;
		this.offset = offset;
	}

	public Reason reason() {
		return this.reason;
	}

	/** The header that was being decoded. */
	public String header() {
		return this.header;
	}

	/** Offset of that header from the start of the decode window. */
	public int offset() {
		return this.offset;
	}

}
