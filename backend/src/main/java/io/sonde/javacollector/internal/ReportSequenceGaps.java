package io.sonde.javacollector.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * Lost reports per reporting node and hw_id, from the reports' sequence numbers: a jump
 * forward counts the numbers skipped as lost; a step back (a late or repeated report)
 * counts as reordered and leaves the expectation where it is. TR2.0 numbers are 22 bits
 * wide, TR1.0 and TR0.5 ones 32, and both wrap.
 */
final class ReportSequenceGaps {

	private final Map<Source, Long> next = new HashMap<>();

	private final Map<Source, Long> lostBySource = new HashMap<>();

	private long lost;

	private long reordered;

	/**
	 * Takes one report's number.
	 * @param nodeId the reporting node, null when the report names none
	 * @param hwId the report's hw_id
	 * @param sequence its sequence number
	 * @param bits the width of the sequence field
	 * @return how many reports were skipped just before this one
	 */
	synchronized long observe(Long nodeId, long hwId, long sequence, int bits) {
		long mask = (bits >= 64) ? -1L : (1L << bits) - 1;
		Source source = new Source(nodeId, hwId);
		Long expected = this.next.get(source);
		long seq = sequence & mask;
		if (expected == null || seq == expected) {
			this.next.put(source, (seq + 1) & mask);
			return 0;
		}
		long gap = (seq - expected) & mask;
		if (gap > (mask >>> 1)) {
			this.reordered++;
			return 0;
		}
		this.lost += gap;
		this.lostBySource.merge(source, gap, Long::sum);
		this.next.put(source, (seq + 1) & mask);
		return gap;
	}

	/** Reports skipped, summed over every node. */
	synchronized long lost() {
		return this.lost;
	}

	/** Reports that came after a later one. */
	synchronized long reordered() {
		return this.reordered;
	}

	/** Reporting nodes (node, hw_id) seen. */
	synchronized int sources() {
		return this.next.size();
	}

	/**
	 * Lost reports per reporting node, for the counters hash: {@code <node>_<hw_id>}
	 * ({@code none} for a report that names no node) to the reports it skipped.
	 */
	synchronized Map<String, Long> lostBySource() {
		Map<String, Long> out = new HashMap<>();
		this.lostBySource.forEach((source, count) -> out
			.put(((source.nodeId() != null) ? source.nodeId().toString() : "none") + "_" + source.hwId(), count));
		return out;
	}

	private record Source(Long nodeId, long hwId) {

	}

}
