package io.sonde.labeling.coverage;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.InstalledEntity;
import io.sonde.switches.SwitchManagement;

/**
 * Reads a switch's egress port counter and INT-label's counters, each counter in one
 * wildcard Read (four requests a switch), and sums them into a {@link CounterSnapshot}.
 */
final class SwitchCounterReader {

	/**
	 * {@code label_decisions} has a cell per port and decision: 0 (full, not labeled) to
	 * 3.
	 */
	static final int DECISION_CELLS = SondePipeline.LabelDecision.values().length;

	/** {@code label_carried} has 9 cells a port: packets carrying 0 to 8 items. */
	static final int CARRIED_CELLS = SondePipeline.LABEL_CARRIED_COUNTS;

	private final SwitchManagement switches;

	SwitchCounterReader(SwitchManagement switches) {
		this.switches = switches;
	}

	/**
	 * @throws RuntimeException whatever the switch read throws (not connected,
	 * unreachable)
	 */
	CounterSnapshot read(String switchName) {
		List<InstalledEntity> egress = this.switches.read(switchName, "counters", SondeEntities.EGRESS_PORT_COUNTER);
		List<InstalledEntity> decisions = this.switches.read(switchName, "counters", SondeEntities.LABEL_DECISIONS);
		List<InstalledEntity> carried = this.switches.read(switchName, "counters", SondeEntities.LABEL_CARRIED);
		List<InstalledEntity> exports = this.switches.read(switchName, "counters", SondeEntities.LABEL_EXPORTS);
		return snapshot(switchName, egress, decisions, carried, exports);
	}

	static CounterSnapshot snapshot(String switchName, List<InstalledEntity> egress, List<InstalledEntity> decisions,
			List<InstalledEntity> carried, List<InstalledEntity> exports) {
		Map<Integer, Long> packets = new HashMap<>();
		long bytes = 0;
		for (InstalledEntity cell : egress) {
			packets.put(index(cell), value(cell, "packets"));
			bytes += value(cell, "bytes");
		}
		long labeled = 0;
		for (InstalledEntity cell : decisions) {
			if (index(cell) % DECISION_CELLS != SondePipeline.LabelDecision.FULL.code()) {
				labeled += value(cell, "packets");
			}
		}
		long intBytes = 0;
		for (InstalledEntity cell : carried) {
			int items = index(cell) % CARRIED_CELLS;
			intBytes += value(cell, "packets") * intBytes(items);
		}
		long exported = exports.stream().mapToLong((cell) -> value(cell, "packets")).sum();
		return new CounterSnapshot(switchName, packets, bytes, labeled, intBytes, exported);
	}

	/**
	 * The INT option (2 bytes) and {@code items} items (32 bytes each); 0 without items.
	 */
	static long intBytes(int items) {
		return (items == 0) ? 0 : 2 + 32L * items;
	}

	private static int index(InstalledEntity cell) {
		return Integer.parseInt(cell.key().getOrDefault("index", "0"));
	}

	private static long value(InstalledEntity cell, String field) {
		return Long.parseLong(cell.value().getOrDefault(field, "0"));
	}

}
