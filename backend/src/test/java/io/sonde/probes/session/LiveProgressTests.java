package io.sonde.probes.session;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.sonde.probes.ProbeComponentMarked;
import io.sonde.probes.ProbeProgressed;
import io.sonde.probes.ProbeStep;
import io.sonde.probes.recovery.ArrivalKind;
import io.sonde.probes.recovery.ComponentMark;
import io.sonde.probes.recovery.ComponentStatus;
import io.sonde.probes.recovery.ProbeSend;
import io.sonde.probes.recovery.ProbedComponent.ProbedLink;
import io.sonde.probes.recovery.ProbedComponent.ProbedSwitch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** What live views hear of a running session's probes (the Fig. 7 steps) and verdicts. */
class LiveProgressTests {

	private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

	private final List<Object> published = new ArrayList<>();

	private final LiveProgress live = new LiveProgress("ps-7", this.published::add);

	@Test
	void tellsHowFarEachProbeOfAPathIsKnownToHaveGot() {
		// Path 1 is s1 s2 s3 s4: sent to s1, s1 answers, s2 gets no feedback from s3,
		// the recovery probe goes to s3 and completes at s4.
		this.live.sent(new ProbeSend(1, 1, 0, 1, false), true, T0);
		this.live.arrived(1, ArrivalKind.FEEDBACK, 0, T0.plusMillis(1));
		this.live.arrived(1, ArrivalKind.RECOVERY_NOTIFICATION, 2, T0.plusMillis(1500));
		this.live.sent(new ProbeSend(2, 1, 2, 1, true), true, T0.plusMillis(1600));
		this.live.arrived(2, ArrivalKind.COMPLETED, 2, T0.plusMillis(1602));

		assertThat(this.published).containsExactly(new ProbeProgressed("ps-7", ProbeStep.SENT, 1, 0, -1, 1, false, T0),
				new ProbeProgressed("ps-7", ProbeStep.FEEDBACK, 1, 0, 0, 1, false, T0.plusMillis(1)),
				new ProbeProgressed("ps-7", ProbeStep.RECOVERY_NOTIFICATION, 1, 0, 1, 1, false, T0.plusMillis(1500)),
				new ProbeProgressed("ps-7", ProbeStep.SENT, 1, 2, -1, 1, true, T0.plusMillis(1600)),
				new ProbeProgressed("ps-7", ProbeStep.COMPLETED, 1, 2, 3, 1, true, T0.plusMillis(1602)));
	}

	@Test
	void saysWhenASwitchDidNotTakeTheProbeAndIgnoresPacketsOfUnknownSends() {
		this.live.sent(new ProbeSend(4, 0, 0, 2, true), false, T0);
		this.live.arrived(99, ArrivalKind.COMPLETED, 3, T0);

		assertThat(this.published)
			.containsExactly(new ProbeProgressed("ps-7", ProbeStep.NOT_SENT, 0, 0, -1, 2, true, T0));
	}

	@Test
	void publishesEachVerdictOnceAndAgainWhenItsStatusChanges() {
		ComponentMark link = new ComponentMark(new ProbedLink("s3", "s2"), ComponentStatus.UNAVAILABLE, T0, T0, 1, 1);
		ComponentMark node = new ComponentMark(new ProbedSwitch("s9"), ComponentStatus.UNAVAILABLE, T0, T0, 0, 2);

		this.live.verdicts(List.of(link), T0);
		this.live.verdicts(List.of(link, node), T0.plusSeconds(1));
		this.live.verdicts(List.of(link, node), T0.plusSeconds(2));
		this.live.verdicts(List
			.of(new ComponentMark(link.component(), ComponentStatus.CONGESTED, T0, T0.plusSeconds(3), 1, 1), node),
				T0.plusSeconds(3));

		assertThat(this.published).containsExactly(
				new ProbeComponentMarked("ps-7", "link", "s2--s3", "unavailable", 1, T0),
				new ProbeComponentMarked("ps-7", "switch", "s9", "unavailable", 0, T0.plusSeconds(1)),
				new ProbeComponentMarked("ps-7", "link", "s2--s3", "congested", 1, T0.plusSeconds(3)));
	}

	@Test
	void aFailingListenerDoesNotFailTheSession() {
		LiveProgress failing = new LiveProgress("ps-8", (event) -> {
			throw new IllegalStateException("a listener broke");
		});

		assertThatCode(() -> {
			failing.sent(new ProbeSend(1, 0, 0, 1, false), true, T0);
			failing.arrived(1, ArrivalKind.COMPLETED, 3, T0);
		}).doesNotThrowAnyException();
	}

}
