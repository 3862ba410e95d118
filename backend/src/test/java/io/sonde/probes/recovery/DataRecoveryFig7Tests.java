package io.sonde.probes.recovery;

import java.util.List;

import io.sonde.probes.recovery.ProbedComponent.ProbedLink;
import io.sonde.probes.recovery.ProbedComponent.ProbedSwitch;
import org.junit.jupiter.api.Test;

import static io.sonde.probes.recovery.RecoveryFixtures.T0;
import static io.sonde.probes.recovery.RecoveryFixtures.at;
import static io.sonde.probes.recovery.RecoveryFixtures.completed;
import static io.sonde.probes.recovery.RecoveryFixtures.feedback;
import static io.sonde.probes.recovery.RecoveryFixtures.hop;
import static io.sonde.probes.recovery.RecoveryFixtures.hops;
import static io.sonde.probes.recovery.RecoveryFixtures.millis;
import static io.sonde.probes.recovery.RecoveryFixtures.notification;
import static io.sonde.probes.recovery.RecoveryFixtures.tickThrough;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The data recovery scenario of the paper's Fig. 7, step by step: one INT path s1, s2,
 * s3, s4, the paper's t_f = 1.5 s and r_a = 10, ticks every t_ro = 0.1 s.
 */
class DataRecoveryFig7Tests {

	private static final List<String> PATH = List.of("s1", "s2", "s3", "s4");

	private final RecoveryLoop loop = new RecoveryLoop(List.of(PATH), RecoveryParameters.of(RecoveryProfile.PAPER), T0);

	@Test
	void resendsFromS3WhenS2ReportsNoFeedbackAndCallsTheLinkCongestedWhenTheOriginalArrivesLate() {
		// The module sends the probe to the first switch of the path, s1.
		assertThat(this.loop.tick(T0)).containsExactly(new ProbeSend(1, 0, 0, 1, false));

		// s1 answers with a feedback holding only the request meta: s1 is responsive.
		assertThat(this.loop.receive(feedback(1), at(3))).isTrue();
		assertThat(this.loop.report().feedbacks()).isEqualTo(1);
		assertThat(this.loop.report().marks()).isEmpty();

		// s1 and s2 insert their telemetry and pass it on. While the probe travels, and
		// up to t_f, the module sends nothing more.
		assertThat(tickThrough(this.loop, 100, 1500)).isEmpty();

		// s3 does not send its feedback to s2 within t_f, so s2 sends its stored copy,
		// with s1's and s2's telemetry, as a recovery notification.
		assertThat(this.loop.receive(notification(1, hops(1, 2)), at(1520))).isTrue();
		RecoveryReport notified = this.loop.report();
		assertThat(notified.notifications()).isEqualTo(1);
		assertThat(notified.telemetry()).containsOnlyKeys("s1", "s2");
		assertThat(notified.telemetry().get("s2").telemetry()).isEqualTo(hop(2));
		// The module deduces a broken path: (s2, s3) is unavailable ...
		assertThat(notified.marks()).singleElement().satisfies((mark) -> {
			assertThat(mark.component()).isEqualTo(new ProbedLink("s2", "s3"));
			assertThat(mark.status()).isEqualTo(ComponentStatus.UNAVAILABLE);
			assertThat(mark.markedAt()).isEqualTo(at(1520));
			assertThat(mark.position()).isEqualTo(1);
		});
		assertThat(notified.paths().get(0).outcome()).isEqualTo(PathOutcome.RUNNING);
		assertThat(notified.paths().get(0).missing()).containsExactly(2, 3);

		// ... and at its next tick it starts another probe at s3, with s3's and
		// s4's source-route entries.
		assertThat(this.loop.tick(at(1600))).containsExactly(new ProbeSend(2, 0, 2, 1, true));
		assertThat(this.loop.receive(feedback(2), at(1603))).isTrue();

		// The first probe was only delayed between s2 and s3: it completes the path at s4
		// after all. The connection (s2, s3) is not unavailable but congested.
		assertThat(this.loop.receive(completed(1, hops(1, 4)), at(1700))).isTrue();
		RecoveryReport done = this.loop.report();
		assertThat(done.marks()).singleElement().satisfies((mark) -> {
			assertThat(mark.component()).isEqualTo(new ProbedLink("s2", "s3"));
			assertThat(mark.status()).isEqualTo(ComponentStatus.CONGESTED);
			assertThat(mark.changedAt()).isEqualTo(at(1700));
		});
		assertThat(done.finished()).isTrue();
		assertThat(done.complete()).isTrue();
		assertThat(done.telemetry()).containsOnlyKeys("s1", "s2", "s3", "s4");
		assertThat(done.probesSent()).isEqualTo(2);
		assertThat(done.recoveryProbesSent()).isEqualTo(1);
		assertThat(done.probesLost()).as("the first probe arrived after all; the second was not needed").isZero();
		assertThat(done.collectionLatency()).contains(millis(1700));

		// The recovery probe completing afterwards belongs to a finished session.
		assertThat(this.loop.receive(completed(2, hops(3, 4)), at(1710))).isFalse();
		assertThat(this.loop.tick(at(1800))).isEmpty();
	}

