package io.sonde.probes.recovery;

import java.util.List;

/**
 * What one switch inserted into a probe: its DLV entry and its measurements.
 *
 * @param switchId the low 8 bits of the switch's INT node id
 * @param queueDepth egress queue depth in packets when the probe left (saturated at 255)
 * @param measurements the counters of its MEA range, in index order
 */
public record HopTelemetry(int switchId, int queueDepth, List<Long> measurements) {

	public HopTelemetry {
		measurements = List.copyOf(measurements);
	}

}
