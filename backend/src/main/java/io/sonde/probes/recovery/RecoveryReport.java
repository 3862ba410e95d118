package io.sonde.probes.recovery;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a recovery loop has done so far, or did once {@link #finished()}.
 *
 * @param finished every path collected or given up
 * @param paths each path's outcome
 * @param marks A: components marked unavailable or congested, in the order first marked
 * @param telemetry the latest reading of every switch that reported, by name
 * @param probesSent every send, first sends, retries and recovery probes alike
 * @param recoveryProbesSent sends after the first of each path
 * @param probesLost sends the loop acted on as failed (no feedback within t_f, a recovery
 * notification, or overdue) that never completed their route later; a send still
 * outstanding when the session ends is not counted
 * @param feedbacks feedback packets received
 * @param notifications recovery notifications received
 * @param firstSentAt when the first probe was sent; null before
 * @param lastReceivedAt when the last packet that belonged to the session arrived; null
 * before
 * @param finishedAt when the loop finished; null while running
 */
public record RecoveryReport(boolean finished, List<PathReport> paths, List<ComponentMark> marks,
		Map<String, HopReading> telemetry, int probesSent, int recoveryProbesSent, int probesLost, int feedbacks,
		int notifications, Instant firstSentAt, Instant lastReceivedAt, Instant finishedAt) {

	public RecoveryReport {
		paths = List.copyOf(paths);
		marks = List.copyOf(marks);
		telemetry = Map.copyOf(telemetry);
	}

	/** Every path collected whole. */
	public boolean complete() {
		return this.finished && this.paths.stream().allMatch((path) -> path.outcome() == PathOutcome.COLLECTED);
	}

	/** First probe sent to last packet received (the paper's collection latency). */
	public Optional<Duration> collectionLatency() {
		if (this.firstSentAt == null || this.lastReceivedAt == null) {
			return Optional.empty();
		}
		return Optional.of(Duration.between(this.firstSentAt, this.lastReceivedAt));
	}

	public List<ComponentMark> marked(ComponentStatus status) {
		return this.marks.stream().filter((mark) -> mark.status() == status).toList();
	}

}
