package io.sonde.probes.recovery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import io.sonde.probes.recovery.ProbedComponent.ProbedLink;
import io.sonde.probes.recovery.ProbedComponent.ProbedSwitch;

/**
 * The data recovery loop of one probing session: Algorithm 1 (the loop) and Algorithm 2
 * (the recovery queue) of the paper, as a deterministic state machine. It owns no thread
 * and reads no clock: its driver calls {@link #tick} every t_ro and {@link #receive} for
 * every probe packet, passing the time, and sends what {@link #tick} returns. The same
 * class runs in real time in the backend and in the emulator's virtual time in the
 * experiments. Where the paper's pseudo-code is ambiguous, docs/ARCHITECTURE.md ("The
 * recovery loop") says how it was read.
 */
public final class RecoveryLoop {

	private static final Comparator<PathProbe> BY_PATH = Comparator.comparingInt((probe) -> probe.path);

	private static final Comparator<PathProbe> BY_DEADLINE = Comparator.comparing((PathProbe probe) -> probe.deadline)
		.thenComparing(BY_PATH);

	private final RecoveryParameters parameters;

	private final List<PathProbe> probes = new ArrayList<>();

	/** F: paths whose current send waits for its first switch's feedback. */
	private final Set<PathProbe> awaitingFeedback = new TreeSet<>(BY_PATH);

	/** Q: paths waiting for their deadline, then to be sent (again) unless finished. */
	private final Set<PathProbe> recoveryQueue = new TreeSet<>(BY_PATH);

	private final Map<Long, Send> sends = new HashMap<>();

	private final ComponentMarks marks = new ComponentMarks();

	private final Map<String, HopReading> telemetry = new LinkedHashMap<>();

	private long lastSendId;

	private int recoveryProbesSent;

	private int feedbacks;

	private int notifications;

	private Instant firstSentAt;

	private Instant lastReceivedAt;

	private Instant finishedAt;

	/**
	 * @param paths each path's switches in order, none empty
	 * @param parameters t_f, r_a, t_ro, concurrency
	 * @param start when the session starts: every path is due then
	 */
	public RecoveryLoop(List<List<String>> paths, RecoveryParameters parameters, Instant start) {
		this.parameters = Objects.requireNonNull(parameters, "parameters");
		Objects.requireNonNull(start, "start");
		for (List<String> path : paths) {
			if (path.isEmpty()) {
				throw new IllegalArgumentException("path " + this.probes.size() + " has no switch");
			}
			PathProbe probe = new PathProbe(this.probes.size(), path, start);
			this.probes.add(probe);
			this.recoveryQueue.add(probe);
		}
		finishIfDone(start);
	}

	public RecoveryParameters parameters() {
		return this.parameters;
	}

	/**
	 * The time-out sequence (Algorithm 1, lines 2-12), then the recovery queue (Algorithm
	 * 2).
	 * @return the probes to send now, in order
	 */
	public List<ProbeSend> tick(Instant now) {
		if (finished()) {
			return List.of();
		}
		if (this.parameters.recoveryEnabled()) {
			feedbackTimeouts(now);
		}
		List<ProbeSend> out = processRecoveryQueue(now);
		finishIfDone(now);
		return out;
	}

	/**
	 * Paths not sent yet that now fit under the in-flight limit: a completed path frees
	 * its place for the next at once, as a poller's next request does, instead of waiting
	 * for the next tick. Retries and recovery probes keep to Algorithm 2's ticks.
	 * @return the probes to send now, in order
	 */
	public List<ProbeSend> dispatchWaiting(Instant now) {
		if (finished()) {
			return List.of();
		}
		long active = this.probes.stream().filter((probe) -> probe.active).count();
		List<ProbeSend> out = new ArrayList<>();
		for (PathProbe probe : this.probes) {
			if (active >= this.parameters.maxInFlight()) {
				break;
			}
			if (probe.sends == 0 && !probe.active && this.recoveryQueue.contains(probe)) {
				this.recoveryQueue.remove(probe);
				active++;
				out.add(send(probe, now));
			}
		}
		return out;
	}

