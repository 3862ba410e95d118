package io.sonde.e2e.repro.gpint;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.pipeline.SondeIngress;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulatedSwitch;
import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.ProbeHop;
import io.sonde.p4programs.codec.ProbeKind;
import io.sonde.p4programs.codec.ProbeLimits;
import io.sonde.probes.recovery.ArrivalKind;
import io.sonde.probes.recovery.HopTelemetry;
import io.sonde.probes.recovery.ProbeArrival;
import io.sonde.probes.recovery.ProbeSend;
import io.sonde.probes.recovery.RecoveryLoop;
import io.sonde.probes.recovery.RecoveryParameters;
import io.sonde.probes.recovery.RecoveryProfile;
import io.sonde.probes.recovery.RecoveryReport;

/**
 * The paper's monitoring module (Fig. 2) on an emulated network in virtual time: probe
 * sessions driven by the backend's {@link RecoveryLoop} (the class the probes module runs
 * in real time), ticked every t_ro of virtual time, its sends built as probe frames and
 * injected at their first switch as a PacketOut to the CPU port would be, and every frame
 * the switches send to their CPU port decoded and handed back to it; and the polling
 * baseline ({@link #pollingSession}). The monitoring module's own links are lossless and
 * instantaneous: it sits on every switch's CPU port.
 * <p>
 * With recovery off the module takes only completed probes: feedback and recovery
 * notifications, should a switch still send them, are ignored, as by a monitoring module
 * without the recovery submodule.
 */
final class MonitoringModule {

	/** A session still running after this long is ended and counted as failed. */
	static final Duration SESSION_CAP = Duration.ofSeconds(120);

	/** Quiet time between two sessions, for the previous one's stray packets. */
	static final Duration SESSION_GAP = Duration.ofMillis(500);

	/** The paper's SNMP manager, like its orchestrator: 12 requests at once (§V-A). */
	static final int POLLING_OUTSTANDING = RecoveryParameters.DEFAULT_MAX_IN_FLIGHT;

	private static final long POLL_STEP_NANOS = 10_000_000;

	private final EmulatedNetwork emulated;

	private final NetworkPlans plans;

	private final ProbeFrames frames;

	private final Map<Integer, Long> sendOfRequest = new HashMap<>();

	private int nextRequestId = 1;

	private RecoveryLoop loop;

	// The session's paths, for the probes a returning one lets go.
	private List<List<String>> paths = List.of();

	private boolean recovery;

	private PollingRun polling;

	private long malformed;

	MonitoringModule(ReproNetwork network, NetworkPlans plans) {
		this.emulated = network.emulated();
		this.plans = plans;
		this.frames = new ProbeFrames(this.emulated.topology());
		for (EmulatedSwitch emulatedSwitch : this.emulated.switches()) {
			emulatedSwitch.node().setControllerSink(this::packetIn);
		}
	}

	/** Frames at a CPU port that were no decodable GPINT packet. */
	long malformed() {
		return this.malformed;
	}

	/** One session of a probing method; virtual time passes until it ends. */
	SessionResult probeSession(Method method, boolean recoveryOn) throws InterruptedException {
		List<List<String>> paths = ProbeFrames.split(this.plans.paths(method));
		this.paths = paths;
		RecoveryParameters parameters = RecoveryParameters
			.of(method.fineTuned() ? RecoveryProfile.FINE_TUNED : RecoveryProfile.PAPER)
			.withRecoveryEnabled(recoveryOn);
		long startNanos = this.emulated.nowNanos();
		this.recovery = recoveryOn;
		this.sendOfRequest.clear();
		this.loop = new RecoveryLoop(paths, parameters, instant(startNanos));
		long tick = parameters.resolutionTime().toNanos();
		long cap = startNanos + SESSION_CAP.toNanos();
		try {
			while (!this.loop.finished() && this.emulated.nowNanos() < cap) {
				for (ProbeSend send : this.loop.tick(instant(this.emulated.nowNanos()))) {
					send(paths.get(send.path()), send);
				}
				this.emulated.runFor(Duration.ofNanos(tick));
			}
			RecoveryReport report = this.loop.report();
			double latency = report.collectionLatency()
				.map((d) -> d.toNanos() / 1e9)
				.orElse((this.emulated.nowNanos() - startNanos) / 1e9);
			return new SessionResult(method, latency, paths.size(), report.probesSent(), report.probesLost(),
					report.recoveryProbesSent(), report.complete());
		}
		finally {
			this.loop = null;
			this.emulated.runFor(SESSION_GAP);
		}
	}

	/**
	 * One session of the polling baseline: every switch asked for its counters, at most
	 * {@value #POLLING_OUTSTANDING} requests outstanding, the next sent the moment an
	 * answer arrives. A request is a one-hop probe injected at the switch's CPU port: the
	 * switch's processor handles it among the data traffic (queueing, and drops when its
	 * buffer is full), its answer leaves by the CPU port, and no switch-to-switch link is
	 * crossed, like an SNMP request on a management port. Unanswered within the paper's
	 * t_f, a request is sent again up to r_a times with recovery on, and lost with it
	 * off.
	 */
	SessionResult pollingSession(boolean recoveryOn) throws InterruptedException {
		long startNanos = this.emulated.nowNanos();
		this.sendOfRequest.clear();
		PollingRun run = new PollingRun(recoveryOn);
		this.polling = run;
		try {
			this.emulated.onScheduler(() -> {
				run.fill();
				return null;
			});
			long cap = startNanos + SESSION_CAP.toNanos();
			while (!run.done() && this.emulated.nowNanos() < cap) {
				this.emulated.runFor(Duration.ofNanos(POLL_STEP_NANOS));
			}
			double latency = ((run.lastAnswerNanos > 0 ? run.lastAnswerNanos : this.emulated.nowNanos()) - startNanos)
					/ 1e9;
			int initial = run.switches.size();
			return new SessionResult(Method.POLLING, latency, initial, run.sent, run.lost, run.sent - run.firstSends,
					run.answered.size() == initial);
		}
		finally {
			this.polling = null;
			this.emulated.runFor(SESSION_GAP);
		}
	}

