package io.sonde.emulator.pipeline;

import java.util.EnumMap;
import java.util.Map;

/**
 * What one switch's GPINT stages did, for tests and status: probes passed on, feedback
 * sent and received, SQR copies kept, released and turned into recovery notifications,
 * and probes dropped by reason. Written on the scheduler's thread; read there (or between
 * runs in virtual time).
 */
public final class ProbeCounters {

	long forwarded;

	long completed;

	long feedbacksSent;

	long feedbacksReceived;

	long copiesStored;

	long copiesReleased;

	long copiesNotStored;

	long recoveryNotifications;

	private final Map<ProbeDrop, Long> drops = new EnumMap<>(ProbeDrop.class);

	void drop(ProbeDrop reason) {
		this.drops.merge(reason, 1L, Long::sum);
	}

	/** Measurement probes sent on to the next switch. */
	public long forwarded() {
		return this.forwarded;
	}

	/** Probes whose source route ended here, sent to the CPU port. */
	public long completed() {
		return this.completed;
	}

	/** Feedback answers sent (to the previous switch or the controller). */
	public long feedbacksSent() {
		return this.feedbacksSent;
	}

	/** Feedback answers received from next hops (consumed here). */
	public long feedbacksReceived() {
		return this.feedbacksReceived;
	}

	/** Copies of forwarded probes kept for t_f. */
	public long copiesStored() {
		return this.copiesStored;
	}

	/** Copies a next hop's feedback released before t_f. */
	public long copiesReleased() {
		return this.copiesReleased;
	}

	/** Probes forwarded without a copy because the store was full. */
	public long copiesNotStored() {
		return this.copiesNotStored;
	}

	/** Copies sent to the controller as recovery notifications after t_f. */
	public long recoveryNotifications() {
		return this.recoveryNotifications;
	}

	/** Probes dropped for this reason. */
	public long dropped(ProbeDrop reason) {
		return this.drops.getOrDefault(reason, 0L);
	}

	/** Probes dropped for any reason. */
	public long dropped() {
		return this.drops.values().stream().mapToLong(Long::longValue).sum();
	}

}
