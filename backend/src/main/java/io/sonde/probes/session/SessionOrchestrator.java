package io.sonde.probes.session;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.sonde.p4programs.codec.ProbeRequestType;
import io.sonde.probes.Algorithm;
import io.sonde.probes.NoTopologyToProbe;
import io.sonde.probes.PlanRequest;
import io.sonde.probes.ProbeOrchestrator;
import io.sonde.probes.ProbePlanner;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSession.Settings;
import io.sonde.probes.ProbeSessionBusy;
import io.sonde.probes.ProbeSessionCompleted;
import io.sonde.probes.ProbeSessionStarted;
import io.sonde.probes.SessionQuery;
import io.sonde.probes.SessionRequest;
import io.sonde.probes.SessionRequestRejected;
import io.sonde.probes.SessionStatus;
import io.sonde.probes.recovery.RecoveryLoop;
import io.sonde.probes.recovery.RecoveryParameters;
import io.sonde.probes.recovery.RecoveryProfile;
import io.sonde.switches.PacketInReceived;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.LinkStateChanged;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologyImported;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;

/**
 * Runs probing sessions, one at a time across replicas (the lease), on one thread of its
 * own: on demand, and every {@code period} when enabled. A session is planned with the
 * closed loop's avoid list, run by a {@link SessionRun}, stored at its start, about once
 * a second while it runs and at its end, then published as events.
 */
class SessionOrchestrator implements ProbeOrchestrator, SmartLifecycle {

	private static final System.Logger logger = System.getLogger(SessionOrchestrator.class.getName());

	/** Set while {@link #stop()} interrupts the session thread. */
	private volatile boolean stopping;

	private final ProbesProperties properties;

	private final ProbePlanner planner;

	private final TopologyCatalog topologies;

	private final SwitchManagement switches;

	private final SessionStore store;

	private final SessionLease lease;

	private final RequestIds ids;

	private final ClosedLoop closedLoop;

	private final SessionEvents events;

	private final ApplicationEventPublisher publisher;

	private final Clock clock;

	private final String replica;

	private final AtomicReference<SessionRun> current = new AtomicReference<>();

	private ScheduledExecutorService executor;

	SessionOrchestrator(ProbesProperties properties, ProbePlanner planner, TopologyCatalog topologies,
			SwitchManagement switches, SessionStore store, SessionLease lease, RequestIds ids, ClosedLoop closedLoop,
			SessionEvents events, ApplicationEventPublisher publisher, Clock clock, String replica) {
		this.properties = properties;
		this.planner = planner;
		this.topologies = topologies;
		this.switches = switches;
		this.store = store;
		this.lease = lease;
		this.ids = ids;
		this.closedLoop = closedLoop;
		this.events = events;
		this.publisher = publisher;
		this.clock = clock;
		this.replica = replica;
	}

	@Override
	public ProbeSession start(SessionRequest request) {
		Prepared prepared = prepare(request, "on-demand");
		this.executor.execute(() -> execute(prepared));
		return prepared.session;
	}

	@Override
	public List<ProbeSession> sessions(SessionQuery query) {
		return this.store.query(query);
	}

	@Override
	public Optional<ProbeSession> session(String id) {
		return this.store.find(id);
	}

	@EventListener
	void packetIn(PacketInReceived packet) {
		SessionRun run = this.current.get();
		if (run != null) {
			Instant at = this.clock.instant();
			ProbeFrames.decode(packet.payload()).ifPresent((probe) -> run.offer(probe, at));
		}
	}

	@EventListener
	void linkChanged(LinkStateChanged change) {
		if (change.up()) {
			this.closedLoop.linkUp(change.link());
		}
	}

	@EventListener
	void topologyImported(TopologyImported imported) {
		this.closedLoop.topologyImported();
	}

