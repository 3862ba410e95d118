package io.sonde.probes.recovery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import io.sonde.probes.recovery.ProbedComponent.ProbedLink;
import org.junit.jupiter.api.Test;

import static io.sonde.probes.recovery.RecoveryFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The loop against a small model of switches doing SQR (store a copy, wait t_f for the
 * next hop's feedback, else send the copy as a notification) over lossy links, for many
 * seeds: whatever the interleaving, every session ends with every switch's telemetry.
 */
class RecoveryLoopUnderLossTests {

	private static final Duration HOP = Duration.ofMillis(1);

	@Test
	void collectsEveryPathWhateverTheLinksLoseWhenEverySwitchStoresACopy() {
		for (long seed = 1; seed <= 60; seed++) {
			Run run = new Run(seed, 0.2, paths(8, 6),
					RecoveryParameters.of(RecoveryProfile.FINE_TUNED).withMaxInFlight(3));
			RecoveryReport report = run.toEnd();
			assertThat(report.complete()).as("seed %d", seed).isTrue();
			assertThat(report.marks()).as("seed %d", seed)
				.allSatisfy((mark) -> assertThat(mark.component()).isInstanceOf(ProbedLink.class));
			assertThat(report.probesSent()).isEqualTo(8 + report.recoveryProbesSent());
			assertThat(run.mostActivePaths).as("seed %d", seed).isLessThanOrEqualTo(3);
		}
	}

	@Test
	void sendsNoRecoveryProbeAndMarksNothingOverLosslessLinks() {
		Run run = new Run(7, 0.0, paths(20, 5), RecoveryParameters.of(RecoveryProfile.PAPER));
		RecoveryReport report = run.toEnd();
		assertThat(report.complete()).isTrue();
		assertThat(report.recoveryProbesSent()).isZero();
		assertThat(report.marks()).isEmpty();
		assertThat(report.probesLost()).isZero();
		assertThat(run.mostActivePaths).isEqualTo(12);
	}

	private static List<List<String>> paths(int count, int length) {
		List<List<String>> paths = new ArrayList<>();
		for (int path = 0; path < count; path++) {
			List<String> switches = new ArrayList<>();
			for (int hop = 0; hop < length; hop++) {
				switches.add("p" + path + "s" + hop);
			}
			paths.add(switches);
		}
		return paths;
	}

	/** One session: the loop, the switches' model and a queue of packets in flight. */
	private static final class Run {

		private final SplittableRandom random;

		private final double loss;

		private final List<List<String>> paths;

		private final RecoveryLoop loop;

		private final PriorityQueue<Delivery> deliveries = new PriorityQueue<>();

		private final List<ProbeSend> outstanding = new ArrayList<>();

		private long order;

		int mostActivePaths;

		Run(long seed, double loss, List<List<String>> paths, RecoveryParameters parameters) {
			this.random = new SplittableRandom(seed);
			this.loss = loss;
			this.paths = paths;
			this.loop = new RecoveryLoop(paths, parameters, T0);
		}

		RecoveryReport toEnd() {
			Duration tro = this.loop.parameters().resolutionTime();
			Instant now = T0;
			for (int tick = 0; tick < 10_000 && !this.loop.finished(); tick++) {
				Instant next = now.plus(tro);
				while (!this.deliveries.isEmpty() && this.deliveries.peek().at.isBefore(next)) {
					Delivery delivery = this.deliveries.poll();
					this.loop.receive(delivery.arrival, delivery.at);
				}
				now = next;
				for (ProbeSend send : this.loop.tick(now)) {
					walk(send, now);
				}
				this.mostActivePaths = Math.max(this.mostActivePaths,
						(int) this.loop.report()
							.paths()
							.stream()
							.filter((path) -> path.outcome() == PathOutcome.RUNNING && path.sends() > 0)
							.count());
			}
			return this.loop.report();
		}

		// The probe enters its first switch over the CPU port (no loss there), which
		// answers at once; each later hop crosses a lossy link, and so does its feedback.
		private void walk(ProbeSend send, Instant sentAt) {
			this.outstanding.add(send);
			List<String> path = this.paths.get(send.path());
			deliver(sentAt.plus(HOP), new ProbeArrival(send.sendId(), ArrivalKind.FEEDBACK, List.of()));
			List<HopTelemetry> hops = new ArrayList<>();
			Instant at = sentAt.plus(HOP);
			for (int position = send.fromHop(); position < path.size(); position++) {
				hops.add(new HopTelemetry(position, 0, List.of((long) position)));
				if (position == path.size() - 1) {
					deliver(at.plus(HOP), new ProbeArrival(send.sendId(), ArrivalKind.COMPLETED, hops));
					return;
				}
				boolean probeArrives = this.random.nextDouble() >= this.loss;
				boolean feedbackArrives = probeArrives && this.random.nextDouble() >= this.loss;
				if (!feedbackArrives) {
					deliver(at.plus(this.loop.parameters().feedbackTimeout()),
							new ProbeArrival(send.sendId(), ArrivalKind.RECOVERY_NOTIFICATION, hops));
				}
				if (!probeArrives) {
					return;
				}
				at = at.plus(HOP);
			}
		}

		private void deliver(Instant at, ProbeArrival arrival) {
			this.deliveries.add(new Delivery(at, this.order++, arrival));
		}

	}

	private record Delivery(Instant at, long order, ProbeArrival arrival) implements Comparable<Delivery> {

		@Override
		public int compareTo(Delivery other) {
			int byTime = this.at.compareTo(other.at);
			return (byTime != 0) ? byTime : Long.compare(this.order, other.order);
		}

	}

}
