package io.sonde.probes.session;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSession.ComponentVerdict;
import io.sonde.probes.ProbeSession.SessionPath;
import io.sonde.probes.ProbeSession.SwitchReading;
import io.sonde.probes.SessionStatus;
import io.sonde.probes.recovery.ComponentMark;
import io.sonde.probes.recovery.HopReading;
import io.sonde.probes.recovery.PathReport;
import io.sonde.probes.recovery.ProbedComponent.ProbedSwitch;
import io.sonde.probes.recovery.RecoveryReport;

/** A session's record from what its recovery loop reports. */
final class SessionRecords {

	private SessionRecords() {
	}

	/** The running session with the loop's progress so far. */
	static ProbeSession progress(ProbeSession started, RecoveryReport report, int firstIndex) {
		return with(started, SessionStatus.RUNNING, null, null, report, firstIndex);
	}

	/** The ended session: its status follows from how the run ended. */
	static ProbeSession finished(ProbeSession started, SessionRun.Outcome outcome, Instant at, int firstIndex) {
		RecoveryReport report = outcome.report();
		SessionStatus status;
		String failure = outcome.failure();
		if (outcome.interrupted()) {
			status = SessionStatus.INTERRUPTED;
		}
		else if (failure != null && failure.contains("lease")) {
			status = SessionStatus.FAILED;
		}
		else if (report.probesSent() > 0 && outcome.sendFailures() == report.probesSent()
				&& report.lastReceivedAt() == null) {
			status = SessionStatus.FAILED;
			failure = "no switch took a probe (" + outcome.sendFailures() + " PacketOuts refused)";
		}
		else {
			status = (failure == null && report.complete()) ? SessionStatus.COMPLETED : SessionStatus.INCOMPLETE;
		}
		return with(started, status, at, failure, report, firstIndex);
	}

	private static ProbeSession with(ProbeSession started, SessionStatus status, Instant finishedAt, String failure,
			RecoveryReport report, int firstIndex) {
		List<SessionPath> paths = report.paths().stream().map(SessionRecords::path).toList();
		Map<String, SwitchReading> telemetry = new LinkedHashMap<>();
		report.telemetry()
			.values()
			.forEach((reading) -> telemetry.put(reading.switchName(), reading(reading, firstIndex)));
		List<ComponentVerdict> components = report.marks().stream().map(SessionRecords::verdict).toList();
		Long latency = report.collectionLatency().map((duration) -> duration.toMillis()).orElse(null);
		return new ProbeSession(started.id(), status, started.trigger(), started.replica(), started.settings(),
				started.startedAt(), finishedAt, started.topology(), paths, started.replan(), telemetry, latency,
				report.probesSent(), report.recoveryProbesSent(), report.probesLost(), report.feedbacks(),
				report.notifications(), components, failure);
	}

	private static SessionPath path(PathReport path) {
		return new SessionPath(path.path(), path.switches(), path.outcome().name().toLowerCase(Locale.ROOT),
				path.sends(), path.missing().stream().map(path.switches()::get).toList());
	}

	private static SwitchReading reading(HopReading reading, int firstIndex) {
		return new SwitchReading(reading.telemetry().switchId(), reading.telemetry().queueDepth(),
				reading.telemetry().measurements(), firstIndex, reading.path(), reading.receivedAt());
	}

	static ComponentVerdict verdict(ComponentMark mark) {
		return new ComponentVerdict((mark.component() instanceof ProbedSwitch) ? "switch" : "link",
				mark.component().key(), mark.status().name().toLowerCase(Locale.ROOT), mark.markedAt(),
				mark.changedAt());
	}

}