	// Validates and plans on the caller's thread, so a bad request or a busy lease is the
	// caller's answer; the run itself goes to the session thread.
	private Prepared prepare(SessionRequest request, String trigger) {
		Settings settings = settings(request);
		PlanRequest planRequest = new PlanRequest(Algorithm.named(settings.algorithm()), optional(settings.k()),
				optional(settings.c()), settings.seed(), Set.of(), Set.of());
		ImportedTopology imported = this.topologies.current().orElseThrow(NoTopologyToProbe::new);
		if (this.current.get() != null) {
			throw new ProbeSessionBusy(this.replica + "/" + this.current.get().sessionId());
		}
		markInterrupted();
		String id = this.store.nextId();
		String holder = this.replica + "/" + id;
		if (!this.lease.acquire(holder)) {
			throw new ProbeSessionBusy(this.lease.holder().orElse("a session that just ended"));
		}
		try {
			Instant now = this.clock.instant();
			ClosedLoop.Planned planned = this.closedLoop.plan(this.planner, imported, planRequest,
					this.store.latestFinished(now), now);
			List<List<String>> segments = ProbeFrames.segments(planned.plan().paths());
			ProbeSession session = new ProbeSession(id, SessionStatus.RUNNING, trigger, this.replica, settings, now,
					null, planned.topology(), List.of(), planned.replan(), null, null, 0, 0, 0, 0, 0, null, null);
			ProbeFrames frames = new ProbeFrames(TopologyGraph.of(imported.topology()),
					settings.requestType().equals("rule_hits") ? ProbeRequestType.RULE_HITS
							: ProbeRequestType.PORT_PACKETS,
					this.properties.monitor());
			SessionRun run = new SessionRun(id, segments, parameters(settings), frames, this.switches, this.ids,
					this.clock, this.properties.maxSessionTime(), this.lease.ttl().dividedBy(3),
					this.publisher::publishEvent);
			// Recorded with its paths, all still to collect, before anything is sent.
			ProbeSession recorded = SessionRecords.progress(session,
					new RecoveryLoop(segments, parameters(settings), now).report(), frames.firstIndex());
			this.store.save(recorded);
			this.current.set(run);
			return new Prepared(recorded, run, frames, holder, segments);
		}
		catch (RuntimeException ex) {
			this.lease.release(holder);
			throw ex;
		}
	}

	private void execute(Prepared prepared) {
		ProbeSession started = prepared.session;
		boolean interrupted = false;
		try {
			this.publisher.publishEvent(new ProbeSessionStarted(started));
			String notReady = notReady(prepared.segments);
			SessionRun.Outcome outcome;
			ProbeSession finished;
			if (notReady != null) {
				finished = started.ended(SessionStatus.FAILED, this.clock.instant(), notReady);
			}
			else {
				outcome = prepared.run.run(() -> this.lease.renew(prepared.holder), (report) -> this.store
					.save(SessionRecords.progress(started, report, prepared.frames.firstIndex())));
				finished = SessionRecords.finished(started, outcome, this.clock.instant(),
						prepared.frames.firstIndex());
				interrupted = outcome.interrupted();
			}
			this.store.save(finished);
			// Once its record says it ended, the next session may start: the lease goes
			// before the listeners of its completion run.
			this.current.set(null);
			releaseQuietly(prepared.holder);
			this.closedLoop.learn(finished, this.clock.instant());
			this.events.publish(finished);
			this.publisher.publishEvent(new ProbeSessionCompleted(finished));
		}
		catch (RuntimeException ex) {
			if (this.stopping || Thread.currentThread().isInterrupted()) {
				// The backend stopping interrupted a Redis or P4Runtime call of the run:
				// the session was cut short, it did not fail. The flag is cleared for the
				// save and set again below.
				interrupted = Thread.interrupted() || this.stopping;
				saveQuietly(started.ended(SessionStatus.INTERRUPTED, this.clock.instant(),
						"the backend stopped during the session (" + ex.getMessage() + ")"));
			}
			else {
				logger.log(Level.WARNING, "probe session " + started.id() + " failed: " + ex.getMessage(), ex);
				saveQuietly(started.ended(SessionStatus.FAILED, this.clock.instant(), ex.getMessage()));
			}
		}
		finally {
			this.current.set(null);
			releaseQuietly(prepared.holder);
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private void periodic() {
		try {
			execute(prepare(SessionRequest.CONFIGURED, "periodic"));
		}
		catch (ProbeSessionBusy | NoTopologyToProbe skipped) {
			logger.log(Level.DEBUG, () -> "periodic probe session skipped: " + skipped.getMessage());
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "periodic probe session not started: " + ex.getMessage());
		}
	}

	// A PacketOut needs Sonde to be primary for the switch; with none of the paths' first
	// switches ready, every probe would only wait out r_a time-outs.
	private String notReady(List<List<String>> segments) {
		Set<String> primaries = new HashSet<>();
		for (SwitchView view : this.switches.switches()) {
			if (view.connection() != null && view.connection().isPrimary()) {
				primaries.add(view.name());
			}
		}
		boolean anyReady = segments.stream().anyMatch((path) -> primaries.contains(path.get(0)));
		return (segments.isEmpty() || anyReady) ? null
				: "Sonde is primary for none of the paths' first switches (register and connect them)";
	}

	// A session recorded as running whose lease is not held for it was left by a replica
	// that stopped or died.
	// The running records are read before the lease: a session takes the lease before its
	// first record, so one listed here and not holding the lease has ended or was left;
	// the record is replaced only if it is still the one read (an ending session's own
	// final record wins).
	private void markInterrupted() {
		List<SessionStore.Stored> running = this.store.running();
		String holder = this.lease.holder().orElse("");
		for (SessionStore.Stored stored : running) {
			ProbeSession session = stored.session();
			if (!holder.equals(session.replica() + "/" + session.id())) {
				this.store.replace(stored, session.ended(SessionStatus.INTERRUPTED, this.clock.instant(),
						"its replica (" + session.replica() + ") went away before it finished"));
			}
		}
	}

	private Settings settings(SessionRequest request) {
		String algorithm = (request.algorithm() != null) ? request.algorithm().label()
				: Algorithm.named(this.properties.algorithm()).label();
		// The request's k or c replace the configured ones; an Euler plan takes neither.
		boolean asked = request.k() != null || request.c() != null;
		boolean gpint = algorithm.equals(Algorithm.GPINT.label());
		Integer k = asked ? request.k() : (gpint ? this.properties.k() : null);
		Double c = asked ? request.c() : (gpint ? this.properties.c() : null);
		RecoveryProfile profile;
		if (request.profile() != null) {
			profile = RecoveryProfile.ofLabel(request.profile())
				.orElseThrow(() -> new SessionRequestRejected("profile",
						"must be paper or fine-tuned, got '" + request.profile() + "'"));
		}
		else {
			profile = RecoveryProfile.ofLabel(this.properties.profile()).orElseThrow();
		}
		RecoveryParameters parameters = this.properties.parameters(profile, request.profile() == null);
		String requestType = this.properties.requestType().equals("rule-hits") ? "rule_hits" : "port_packets";
		return new Settings(algorithm, k, c, this.properties.seed(), profile.label(),
				parameters.feedbackTimeout().toMillis(), parameters.recoveryAttempts(),
				parameters.resolutionTime().toMillis(), parameters.maxInFlight(), parameters.recoveryEnabled(),
				requestType);
	}

	private RecoveryParameters parameters(Settings settings) {
		return new RecoveryParameters(Duration.ofMillis(settings.feedbackTimeoutMs()), settings.recoveryAttempts(),
				Duration.ofMillis(settings.resolutionTimeMs()), settings.maxInFlight(), settings.recovery());
	}

	private static OptionalInt optional(Integer value) {
		return (value != null) ? OptionalInt.of(value) : OptionalInt.empty();
	}

	private static OptionalDouble optional(Double value) {
		return (value != null) ? OptionalDouble.of(value) : OptionalDouble.empty();
	}

	private void saveQuietly(ProbeSession session) {
		try {
			this.store.save(session);
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "probe session " + session.id() + " not stored: " + ex.getMessage());
		}
	}

