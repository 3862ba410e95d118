package io.sonde.labeling.coverage;

import java.util.Map;

/**
 * One switch's cumulative counters as read at one moment: its egress port counter per
 * port and INT-label's counters summed over its ports.
 *
 * @param switchName the switch
 * @param egressPackets packets sent, per egress port
 * @param egressBytes bytes sent over every port (traffic bytes, INT items included)
 * @param labeled labeling decisions that labeled (reasons interval, probability and
 * specific flow of {@code label_decisions})
 * @param intBytes sum over ports and n >= 1 of {@code label_carried} packets(p, n) * (2 +
 * 32 n): the INT option and items the switch sent
 * @param exports {@code label_exports} packets: exports to the controller
 */
record CounterSnapshot(String switchName, Map<Integer, Long> egressPackets, long egressBytes, long labeled,
		long intBytes, long exports) {

	CounterSnapshot {
		egressPackets = Map.copyOf(egressPackets);
	}

}
