package io.sonde.e2e.repro.gpint;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * What a figure plots, and how one repetition's value is taken from its sessions: the
 * mean over the sessions, or the share of them that failed; the figure then averages the
 * repetitions' values with a 95% confidence interval.
 */
enum Metric {

	LATENCY("latency_s", "collection latency (s)"), FAILED_SESSIONS("failed_sessions_pct", "failed sessions (%)"),
	SESSIONS_COMPLETED("sessions_completed_pct", "sessions completed (%)"),
	FAILED_PROBES("failed_probes_pct", "failed probes (%)"),
	RECOVERY_PROBES("recovery_probes_pct", "recovery probes, 100 |P_R| / |P| (%)"),
	PROBES_SENT("probes_sent", "probes sent per session"),
	BACKGROUND_LOSS("background_loss_pct", "background traffic lost (%)"),
	UTILIZATION_MAX("busiest_switch_utilization_pct", "busiest switch's processor busy (%)"),
	UTILIZATION_MEAN("mean_switch_utilization_pct", "switches' processors busy, mean (%)");

	private final String column;

	private final String axis;

	Metric(String column, String axis) {
		this.column = column;
		this.axis = axis;
	}

	String column() {
		return this.column;
	}

	String axis() {
		return this.axis;
	}

	/** Whether the value comes from the background, not from sessions. */
	boolean ofBackground() {
		return this == BACKGROUND_LOSS || this == UTILIZATION_MAX || this == UTILIZATION_MEAN;
	}

	/** One repetition's value: over its sessions of one method, or its background. */
	double of(ScenarioRun run, Method method) {
		return switch (this) {
			case BACKGROUND_LOSS -> run.background().lossPercent();
			case UTILIZATION_MAX -> run.background().maxUtilizationPercent();
			case UTILIZATION_MEAN -> run.background().meanUtilizationPercent();
			case LATENCY -> mean(run.sessions().get(method), SessionResult::latencySeconds);
			case FAILED_SESSIONS -> mean(run.sessions().get(method), (s) -> s.complete() ? 0 : 100);
			case SESSIONS_COMPLETED -> mean(run.sessions().get(method), (s) -> s.complete() ? 100 : 0);
			case FAILED_PROBES ->
				ratio(run.sessions().get(method), SessionResult::probesLost, SessionResult::probesSent);
			case RECOVERY_PROBES ->
				ratio(run.sessions().get(method), SessionResult::recoveryProbes, SessionResult::initialProbes);
			case PROBES_SENT -> mean(run.sessions().get(method), SessionResult::probesSent);
		};
	}

	private static double mean(List<SessionResult> sessions, ToDoubleFunction<SessionResult> value) {
		if (sessions == null || sessions.isEmpty()) {
			throw new IllegalArgumentException("no sessions to average");
		}
		return sessions.stream().mapToDouble(value).average().orElseThrow();
	}

	/** Summed over the sessions, then divided: each probe weighs the same. */
	private static double ratio(List<SessionResult> sessions, ToDoubleFunction<SessionResult> part,
			ToDoubleFunction<SessionResult> whole) {
		if (sessions == null || sessions.isEmpty()) {
			throw new IllegalArgumentException("no sessions to average");
		}
		return 100 * sessions.stream().mapToDouble(part).sum() / sessions.stream().mapToDouble(whole).sum();
	}

}
