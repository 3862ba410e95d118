package io.sonde.probes;

import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One probing session as stored in Redis and shown by the API.
 *
 * @param id {@code ps-<n>}, increasing
 * @param status where it stands
 * @param trigger {@code on-demand} or {@code periodic}
 * @param replica the backend replica that ran it
 * @param settings what it ran with
 * @param startedAt when it started
 * @param finishedAt when it ended; null while running
 * @param topology the topology planned on: its name and import time
 * @param paths the probed paths (a plan path longer than a probe's hop bound is probed as
 * consecutive pieces) and what became of each; empty while planning
 * @param replan why this session's plan avoids components, or differs from the last
 * session's topology; null when nothing was avoided and the topology is the last one's
 * @param telemetry each switch's latest reading, by name (in name order)
 * @param collectionLatencyMs first probe sent to last packet received; null before any
 * @param probesSent every probe sent, retries and recovery probes included
 * @param recoveryProbesSent probes sent after the first of each path
 * @param probesLost probes that failed (no feedback in t_f, a recovery notification, or
 * overdue) and never completed
 * @param feedbacks feedback packets received
 * @param notifications recovery notifications received
 * @param components A: switches and links marked unavailable or congested
 * @param failure why a failed or interrupted session ended; null otherwise
 */
public record ProbeSession(String id, SessionStatus status, String trigger, String replica, Settings settings,
		Instant startedAt, Instant finishedAt, String topology, List<SessionPath> paths, Replan replan,
		Map<String, SwitchReading> telemetry, Long collectionLatencyMs, int probesSent, int recoveryProbesSent,
		int probesLost, int feedbacks, int notifications, List<ComponentVerdict> components, String failure) {

	public ProbeSession {
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(status, "status");
		paths = (paths != null) ? List.copyOf(paths) : List.of();
		telemetry = Collections.unmodifiableMap((telemetry != null) ? new TreeMap<>(telemetry) : new TreeMap<>());
		components = (components != null) ? List.copyOf(components) : List.of();
	}

	/** The same session, ended with {@code status} for {@code reason}. */
	public ProbeSession ended(SessionStatus endStatus, Instant at, String reason) {
		return new ProbeSession(this.id, endStatus, this.trigger, this.replica, this.settings, this.startedAt, at,
				this.topology, this.paths, this.replan, this.telemetry, this.collectionLatencyMs, this.probesSent,
				this.recoveryProbesSent, this.probesLost, this.feedbacks, this.notifications, this.components, reason);
	}

	/**
	 * What a session ran with.
	 *
	 * @param algorithm {@code gpint} or {@code euler}
	 * @param k GPINT's k when asked for; null otherwise
	 * @param c GPINT-c's factor when asked for; null otherwise
	 * @param seed the planner's seed
	 * @param profile {@code paper} or {@code fine-tuned}
	 * @param feedbackTimeoutMs t_f
	 * @param recoveryAttempts r_a
	 * @param resolutionTimeMs t_ro
	 * @param maxInFlight paths probed at once
	 * @param recovery whether the recovery loop re-sends (off: each path once)
	 * @param requestType {@code port_packets} or {@code rule_hits}
	 */
	public record Settings(String algorithm, Integer k, Double c, long seed, String profile, long feedbackTimeoutMs,
			int recoveryAttempts, long resolutionTimeMs, int maxInFlight, boolean recovery, String requestType) {
	}

	/**
	 * One probed path.
	 *
	 * @param index its place in the session
	 * @param switches the switches it visits, in order
	 * @param outcome {@code running}, {@code collected} or {@code incomplete}
	 * @param sends probes sent for it
	 * @param missing switches whose telemetry it did not collect
	 */
	public record SessionPath(int index, List<String> switches, String outcome, int sends, List<String> missing) {

		public SessionPath {
			switches = List.copyOf(switches);
			missing = List.copyOf(missing);
		}

	}

	/**
	 * What one switch reported.
	 *
	 * @param switchId the low 8 bits of its INT node id, as the probe carries it
	 * @param queueDepth egress queue depth in packets when the probe left
	 * @param measurements its MEA range's counters, in index order
	 * @param firstIndex the register index of the first measurement
	 * @param path the path it was read on
	 * @param receivedAt when the packet carrying it arrived
	 */
	public record SwitchReading(int switchId, int queueDepth, List<Long> measurements, int firstIndex, int path,
			Instant receivedAt) {

		public SwitchReading {
			measurements = List.copyOf(measurements);
		}

	}

	/**
	 * An entry of A.
	 *
	 * @param kind {@code switch} or {@code link}
	 * @param component {@code s1}, or {@code s2--s3}
	 * @param status {@code unavailable} or {@code congested}
	 * @param markedAt when it was marked unavailable
	 * @param changedAt when its status last changed
	 */
	public record ComponentVerdict(String kind, String component, String status, Instant markedAt, Instant changedAt) {
	}

	/**
	 * Why the plan differs from a plain plan of the last session's topology: the closed
	 * loop.
	 *
	 * @param reasons for people, e.g. {@code link s2--s3 unavailable in ps-12}
	 * @param avoidedSwitches switches the plan left out
	 * @param avoidedLinks links the plan did not walk ({@code s2--s3})
	 */
	public record Replan(List<String> reasons, List<String> avoidedSwitches, List<String> avoidedLinks) {

		public Replan {
			reasons = List.copyOf(reasons);
			avoidedSwitches = List.copyOf(avoidedSwitches);
			avoidedLinks = List.copyOf(avoidedLinks);
		}

	}

}
