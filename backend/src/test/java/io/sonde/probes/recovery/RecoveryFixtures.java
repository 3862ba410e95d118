package io.sonde.probes.recovery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Packets and instants for recovery-loop tests. */
final class RecoveryFixtures {

	static final Instant T0 = Instant.parse("2026-11-20T10:00:00Z");

	private RecoveryFixtures() {
	}

	static Instant at(long millis) {
		return T0.plusMillis(millis);
	}

	/** The hop switch {@code s<n>} inserts: its id, a queue depth and one counter. */
	static HopTelemetry hop(int n) {
		return new HopTelemetry(n, n * 2, List.of(100L + n));
	}

	static List<HopTelemetry> hops(int from, int to) {
		List<HopTelemetry> hops = new ArrayList<>();
		for (int n = from; n <= to; n++) {
			hops.add(hop(n));
		}
		return hops;
	}

	static ProbeArrival feedback(long sendId) {
		return new ProbeArrival(sendId, ArrivalKind.FEEDBACK, List.of());
	}

	static ProbeArrival notification(long sendId, List<HopTelemetry> hops) {
		return new ProbeArrival(sendId, ArrivalKind.RECOVERY_NOTIFICATION, hops);
	}

	static ProbeArrival completed(long sendId, List<HopTelemetry> hops) {
		return new ProbeArrival(sendId, ArrivalKind.COMPLETED, hops);
	}

	/** Ticks every t_ro from {@code fromMillis} to {@code toMillis}, both included. */
	static List<ProbeSend> tickThrough(RecoveryLoop loop, long fromMillis, long toMillis) {
		List<ProbeSend> sent = new ArrayList<>();
		long step = loop.parameters().resolutionTime().toMillis();
		for (long t = fromMillis; t <= toMillis; t += step) {
			sent.addAll(loop.tick(at(t)));
		}
		return sent;
	}

	static Duration millis(long millis) {
		return Duration.ofMillis(millis);
	}

}
