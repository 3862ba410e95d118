package io.sonde.probes.session;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.sonde.p4programs.SondePipeline;
import io.sonde.probes.recovery.ProbeSend;
import io.sonde.probes.recovery.RecoveryLoop;
import io.sonde.probes.recovery.RecoveryParameters;
import io.sonde.probes.recovery.RecoveryReport;
import io.sonde.switches.SwitchManagement;

/**
 * One session driven in real time: the recovery loop ticked every t_ro on the clock, its
 * sends turned into PacketOuts to each path's switch (the CPU port injects them into the
 * pipeline), the PacketIns the orchestrator hands over fed back as they come. Runs on the
 * orchestrator's session thread; {@link #offer} is called from the switches' threads.
 */
final class SessionRun {

	private static final System.Logger logger = System.getLogger(SessionRun.class.getName());

	private static final Duration PROGRESS_EVERY = Duration.ofSeconds(1);

	private final String sessionId;

	private final List<List<String>> paths;

	private final RecoveryParameters parameters;

	private final ProbeFrames frames;

	private final SwitchManagement switches;

	private final RequestIds ids;

	private final Clock clock;

	private final Duration maxTime;

	private final Duration renewEvery;

	private final LiveProgress live;

	private final BlockingQueue<Incoming> inbox = new LinkedBlockingQueue<>();

	private final Map<Integer, Long> sendByRequest = new HashMap<>();

	private int sendFailures;

	private int strays;

	SessionRun(String sessionId, List<List<String>> paths, RecoveryParameters parameters, ProbeFrames frames,
			SwitchManagement switches, RequestIds ids, Clock clock, Duration maxTime, Duration renewEvery,
			Consumer<Object> publisher) {
		this.sessionId = sessionId;
		this.paths = List.copyOf(paths);
		this.parameters = parameters;
		this.frames = frames;
		this.switches = switches;
		this.ids = ids;
		this.clock = clock;
		this.maxTime = maxTime;
		this.renewEvery = renewEvery;
		this.live = new LiveProgress(sessionId, publisher);
	}

	String sessionId() {
		return this.sessionId;
	}

	/** A probe packet from a switch, at the time it arrived. */
	void offer(ProbeFrames.Received probe, Instant at) {
		this.inbox.add(new Incoming(probe, at));
	}

	/**
	 * Runs the loop to its end (or until the lease is lost, the guard time passes or the
	 * thread is interrupted), reporting progress about once a second.
	 * @param renewLease extends the session's lease; false when it was lost
	 */
	Outcome run(BooleanSupplier renewLease, Consumer<RecoveryReport> progress) {
		Instant start = this.clock.instant();
		RecoveryLoop loop = new RecoveryLoop(this.paths, this.parameters, start);
		Duration tro = this.parameters.resolutionTime();
		Instant nextTick = start;
		Instant nextRenew = start.plus(this.renewEvery);
		Instant nextProgress = start.plus(PROGRESS_EVERY);
		Instant guard = start.plus(this.maxTime);
		try {
			while (!loop.finished()) {
				Instant now = this.clock.instant();
				if (!now.isBefore(nextTick)) {
					loop.tick(now).forEach(this::send);
					this.live.verdicts(loop.report().marks(), now);
					nextTick = nextTick.plus(tro);
					if (nextTick.isBefore(now)) {
						nextTick = now.plus(tro);
					}
				}
				if (!now.isBefore(nextRenew)) {
					if (!renewLease.getAsBoolean()) {
						return end(loop, "the session's lease in Redis was lost", false);
					}
					nextRenew = now.plus(this.renewEvery);
				}
				if (!now.isBefore(nextProgress)) {
					progress.accept(loop.report());
					nextProgress = now.plus(PROGRESS_EVERY);
				}
				if (now.isAfter(guard)) {
					return end(loop, "still running after sonde.probes.max-session-time " + this.maxTime, false);
				}
				long wait = Math.max(0, Duration.between(this.clock.instant(), nextTick).toNanos());
				// A packet taken is delivered (a feedback queued behind its completed
				// probe still counts); once the loop has finished, the rest wait for the
				// drain.
				Incoming incoming = this.inbox.poll(wait, TimeUnit.NANOSECONDS);
				while (incoming != null) {
					deliver(loop, incoming);
					incoming = loop.finished() ? null : this.inbox.poll();
				}
			}
			drainLatePackets(loop, tro);
			return end(loop, null, false);
		}
		catch (InterruptedException ex) {
			// Not interrupted again here: the caller still has Redis writes to make (an
			// interrupted thread's Redis commands fail); it interrupts itself after them.
			return end(loop, "the backend stopped while the session ran", true);
		}
		finally {
			this.ids.release(this.sendByRequest.keySet());
		}
	}

	// Packets already on their way when the last probe came back (a feedback overtaken by
	// its probe on another switch's stream) still count, for one t_ro.
	private void drainLatePackets(RecoveryLoop loop, Duration tro) throws InterruptedException {
		Incoming incoming = this.inbox.poll(tro.toNanos(), TimeUnit.NANOSECONDS);
		while (incoming != null) {
			deliver(loop, incoming);
			incoming = this.inbox.poll();
		}
	}

	private void deliver(RecoveryLoop loop, Incoming incoming) {
		Long sendId = this.sendByRequest.get(incoming.probe.requestId());
		if (sendId == null || !loop.receive(incoming.probe.toArrival(sendId), incoming.at)) {
			this.strays++;
			return;
		}
		this.live.arrived(sendId, incoming.probe.kind(), incoming.probe.hops().size(), incoming.at);
		this.live.verdicts(loop.report().marks(), incoming.at);
		loop.dispatchWaiting(incoming.at).forEach(this::send);
	}

	// A switch that cannot take the PacketOut (not connected, not primary) is one that
	// does not answer: the loop retries and, after r_a attempts, marks it unavailable.
	private void send(ProbeSend send) {
		List<String> path = this.paths.get(send.path());
		int requestId = this.ids
			.allocate(this.sessionId + "/" + send.sendId() + "/" + send.path() + "/" + send.fromHop());
		this.sendByRequest.put(requestId, send.sendId());
		String first = path.get(send.fromHop());
		try {
			this.switches.packetOut(first, SondePipeline.CPU_PORT, this.frames.frame(path, send.fromHop(), requestId));
			this.live.sent(send, true, this.clock.instant());
		}
		catch (RuntimeException ex) {
			this.live.sent(send, false, this.clock.instant());
			this.sendFailures++;
			logger.log(Level.DEBUG, () -> this.sessionId + ": probe to " + first + " not sent: " + ex.getMessage());
		}
	}

	private Outcome end(RecoveryLoop loop, String failure, boolean interrupted) {
		return new Outcome(loop.report(), failure, interrupted, this.sendFailures, this.strays);
	}

	private record Incoming(ProbeFrames.Received probe, Instant at) {
	}

	/**
	 * How a run ended.
	 *
	 * @param report the loop's report
	 * @param failure why it stopped before the loop finished; null when it finished
	 * @param interrupted the backend was stopping
	 * @param sendFailures PacketOuts a switch did not take
	 * @param strays probe packets that matched no send of this session
	 */
	record Outcome(RecoveryReport report, String failure, boolean interrupted, int sendFailures, int strays) {
	}

}