	@Test
	void piecesThePathTogetherFromTheNotificationAndTheRecoveryProbeWhenTheOriginalIsLost() {
		this.loop.tick(T0);
		this.loop.receive(feedback(1), at(3));
		tickThrough(this.loop, 100, 1500);
		this.loop.receive(notification(1, hops(1, 2)), at(1520));
		assertThat(this.loop.tick(at(1600))).containsExactly(new ProbeSend(2, 0, 2, 1, true));
		this.loop.receive(feedback(2), at(1603));

		this.loop.receive(completed(2, hops(3, 4)), at(1610));

		RecoveryReport done = this.loop.report();
		assertThat(done.complete()).isTrue();
		assertThat(done.telemetry().get("s1").sendId()).isEqualTo(1);
		assertThat(done.telemetry().get("s4").sendId()).isEqualTo(2);
		assertThat(done.marked(ComponentStatus.UNAVAILABLE)).extracting(ComponentMark::component)
			.containsExactly(new ProbedLink("s2", "s3"));
		assertThat(done.probesLost()).isEqualTo(1);
		assertThat(done.collectionLatency()).contains(millis(1610));
	}

	@Test
	void marksAFirstSwitchUnavailableAfterRaRecoveryAttemptsAndResumesAtTheNextSwitch() {
		// s1 never answers: every t_f (plus the tick that notices it) the probe is sent
		// to s1 again, 1 + r_a = 11 times in all ...
		List<ProbeSend> sent = tickThrough(this.loop, 0, 17_500);
		assertThat(sent).hasSize(11).allSatisfy((send) -> assertThat(send.fromHop()).isZero());
		assertThat(sent).extracting(ProbeSend::attempt).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
		assertThat(this.loop.report().marks()).isEmpty();

		// ... then s1 is marked unresponsive and the probe starts at s2 instead.
		assertThat(this.loop.tick(at(17_600))).containsExactly(new ProbeSend(12, 0, 1, 1, true));
		assertThat(this.loop.report().marks()).singleElement().satisfies((mark) -> {
			assertThat(mark.component()).isEqualTo(new ProbedSwitch("s1"));
			assertThat(mark.status()).isEqualTo(ComponentStatus.UNAVAILABLE);
		});

		this.loop.receive(feedback(12), at(17_603));
		this.loop.receive(completed(12, hops(2, 4)), at(17_650));

		RecoveryReport done = this.loop.report();
		assertThat(done.finished()).isTrue();
		assertThat(done.complete()).isFalse();
		assertThat(done.paths().get(0).outcome()).isEqualTo(PathOutcome.INCOMPLETE);
		assertThat(done.paths().get(0).missing()).containsExactly(0);
		assertThat(done.telemetry()).containsOnlyKeys("s2", "s3", "s4");
		assertThat(done.probesLost()).isEqualTo(11);
		assertThat(done.recoveryProbesSent()).isEqualTo(11);
	}

}