	private void send(List<String> path, ProbeSend send) {
		int requestId = allocateRequestId();
		this.sendOfRequest.put(requestId, send.sendId());
		byte[] frame = this.frames.probe(requestId, path, send.fromHop());
		SwitchNode first = this.emulated.switchNamed(path.get(send.fromHop())).node();
		first.injectIngress(SondeIngress.CPU_PORT, frame, 0, frame.length);
	}

	private int allocateRequestId() {
		int id = this.nextRequestId;
		this.nextRequestId = (id == 0x7FFF) ? 1 : id + 1;
		return id;
	}

	private void packetIn(SwitchNode node, int ingressPort, byte[] frame, int length) {
		GpintProbe probe;
		try {
			probe = GpintProbeCodec.decodeFrame(frame, 0, length, ProbeLimits.DEFAULT);
		}
		catch (MalformedTelemetry | IllegalArgumentException ex) {
			this.malformed++;
			return;
		}
		if (this.polling != null) {
			this.polling.answer(probe);
			return;
		}
		Long sendId = this.sendOfRequest.get(probe.requestId());
		if (this.loop == null || sendId == null) {
			return;
		}
		ArrivalKind kind = switch (probe.kind()) {
			case MEASUREMENT -> ArrivalKind.COMPLETED;
			case FEEDBACK -> ArrivalKind.FEEDBACK;
			case RECOVERY -> ArrivalKind.RECOVERY_NOTIFICATION;
		};
		if (!this.recovery && kind != ArrivalKind.COMPLETED) {
			return;
		}
		List<HopTelemetry> hops = new ArrayList<>();
		for (ProbeHop hop : probe.hops()) {
			hops.add(new HopTelemetry(hop.switchId(), hop.queueDepth(), hop.measurements()));
		}
		Instant now = instant(this.emulated.nowNanos());
		if (this.loop.receive(new ProbeArrival(sendId, kind, hops), now)) {
			for (ProbeSend send : this.loop.dispatchWaiting(now)) {
				send(this.paths.get(send.path()), send);
			}
		}
	}

	private Instant instant(long nanos) {
		return this.emulated.clock().epoch().plusNanos(nanos);
	}

	/** The state of one polling session, on the scheduler's thread. */
	private final class PollingRun {

		final List<String> switches = MonitoringModule.this.emulated.switches()
			.stream()
			.map(EmulatedSwitch::name)
			.toList();

		final Set<Integer> answered = new HashSet<>();

		final Map<Integer, Integer> switchOfRequest = new HashMap<>();

		final Map<Integer, Integer> attempts = new HashMap<>();

		final boolean recoveryOn;

		final long feedbackTimeoutNanos = RecoveryProfile.PAPER.feedbackTimeout().toNanos();

		int next;

		int outstanding;

		int sent;

		int firstSends;

		int lost;

		int givenUp;

		long lastAnswerNanos;

		PollingRun(boolean recoveryOn) {
			this.recoveryOn = recoveryOn;
		}

		boolean done() {
			return this.answered.size() + this.givenUp == this.switches.size() && this.outstanding == 0;
		}

		/** Sends new requests while fewer than the limit are outstanding. */
		void fill() {
			while (this.outstanding < POLLING_OUTSTANDING && this.next < this.switches.size()) {
				this.firstSends++;
				request(this.next++);
			}
		}

		void request(int switchIndex) {
			int requestId = allocateRequestId();
			this.switchOfRequest.put(requestId, switchIndex);
			this.attempts.merge(switchIndex, 1, Integer::sum);
			this.outstanding++;
			this.sent++;
			String name = this.switches.get(switchIndex);
			byte[] frame = MonitoringModule.this.frames.probe(requestId, List.of(name), 0);
			EmulatedNetwork network = MonitoringModule.this.emulated;
			network.switchNamed(name).node().injectIngress(SondeIngress.CPU_PORT, frame, 0, frame.length);
			network.scheduler()
				.scheduleAfter(this.feedbackTimeoutNanos, (subject, argument) -> timedOut(requestId), null, 0);
		}

		void answer(GpintProbe probe) {
			if (probe.kind() != ProbeKind.MEASUREMENT) {
				return;
			}
			Integer switchIndex = this.switchOfRequest.remove(probe.requestId());
			if (switchIndex == null) {
				return;
			}
			this.outstanding--;
			this.answered.add(switchIndex);
			this.lastAnswerNanos = MonitoringModule.this.emulated.nowNanos();
			// Not from inside the switch's pipeline: the next request goes at once,
			// as an event.
			MonitoringModule.this.emulated.scheduler().schedule(this.lastAnswerNanos, this::fill);
		}

		void timedOut(int requestId) {
			Integer switchIndex = this.switchOfRequest.remove(requestId);
			if (switchIndex == null || MonitoringModule.this.polling != this) {
				return;
			}
			this.outstanding--;
			this.lost++;
			if (this.recoveryOn && this.attempts.get(switchIndex) <= RecoveryProfile.PAPER.recoveryAttempts()) {
				request(switchIndex);
			}
			else {
				this.givenUp++;
				fill();
			}
		}

	}

}
