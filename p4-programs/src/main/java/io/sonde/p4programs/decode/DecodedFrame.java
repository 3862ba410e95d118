package io.sonde.p4programs.decode;

/**
 * What sonde-decode prints for one captured frame: telemetry or a GPINT probe it decoded,
 * or the reason it could not.
 */
public sealed interface DecodedFrame permits TelemetryFrame, ProbeFrame, UndecodableFrame {

	/** The frame's number in its capture file, 1-based. */
	long frame();

}
