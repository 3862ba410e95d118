package io.sonde.probes.session;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import io.sonde.probes.recovery.ArrivalKind;
import io.sonde.probes.recovery.HopTelemetry;
import io.sonde.probes.recovery.RecoveryParameters;
import io.sonde.probes.recovery.RecoveryProfile;
import io.sonde.switches.SwitchManagement;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willAnswer;
import static org.mockito.Mockito.mock;

/** A session's run takes in every probe packet its switches hand over in time. */
class SessionRunTests {

	private static final int REQUEST = 7;

	@Test
	void aFeedbackQueuedBehindItsCompletedProbeCounts() {
		AtomicReference<SessionRun> running = new AtomicReference<>();
		SwitchManagement switches = mock(SwitchManagement.class);
		// Both packets are in the inbox before the run reads it, the completed probe
		// first: the first switch's stream was the slower one.
		willAnswer((call) -> {
			running.get().offer(arrived(ArrivalKind.COMPLETED), Clock.systemUTC().instant());
			running.get().offer(arrived(ArrivalKind.FEEDBACK), Clock.systemUTC().instant());
			return null;
		}).given(switches).packetOut(anyString(), anyInt(), any());
		ProbeFrames frames = mock(ProbeFrames.class);
		given(frames.frame(any(), anyInt(), anyInt())).willReturn(new byte[0]);
		RequestIds ids = mock(RequestIds.class);
		given(ids.allocate(anyString())).willReturn(REQUEST);
		SessionRun run = new SessionRun("ps-1", List.of(List.of("s1", "s2")),
				RecoveryParameters.of(RecoveryProfile.PAPER), frames, switches, ids, Clock.systemUTC(),
				Duration.ofSeconds(30), Duration.ofSeconds(30), (event) -> {
				});
		running.set(run);

		SessionRun.Outcome outcome = run.run(() -> true, (report) -> {
		});

		assertThat(outcome.failure()).isNull();
		assertThat(outcome.report().feedbacks()).isEqualTo(1);
		assertThat(outcome.strays()).isZero();
	}

	private static ProbeFrames.Received arrived(ArrivalKind kind) {
		List<HopTelemetry> hops = (kind == ArrivalKind.COMPLETED)
				? List.of(new HopTelemetry(1, 0, List.of(1L)), new HopTelemetry(2, 0, List.of(2L))) : List.of();
		return new ProbeFrames.Received(REQUEST, kind, hops);
	}

}
