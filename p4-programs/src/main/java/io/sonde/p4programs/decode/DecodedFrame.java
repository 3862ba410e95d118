package io.sonde.p4programs.decode;

/**
 * What sonde-decode prints for one captured frame: telemetry, a GPINT probe or an
 * INT-label packet it decoded, or the reason it could not.
 */
public sealed interface DecodedFrame permits TelemetryFrame, ProbeFrame, LabelFrame, UndecodableFrame {

	/** The frame's number in its capture file, 1-based. */
	long frame();

}
