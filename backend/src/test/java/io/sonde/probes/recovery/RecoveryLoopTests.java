package io.sonde.probes.recovery;

import java.util.ArrayList;
import java.util.List;

import io.sonde.probes.recovery.ProbedComponent.ProbedLink;
import io.sonde.probes.recovery.ProbedComponent.ProbedSwitch;
import org.junit.jupiter.api.Test;

import static io.sonde.probes.recovery.RecoveryFixtures.T0;
import static io.sonde.probes.recovery.RecoveryFixtures.at;
import static io.sonde.probes.recovery.RecoveryFixtures.completed;
import static io.sonde.probes.recovery.RecoveryFixtures.feedback;
import static io.sonde.probes.recovery.RecoveryFixtures.hops;
import static io.sonde.probes.recovery.RecoveryFixtures.notification;
import static io.sonde.probes.recovery.RecoveryFixtures.tickThrough;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** Algorithms 1 and 2 at their edges. */
class RecoveryLoopTests {

	private static final RecoveryParameters FINE_TUNED = RecoveryParameters.of(RecoveryProfile.FINE_TUNED);

	private static final List<String> LINE = List.of("s1", "s2", "s3");

	@Test
	void profilesCarryThePapersValues() {
		assertThat(RecoveryParameters.of(RecoveryProfile.PAPER)).isEqualTo(
				new RecoveryParameters(RecoveryFixtures.millis(1500), 10, RecoveryFixtures.millis(100), 12, true));
		assertThat(RecoveryParameters.of(RecoveryProfile.FINE_TUNED).feedbackTimeout())
			.isEqualTo(RecoveryFixtures.millis(400));
		assertThat(RecoveryParameters.of(RecoveryProfile.FINE_TUNED).recoveryAttempts()).isEqualTo(2);
		assertThat(RecoveryProfile.ofLabel("fine-tuned")).contains(RecoveryProfile.FINE_TUNED);
		assertThat(RecoveryProfile.ofLabel("fast")).isEmpty();
	}

	@Test
	void sendsAtMostMaxInFlightPathsAtOnceAndTheNextWhenOneFinishes() {
		List<List<String>> paths = new ArrayList<>();
		for (int i = 0; i < 15; i++) {
			paths.add(List.of("s" + i));
		}
		RecoveryLoop loop = new RecoveryLoop(paths, FINE_TUNED, T0);

		List<ProbeSend> first = loop.tick(T0);
		assertThat(first).extracting(ProbeSend::path).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
		assertThat(loop.tick(at(100))).isEmpty();

		loop.receive(completed(first.get(3).sendId(), hops(3, 3)), at(150));
		assertThat(loop.tick(at(200))).extracting(ProbeSend::path).containsExactly(12);
	}

	@Test
	void retriesOfAnActivePathAreNotHeldBackByTheInFlightLimit() {
		RecoveryLoop loop = new RecoveryLoop(List.of(LINE, LINE), FINE_TUNED.withMaxInFlight(1), T0);
		assertThat(loop.tick(T0)).extracting(ProbeSend::path).containsExactly(0);

		// Path 0 gets no feedback: its retry goes out although path 1 still waits.
		assertThat(tickThrough(loop, 100, 500)).singleElement().satisfies((send) -> {
			assertThat(send.path()).isZero();
			assertThat(send.attempt()).isEqualTo(2);
		});
	}

	@Test
	void aLateFeedbackTurnsAnUnavailableSwitchIntoACongestedOne() {
		RecoveryLoop loop = new RecoveryLoop(List.of(LINE), FINE_TUNED, T0);
		// 1 + r_a = 3 sends at s1, each noticed 0.5 s later, then s1 is marked.
		List<ProbeSend> sent = tickThrough(loop, 0, 1500);
		assertThat(sent).extracting(ProbeSend::fromHop).containsExactly(0, 0, 0, 1);
		assertThat(loop.report().marks()).extracting(ComponentMark::status)
			.containsExactly(ComponentStatus.UNAVAILABLE);

		loop.receive(feedback(sent.get(0).sendId()), at(1550));

		assertThat(loop.report().marks()).singleElement().satisfies((mark) -> {
			assertThat(mark.component()).isEqualTo(new ProbedSwitch("s1"));
			assertThat(mark.status()).isEqualTo(ComponentStatus.CONGESTED);
		});
		// A stale feedback does not stop the probe that now starts at s2.
		assertThat(loop.report().paths().get(0).outcome()).isEqualTo(PathOutcome.RUNNING);
	}

	@Test
	void givesUpWithoutMarkingAnythingWhenAnAcknowledgedProbeNeverComesBack() {
		RecoveryLoop loop = new RecoveryLoop(List.of(LINE), FINE_TUNED, T0);
		// Each send is acknowledged by s1, then nothing: no completion, no notification.
		// The deadline for three hops is t_f * 4 = 1.6 s.
		List<ProbeSend> sent = new ArrayList<>();
		for (long t = 0; t <= 6000; t += 100) {
			for (ProbeSend send : loop.tick(at(t))) {
				sent.add(send);
				loop.receive(feedback(send.sendId()), at(t + 1));
			}
		}
		assertThat(sent).extracting(ProbeSend::attempt).containsExactly(1, 2, 3);
		assertThat(sent).extracting(ProbeSend::fromHop).containsOnly(0);
		RecoveryReport report = loop.report();
		assertThat(report.finished()).isTrue();
		assertThat(report.finishedAt()).isEqualTo(at(4800));
		assertThat(report.paths().get(0).outcome()).isEqualTo(PathOutcome.INCOMPLETE);
		assertThat(report.marks()).isEmpty();
		assertThat(report.probesLost()).isEqualTo(3);
	}

