package io.sonde.labeling;

/**
 * Where a port's telemetry came from: INT-MD reports, GPINT probes or INT-label exports.
 */
public enum TelemetrySource {

	INT_MD, GPINT, INT_LABEL

}
