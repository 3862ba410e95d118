package io.sonde.probes.session;

import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.sonde.probes.ProbeComponentMarked;
import io.sonde.probes.ProbeProgressed;
import io.sonde.probes.ProbeSession.ComponentVerdict;
import io.sonde.probes.ProbeStep;
import io.sonde.probes.recovery.ArrivalKind;
import io.sonde.probes.recovery.ComponentMark;
import io.sonde.probes.recovery.ProbeSend;

/**
 * A running session's probes as live views see them: each send and each packet back as a
 * {@link ProbeProgressed}, each new or changed verdict of the recovery loop as a
 * {@link ProbeComponentMarked}. Publishing never fails the session: a listener's error is
 * logged.
 */
final class LiveProgress {

	private static final System.Logger logger = System.getLogger(LiveProgress.class.getName());

	private final String sessionId;

	private final Consumer<Object> publisher;

	private final Map<Long, ProbeSend> sends = new HashMap<>();

	private final Map<String, String> verdicts = new HashMap<>();

	LiveProgress(String sessionId, Consumer<Object> publisher) {
		this.sessionId = sessionId;
		this.publisher = publisher;
	}

	/** The send left for its first switch ({@code taken}) or that switch refused it. */
	void sent(ProbeSend send, boolean taken, Instant at) {
		this.sends.put(send.sendId(), send);
		publish(step(send, taken ? ProbeStep.SENT : ProbeStep.NOT_SENT, -1, at));
	}

	/**
	 * A packet of the send came back and the loop took it; {@code hops}: the telemetry
	 * entries it carries.
	 */
	void arrived(long sendId, ArrivalKind kind, int hops, Instant at) {
		ProbeSend send = this.sends.get(sendId);
		if (send == null) {
			return;
		}
		ProbeProgressed progressed = switch (kind) {
			case FEEDBACK -> step(send, ProbeStep.FEEDBACK, send.fromHop(), at);
			case COMPLETED -> step(send, ProbeStep.COMPLETED, send.fromHop() + hops - 1, at);
			case RECOVERY_NOTIFICATION -> step(send, ProbeStep.RECOVERY_NOTIFICATION, send.fromHop() + hops - 1, at);
		};
		publish(progressed);
	}

	/**
	 * The loop's verdicts now: those new or changed since the last call are published.
	 */
	void verdicts(List<ComponentMark> marks, Instant at) {
		for (ComponentMark mark : marks) {
			ComponentVerdict verdict = SessionRecords.verdict(mark);
			if (!verdict.status().equals(this.verdicts.put(verdict.component(), verdict.status()))) {
				publish(new ProbeComponentMarked(this.sessionId, verdict.kind(), verdict.component(), verdict.status(),
						mark.path(), at));
			}
		}
	}

	private ProbeProgressed step(ProbeSend send, ProbeStep step, int reached, Instant at) {
		return new ProbeProgressed(this.sessionId, step, send.path(), send.fromHop(), reached, send.attempt(),
				send.recovery(), at);
	}

	private void publish(Object event) {
		try {
			this.publisher.accept(event);
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, this.sessionId + ": live progress not published: " + ex.getMessage(), ex);
		}
	}

}