	/**
	 * A probe packet arrived (Algorithm 1, lines 13-23).
	 * @return whether it belonged to this session and was taken into account (false for
	 * an unknown send, or once the session has finished, except a late feedback)
	 */
	public boolean receive(ProbeArrival arrival, Instant now) {
		Send send = this.sends.get(arrival.sendId());
		if (send == null) {
			return false;
		}
		if (finished()) {
			// A first switch's feedback and the completed probe come from two switches'
			// streams, so the feedback may come second: counted, nothing left to decide.
			if (arrival.kind() != ArrivalKind.FEEDBACK) {
				return false;
			}
			this.feedbacks++;
			return true;
		}
		this.lastReceivedAt = now;
		PathProbe probe = this.probes.get(send.path);
		collect(probe, send, arrival, now);
		switch (arrival.kind()) {
			case COMPLETED -> {
				send.completed = true;
				if (!probe.finished()) {
					end(probe);
				}
			}
			case FEEDBACK -> {
				this.feedbacks++;
				if (isCurrent(probe, send) && !probe.fedBack && this.parameters.recoveryEnabled()) {
					this.awaitingFeedback.remove(probe);
					probe.fedBack = true;
					probe.deadline = probe.init
						.plus(this.parameters.measurementAllowance(probe.length() - probe.index));
					this.recoveryQueue.add(probe);
				}
			}
			case RECOVERY_NOTIFICATION -> {
				this.notifications++;
				if (isCurrent(probe, send)) {
					notified(probe, send, arrival.hops().size(), now);
				}
			}
		}
		finishIfDone(now);
		return true;
	}

	/** Every path collected or given up. */
	public boolean finished() {
		return this.probes.stream().allMatch(PathProbe::finished);
	}

	public RecoveryReport report() {
		int lost = (int) this.sends.values().stream().filter((send) -> send.failed && !send.completed).count();
		return new RecoveryReport(finished(), this.probes.stream().map(PathProbe::report).toList(), this.marks.all(),
				this.telemetry, this.sends.size(), this.recoveryProbesSent, lost, this.feedbacks, this.notifications,
				this.firstSentAt, this.lastReceivedAt, this.finishedAt);
	}

	// Algorithm 1, lines 3-12. A send is in F until feedback or a notification; past
	// t_f it goes to Q (once: line 6 reads "if p is not in Q"), and after 1 + r_a
	// sends at the same switch that switch is marked unavailable and the probe resumes
	// at the next.
	private void feedbackTimeouts(Instant now) {
		for (PathProbe probe : List.copyOf(this.awaitingFeedback)) {
			if (Duration.between(probe.init, now).compareTo(this.parameters.feedbackTimeout()) <= 0
					|| this.recoveryQueue.contains(probe)) {
				continue;
			}
			failed(probe.currentSend);
			probe.currentSend = 0;
			probe.deadline = now;
			this.recoveryQueue.add(probe);
			if (probe.attempts > this.parameters.recoveryAttempts()) {
				this.marks.unavailable(new ProbedSwitch(probe.switches.get(probe.index)), now, probe.path, probe.index);
				probe.index++;
				probe.attempts = 0;
				if (probe.index >= probe.length()) {
					end(probe);
				}
			}
		}
	}

	// Algorithm 2. A path that holds no in-flight place waits while maxInFlight paths
	// are being probed; a retry of an active path replaces its own probe.
	private List<ProbeSend> processRecoveryQueue(Instant now) {
		List<PathProbe> queued = new ArrayList<>(this.recoveryQueue);
		queued.sort(BY_DEADLINE);
		long active = this.probes.stream().filter((probe) -> probe.active).count();
		List<ProbeSend> out = new ArrayList<>();
		for (PathProbe probe : queued) {
			if (now.isBefore(probe.deadline)) {
				continue;
			}
			if (probe.finished()) {
				this.recoveryQueue.remove(probe);
				continue;
			}
			if (!probe.active && active >= this.parameters.maxInFlight()) {
				continue;
			}
			this.recoveryQueue.remove(probe);
			if (probe.currentSend != 0) {
				// Acknowledged (or sent without recovery) and overdue: nobody said where
				// it was lost, so nothing is marked.
				failed(probe.currentSend);
				probe.currentSend = 0;
				if (!this.parameters.recoveryEnabled() || probe.attempts > this.parameters.recoveryAttempts()) {
					end(probe);
					continue;
				}
			}
			if (!probe.active) {
				active++;
			}
			out.add(send(probe, now));
		}
		return out;
	}

