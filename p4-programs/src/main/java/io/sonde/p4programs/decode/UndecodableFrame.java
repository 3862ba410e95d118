package io.sonde.p4programs.decode;

/**
 * A frame that is not telemetry, or telemetry that does not parse; printed as
 * {@code {"frame": n, "error": "<reason>"}}.
 *
 * @param frame the frame number
 * @param reason {@link #NOT_TELEMETRY}, or the lower-case name of the typed error (e.g.
 * {@code "truncated"}, {@code "hop_count_over_limit"})
 */
public record UndecodableFrame(long frame, String reason) implements DecodedFrame {

	/** The reason printed for frames that carry neither INT nor a telemetry report. */
	public static final String NOT_TELEMETRY = "not telemetry";

}