	@Test
	void withoutRecoveryAProbeThatDoesNotReturnIsLostAtItsDeadlineAndNotResent() {
		RecoveryLoop loop = new RecoveryLoop(List.of(LINE, List.of("s4", "s5")), FINE_TUNED.withRecoveryEnabled(false),
				T0);
		List<ProbeSend> first = loop.tick(T0);
		assertThat(first).hasSize(2);
		loop.receive(completed(first.get(1).sendId(), hops(4, 5)), at(40));

		// Path 0's deadline: t_f * (3 + 1) = 1.6 s; no retry before or after it.
		assertThat(tickThrough(loop, 100, 2000)).isEmpty();
		RecoveryReport report = loop.report();
		assertThat(report.finished()).isTrue();
		assertThat(report.finishedAt()).isEqualTo(at(1600));
		assertThat(report.paths()).extracting(PathReport::outcome)
			.containsExactly(PathOutcome.INCOMPLETE, PathOutcome.COLLECTED);
		assertThat(report.probesLost()).isEqualTo(1);
		assertThat(report.recoveryProbesSent()).isZero();
		assertThat(report.collectionLatency()).contains(RecoveryFixtures.millis(40));
	}

	@Test
	void aNotificationFromTheLastSwitchButOneResumesAtTheLastSwitch() {
		RecoveryLoop loop = new RecoveryLoop(List.of(LINE), FINE_TUNED, T0);
		loop.tick(T0);
		loop.receive(feedback(1), at(2));
		loop.receive(notification(1, hops(1, 2)), at(420));

		assertThat(loop.tick(at(500))).containsExactly(new ProbeSend(2, 0, 2, 1, true));
		assertThat(loop.report().marks()).extracting(ComponentMark::component)
			.containsExactly(new ProbedLink("s2", "s3"));
		loop.receive(completed(2, hops(3, 3)), at(510));
		assertThat(loop.report().complete()).isTrue();
	}

	@Test
	void aNotificationOfARecoveryProbeCountsHopsFromWhereThatProbeStarted() {
		List<String> path = List.of("s1", "s2", "s3", "s4", "s5");
		RecoveryLoop loop = new RecoveryLoop(List.of(path), FINE_TUNED, T0);
		loop.tick(T0);
		loop.receive(notification(1, hops(1, 1)), at(410));
		assertThat(loop.tick(at(500))).containsExactly(new ProbeSend(2, 0, 1, 1, true));

		// Sent at s2: two hops in its notification mean s3 reported no answer from s4.
		loop.receive(notification(2, hops(2, 3)), at(920));

		assertThat(loop.report().marks()).extracting(ComponentMark::component)
			.containsExactly(new ProbedLink("s1", "s2"), new ProbedLink("s3", "s4"));
		assertThat(loop.tick(at(1000))).containsExactly(new ProbeSend(3, 0, 3, 1, true));
	}

	@Test
	void aNotificationForASupersededSendMarksNothing() {
		RecoveryLoop loop = new RecoveryLoop(List.of(LINE), FINE_TUNED, T0);
		loop.tick(T0);
		// No feedback: the probe is sent again at 0.5 s ...
		assertThat(tickThrough(loop, 100, 500)).hasSize(1);
		// ... and then the first send's stored copy comes back from s2.
		loop.receive(notification(1, hops(1, 2)), at(550));

		assertThat(loop.report().marks()).isEmpty();
		assertThat(loop.report().telemetry()).containsOnlyKeys("s1", "s2");
		assertThat(loop.report().paths().get(0).outcome()).isEqualTo(PathOutcome.RUNNING);
	}

	@Test
	void anUnresponsiveLastSwitchEndsThePathIncomplete() {
		RecoveryLoop loop = new RecoveryLoop(List.of(List.of("s9")), FINE_TUNED, T0);
		assertThat(tickThrough(loop, 0, 3000)).hasSize(3);
		RecoveryReport report = loop.report();
		assertThat(report.finished()).isTrue();
		assertThat(report.marks()).extracting(ComponentMark::component).containsExactly(new ProbedSwitch("s9"));
		assertThat(report.paths().get(0).missing()).containsExactly(0);
	}

	@Test
	void ignoresPacketsOfSendsItDidNotMake() {
		RecoveryLoop loop = new RecoveryLoop(List.of(LINE), FINE_TUNED, T0);
		loop.tick(T0);
		assertThat(loop.receive(completed(77, hops(1, 3)), at(10))).isFalse();
		assertThat(loop.report().lastReceivedAt()).isNull();
		assertThat(loop.report().finished()).isFalse();
	}

	@Test
	void aSessionWithoutPathsIsFinishedAtOnce() {
		RecoveryLoop loop = new RecoveryLoop(List.of(), FINE_TUNED, T0);
		assertThat(loop.finished()).isTrue();
		assertThat(loop.tick(T0)).isEmpty();
		assertThat(loop.report().finishedAt()).isEqualTo(T0);
	}

	@Test
	void refusesAnEmptyPathAndNonsenseParameters() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RecoveryLoop(List.of(List.of()), FINE_TUNED, T0))
			.withMessageContaining("path 0");
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> new RecoveryParameters(RecoveryFixtures.millis(0), 2, RecoveryFixtures.millis(100), 12, true))
			.withMessageContaining("feedbackTimeout");
		assertThatIllegalArgumentException().isThrownBy(() -> FINE_TUNED.withMaxInFlight(0))
			.withMessageContaining("maxInFlight");
	}

}