	private ProbeSend send(PathProbe probe, Instant now) {
		long id = ++this.lastSendId;
		boolean recovery = probe.sends > 0;
		probe.attempts++;
		probe.sends++;
		probe.init = now;
		probe.currentSend = id;
		probe.fedBack = false;
		probe.active = true;
		this.sends.put(id, new Send(probe.path, probe.index));
		if (recovery) {
			this.recoveryProbesSent++;
		}
		if (this.firstSentAt == null) {
			this.firstSentAt = now;
		}
		if (this.parameters.recoveryEnabled()) {
			this.awaitingFeedback.add(probe);
		}
		else {
			probe.deadline = now.plus(this.parameters.measurementAllowance(probe.length() - probe.index));
			this.recoveryQueue.add(probe);
		}
		return new ProbeSend(id, probe.path, probe.index, probe.attempts, recovery);
	}

	// Algorithm 1, lines 21-23: the switch that sent the stored copy is the last hop in
	// it; the link to its next hop is marked and the probe resumes at that next hop.
	private void notified(PathProbe probe, Send send, int hops, Instant now) {
		if (hops == 0) {
			return;
		}
		int sender = send.fromHop + hops - 1;
		if (sender >= probe.length() - 1) {
			send.completed = true;
			end(probe);
			return;
		}
		failed(send);
		this.marks.unavailable(new ProbedLink(probe.switches.get(sender), probe.switches.get(sender + 1)), now,
				probe.path, sender);
		this.awaitingFeedback.remove(probe);
		probe.index = sender + 1;
		probe.attempts = 0;
		probe.fedBack = false;
		probe.currentSend = 0;
		probe.deadline = now;
		this.recoveryQueue.add(probe);
	}

	// What a packet proves: its hops reported (telemetry), and every switch and link it
	// went through works, so an unavailable mark on them becomes congested (Fig. 7).
	private void collect(PathProbe probe, Send send, ProbeArrival arrival, Instant now) {
		if (arrival.kind() == ArrivalKind.FEEDBACK) {
			this.marks.crossed(new ProbedSwitch(probe.switches.get(send.fromHop)), now);
			return;
		}
		List<HopTelemetry> hops = arrival.hops();
		for (int hop = 0; hop < hops.size() && send.fromHop + hop < probe.length(); hop++) {
			int position = send.fromHop + hop;
			String name = probe.switches.get(position);
			if (!probe.finished()) {
				probe.cover(position);
			}
			this.telemetry.put(name, new HopReading(name, probe.path, position, hops.get(hop), arrival.sendId(), now));
			this.marks.crossed(new ProbedSwitch(name), now);
			if (hop > 0) {
				this.marks.crossed(new ProbedLink(probe.switches.get(position - 1), name), now);
			}
		}
	}

	private boolean isCurrent(PathProbe probe, Send send) {
		return !probe.finished() && this.sends.get(probe.currentSend) == send;
	}

	private void failed(long sendId) {
		Send send = this.sends.get(sendId);
		if (send != null) {
			failed(send);
		}
	}

	private void failed(Send send) {
		send.failed = true;
	}

	private void end(PathProbe probe) {
		this.awaitingFeedback.remove(probe);
		this.recoveryQueue.remove(probe);
		probe.finish();
	}

	private void finishIfDone(Instant now) {
		if (this.finishedAt == null && finished()) {
			this.finishedAt = now;
		}
	}

	/** One send: where it started, and what became of it. */
	private static final class Send {

		final int path;

		final int fromHop;

		boolean failed;

		boolean completed;

		Send(int path, int fromHop) {
			this.path = path;
			this.fromHop = fromHop;
		}

	}

}