	private void releaseQuietly(String holder) {
		try {
			this.lease.release(holder);
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "probe session lease not released (it expires): " + ex.getMessage());
		}
	}

	// SmartLifecycle: the session thread lives with the context; stopping interrupts a
	// running session, which then records itself as interrupted.

	@Override
	public synchronized void start() {
		this.stopping = false;
		this.executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "probe-sessions");
			thread.setDaemon(true);
			return thread;
		});
		this.executor.execute(() -> {
			try {
				markInterrupted();
			}
			catch (RuntimeException ex) {
				logger.log(Level.WARNING, "probe sessions left running not checked: " + ex.getMessage());
			}
		});
		if (this.properties.enabled()) {
			long period = this.properties.period().toMillis();
			this.executor.scheduleWithFixedDelay(this::periodic, period, period, TimeUnit.MILLISECONDS);
		}
	}

	@Override
	public synchronized void stop() {
		if (this.executor != null) {
			this.stopping = true;
			this.executor.shutdownNow();
			try {
				this.executor.awaitTermination(5, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.executor = null;
			// A session started on demand whose run never began (the thread was busy) is
			// recorded too, and its lease freed.
			SessionRun left = this.current.getAndSet(null);
			if (left != null) {
				this.store.find(left.sessionId())
					.filter((session) -> session.status() == SessionStatus.RUNNING)
					.ifPresent((session) -> saveQuietly(session.ended(SessionStatus.INTERRUPTED, this.clock.instant(),
							"the backend stopped before the session ran")));
				releaseQuietly(this.replica + "/" + left.sessionId());
			}
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

	private record Prepared(ProbeSession session, SessionRun run, ProbeFrames frames, String holder,
			List<List<String>> segments) {
	}

}
