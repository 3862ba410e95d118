package io.sonde.probes.recovery;

import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * One entry of P_INT: a path and its probe's whereabouts (paper §IV-C: identifier,
 * initiation time, path index, source route, deadline), plus what was collected.
 */
final class PathProbe {

	final int path;

	final List<String> switches;

	/** Position of the switch the next or current send starts at. */
	int index;

	/** Sends at {@link #index} so far. */
	int attempts;

	/** When the current send went out (the paper's {@code p.init}). */
	Instant init;

	/** Algorithm 2's deadline: not sent from the recovery queue before it. */
	Instant deadline;

	/** The send that speaks for the path now; 0 when none does. */
	long currentSend;

	/** The current send's first switch answered with feedback. */
	boolean fedBack;

	/** Sent at least once and not finished: holds one of the in-flight places. */
	boolean active;

	PathOutcome outcome = PathOutcome.RUNNING;

	int sends;

	private final BitSet covered = new BitSet();

	PathProbe(int path, List<String> switches, Instant deadline) {
		this.path = path;
		this.switches = List.copyOf(switches);
		this.deadline = deadline;
	}

	int length() {
		return this.switches.size();
	}

	boolean finished() {
		return this.outcome != PathOutcome.RUNNING;
	}

	void cover(int position) {
		this.covered.set(position);
	}

	void finish() {
		this.outcome = (this.covered.cardinality() == length()) ? PathOutcome.COLLECTED : PathOutcome.INCOMPLETE;
		this.active = false;
		this.currentSend = 0;
	}

	List<Integer> missing() {
		List<Integer> missing = new ArrayList<>();
		for (int position = 0; position < length(); position++) {
			if (!this.covered.get(position)) {
				missing.add(position);
			}
		}
		return missing;
	}

	PathReport report() {
		return new PathReport(this.path, this.switches, this.outcome, this.sends, missing());
	}

}
