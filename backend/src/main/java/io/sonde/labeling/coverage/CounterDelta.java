package io.sonde.labeling.coverage;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What one switch did between two counter reads: the ports whose egress counter rose and
 * the growth of the byte and INT-label counters. A counter that went down was reset (the
 * switch restarted or its pipeline was pushed again): its new value is the growth since.
 *
 * @param ports egress ports that sent packets between the reads
 * @param trafficBytes egress bytes sent
 * @param intBytes INT option and item bytes sent
 * @param labeled packets labeled
 * @param exports exports to the controller
 */
record CounterDelta(Set<Integer> ports, long trafficBytes, long intBytes, long labeled, long exports) {

	static final CounterDelta NONE = new CounterDelta(Set.of(), 0, 0, 0, 0);

	CounterDelta {
		ports = Set.copyOf(ports);
	}

	/**
	 * The growth from {@code before} (null: no earlier read, nothing is known) to
	 * {@code after}.
	 */
	static CounterDelta between(CounterSnapshot before, CounterSnapshot after) {
		if (before == null) {
			return NONE;
		}
		Set<Integer> rose = new HashSet<>();
		for (Map.Entry<Integer, Long> port : after.egressPackets().entrySet()) {
			if (growth(before.egressPackets().getOrDefault(port.getKey(), 0L), port.getValue()) > 0) {
				rose.add(port.getKey());
			}
		}
		return new CounterDelta(rose, growth(before.egressBytes(), after.egressBytes()),
				growth(before.intBytes(), after.intBytes()), growth(before.labeled(), after.labeled()),
				growth(before.exports(), after.exports()));
	}

	CounterDelta plus(CounterDelta other) {
		Set<Integer> both = new HashSet<>(this.ports);
		both.addAll(other.ports);
		return new CounterDelta(both, this.trafficBytes + other.trafficBytes, this.intBytes + other.intBytes,
				this.labeled + other.labeled, this.exports + other.exports);
	}

	private static long growth(long before, long after) {
		return (after >= before) ? after - before : after;
	}

}
