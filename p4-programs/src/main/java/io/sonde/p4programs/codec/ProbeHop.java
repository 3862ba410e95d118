package io.sonde.p4programs.codec;

import java.util.List;

/**
 * What one switch inserted into a GPINT probe: its DLV entry and its measurements.
 *
 * @param switchId the low 8 bits of the switch's INT node id
 * @param queueDepth the egress queue depth in packets when the probe left, saturated at
 * 255
 * @param measurements the register cells of the switch's MEA range, in index order, each
 * an unsigned 32-bit value
 */
public record ProbeHop(int switchId, int queueDepth, List<Long> measurements) {

	public ProbeHop {
		GpintWire.requireUnsigned(switchId, 8, "switch id");
		GpintWire.requireUnsigned(queueDepth, 8, "queue depth");
		measurements = List.copyOf(measurements);
		GpintWire.requireUnsigned(measurements.size(), 16, "measurement count");
		for (Long value : measurements) {
			if (value < 0 || value > 0xFFFF_FFFFL) {
				throw new IllegalArgumentException("measurement is not an unsigned 32-bit value: " + value);
			}
		}
	}

}
