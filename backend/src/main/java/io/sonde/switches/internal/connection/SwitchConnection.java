package io.sonde.switches.internal.connection;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.client.Mastership;
import io.sonde.p4runtime.client.P4RuntimeCallFailed;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.error.UpdateStatus;
import io.sonde.p4runtime.error.WriteRejected;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.EntityChange;
import io.sonde.switches.PacketInReceived;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.StateDiff;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchDeviceRejected;
import io.sonde.switches.SwitchNotReady;
import io.sonde.switches.SwitchTls;
import io.sonde.switches.internal.state.EntityText;
import io.sonde.switches.internal.state.StateComparison;
import io.sonde.switches.internal.tls.TlsMaterial;
import p4.v1.Entity;
import p4.v1.ForwardingPipelineConfig;
import p4.v1.GetForwardingPipelineConfigRequest;
import p4.v1.PacketIn;
import p4.v1.PacketMetadata;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.Uint128;

/**
 * Sonde's connection to one switch, kept open by its own thread: the one state machine
 * that says whether a switch answers. A managing connection dials, arbitrates, and while
 * primary keeps the pipeline and the desired entities on the switch; on any break it
 * redials with backoff and reconciles again, which is how a restarted switch gets its
 * state back. An observing connection ({@link #observing}, for a topology switch nobody
 * registered) dials without an election id, so it never competes with a controller, and
 * only measures the Capabilities round trip. The pause before a redial ends as soon as
 * the switch answers again ({@link RedialPause}), so a switch that was down for long is
 * not left waiting out a long back-off. Every P4Runtime call on the switch (the thread's
 * and the API's) holds one lock, so a reconciliation never interleaves with another
 * write.
 */
public final class SwitchConnection implements AutoCloseable {

	private static final System.Logger logger = System.getLogger(SwitchConnection.class.getName());

	private final SwitchDevice device;

	private final ConnectionSettings settings;

	private final PipelineArtifact pipeline;

	private final Function<SwitchDevice, List<Entity>> desired;

	private final SwitchReads reads;

	private final EntityText text;

	private final Clock clock;

	private final ConnectionListener listener;

	private final TlsMaterial tls;

	/** False for an observer: no election id, no writes, no pipeline. */
	private final boolean managing;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition wake = this.lock.newCondition();

	private final Thread thread;

	private volatile boolean running = true;

	private volatile ConnectionStatus status;

	// Guarded by lock.
	private P4RuntimeClient client;

	private String pendingReconcile;

	private boolean wasPrimary;

	public SwitchConnection(SwitchDevice device, ConnectionSettings settings, PipelineArtifact pipeline,
			Function<SwitchDevice, List<Entity>> desired, EntityText text, Clock clock, ConnectionListener listener,
			TlsMaterial tls) {
		this(device, settings, pipeline, desired, text, clock, listener, tls, true);
	}

	private SwitchConnection(SwitchDevice device, ConnectionSettings settings, PipelineArtifact pipeline,
			Function<SwitchDevice, List<Entity>> desired, EntityText text, Clock clock, ConnectionListener listener,
			TlsMaterial tls, boolean managing) {
		this.managing = managing;
		this.device = device;
		this.settings = settings;
		this.pipeline = pipeline;
		this.desired = desired;
		this.text = text;
		this.reads = new SwitchReads();
		this.clock = clock;
		this.listener = listener;
		this.tls = tls;
		this.status = new ConnectionStatus(ConnectionState.CONNECTING, clock.instant(), electionId(), -1, null, null, 0,
				null, 0);
		this.thread = new Thread(this::run, (managing ? "p4rt-" : "p4rt-observer-") + device.name());
		this.thread.setDaemon(true);
	}

	/**
	 * A connection that only watches whether the switch answers: as an observer (no
	 * election id), never primary, never writing, taking no packet-ins.
	 */
	public static SwitchConnection observing(SwitchDevice device, ConnectionSettings settings, Clock clock,
			ConnectionListener listener, TlsMaterial tls) {
		return new SwitchConnection(device, settings, null, null, null, clock, listener, tls, false);
	}

	public SwitchConnection start() {
		this.thread.start();
		return this;
	}

	public SwitchDevice device() {
		return this.device;
	}

	public ConnectionStatus status() {
		return this.status;
	}

	/** Reconciles as soon as the thread gets to it (if primary). */
	public void requestReconcile(String reason) {
		if (!this.managing) {
			return;
		}
		this.lock.lock();
		try {
			this.pendingReconcile = reason;
			this.wake.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	public StateDiff diff() {
		return withClient(false, (connected) -> compare(connected).diff(this.device.name(), this.clock.instant()));
	}

	public ReconcileReport reconcile(String reason) {
		return withClient(true, (connected) -> reconcileLocked(connected, reason, false));
	}

	public ReconcileReport pushPipeline(boolean force) {
		return withClient(true, (connected) -> {
			boolean pushed = ensurePipeline(connected, force);
			return reconcileLocked(connected, "pipeline pushed", pushed);
		});
	}

	/** Entities as {@code requests} select them. */
	public List<Entity> read(List<Entity> requests) {
		return withClient(false, (connected) -> connected.read(requests));
	}

	/** PacketOut with sonde's CPU-port metadata: the egress port (P4Runtime §16.1). */
	public void packetOut(int egressPort, byte[] frame) {
		withClient(true, (connected) -> {
			connected.packetOut(frame, List
				.of(PacketMetadata.newBuilder().setMetadataId(1).setValue(Bytestrings.encode(egressPort, 9)).build()));
			return null;
		});
	}

	@Override
	public void close() {
		this.running = false;
		this.thread.interrupt();
		try {
			this.thread.join(5000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private <T> T withClient(boolean needPrimary, Function<P4RuntimeClient, T> work) {
		try {
			if (!this.lock.tryLock(this.settings.rpcTimeout().toMillis() * 4, TimeUnit.MILLISECONDS)) {
				throw new SwitchNotReady(this.device.name() + " is busy; try again");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SwitchNotReady("interrupted while waiting for " + this.device.name());
		}
		try {
			if (!this.managing) {
				throw new SwitchNotReady(
						this.device.name() + " is not registered: Sonde only observes whether it " + "answers");
			}
			P4RuntimeClient connected = this.client;
			if (connected == null) {
				throw new SwitchNotReady("Sonde is not connected to " + this.device.name() + " ("
						+ this.status.state().name().toLowerCase() + ")");
			}
			if (needPrimary && !connected.isPrimary()) {
				throw new SwitchNotReady("Sonde is not the primary controller of " + this.device.name() + " ("
						+ connected.mastership().state().name().toLowerCase() + ")");
			}
			return work.apply(connected);
		}
		finally {
			this.lock.unlock();
		}
	}

	private void run() {
		Backoff backoff = new Backoff(this.settings.backoffMin(), this.settings.backoffMax());
		RedialPause pause = new RedialPause(this.device.host(), this.device.port(),
				this.settings.redialProbeInterval());
		while (this.running) {
			try {
				session(backoff, pause);
			}
			catch (RuntimeException ex) {
				if (!this.running) {
					break;
				}
				logger.log(Level.DEBUG, () -> this.device.name() + ": " + ex.getMessage());
				failed(ex, backoff.failures() + 1);
			}
			finally {
				dropClient();
			}
			if (!this.running) {
				break;
			}
			try {
				if (pause.await(backoff.next())) {
					logger.log(Level.DEBUG, () -> this.device.name() + ": answers again; redialling now");
				}
			}
			catch (InterruptedException ex) {
				break;
			}
		}
		publish(new ConnectionStatus(ConnectionState.DISABLED, this.clock.instant(), electionId(), -1,
				this.status.lastError(), this.status.lastErrorAt(), this.status.pipelineCookie(),
				this.status.lastReconcile(), 0, null));
	}

	/** One connection, from dialling until it breaks or the connection closes. */
	private void session(Backoff backoff, RedialPause pause) {
		update(ConnectionState.CONNECTING, this.status.roundTripMicros());
		P4RuntimeClient opened = open();
		this.lock.lock();
		try {
			this.client = opened;
			this.wasPrimary = false;
		}
		finally {
			this.lock.unlock();
		}
		opened.onMastershipChange((mastership) -> requestWake());
		if (!this.managing) {
			observe(opened, backoff, pause);
			return;
		}
		opened.onPacketIn(this::packetIn);
		opened.awaitArbitration(this.settings.arbitrationTimeout());
		backoff.reset();
		pause.reset();
		long nextHeartbeat = 0;
		while (this.running) {
			this.lock.lock();
			try {
				Mastership mastership = opened.mastership();
				switch (mastership.state()) {
					case DISCONNECTED -> throw new IllegalStateException("the stream ended: " + mastership.message());
					case NO_PRIMARY -> takeOver(opened, mastership);
					case PRIMARY -> {
						String reason = !this.wasPrimary ? "became primary" : this.pendingReconcile;
						this.wasPrimary = true;
						if (reason != null) {
							this.pendingReconcile = null;
							boolean pushed = ensurePipeline(opened, false);
							reconcileLocked(opened, reason, pushed);
						}
						update(ConnectionState.PRIMARY, this.status.roundTripMicros());
					}
					default -> {
						this.wasPrimary = false;
						update(ConnectionState.BACKUP, this.status.roundTripMicros());
					}
				}
				if (System.nanoTime() >= nextHeartbeat) {
					CapabilitiesTimed answer = capabilities(opened);
					update(this.status.state(), answer.micros(), answer.apiVersion());
					nextHeartbeat = System.nanoTime() + this.settings.heartbeat().toNanos();
				}
				this.wake.await(this.settings.heartbeat().toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (InterruptedException ex) {
				return;
			}
			finally {
				this.lock.unlock();
			}
		}
	}

	/**
	 * An observer's session: a Capabilities call every heartbeat, and at once when the
	 * stream changes (a switch going down ends it). The first call after dialling pays
	 * for the TCP and HTTP/2 handshakes, so it is not taken as the round trip. An
	 * observer does not wait for an arbitration answer: a switch may answer an observer's
	 * arbitration or not, and either way it is reachable if it answers calls.
	 */
	private void observe(P4RuntimeClient opened, Backoff backoff, RedialPause pause) {
		opened.capabilities();
		backoff.reset();
		pause.reset();
		while (this.running) {
			this.lock.lock();
			try {
				CapabilitiesTimed answer = capabilities(opened);
				update(ConnectionState.OBSERVER, answer.micros(), answer.apiVersion());
				this.wake.await(this.settings.heartbeat().toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (InterruptedException ex) {
				return;
			}
			finally {
				this.lock.unlock();
			}
		}
	}

	private P4RuntimeClient open() {
		SwitchTls tls = this.device.tls();
		P4RuntimeClient.Builder builder = (tls == null)
				? P4RuntimeClient.forAddress(this.device.host(), this.device.port())
				: P4RuntimeClient.forChannel(tlsChannel(tls), this.device.address());
		builder.deviceId(this.device.deviceId()).role(this.device.role()).rpcTimeout(this.settings.rpcTimeout());
		// Without an election id the client is an observer (P4RuntimeClient.Builder).
		return (this.managing ? builder.electionId(electionId()) : builder).connect();
	}

	// The material is loaded, and its paths checked, at every dial: the registry in Redis
	// may hold a registration no API call checked (an older version's), and a renewed
	// certificate is used from the next connection on.
	private ManagedChannel tlsChannel(SwitchTls tls) {
		try {
			return NettyChannelBuilder.forAddress(this.device.host(), this.device.port())
				.sslContext(this.tls.clientContext(tls))
				.maxInboundMessageSize(64 * 1024 * 1024)
				.maxInboundMetadataSize(P4RuntimeClient.MAX_TRAILERS)
				.build();
		}
		catch (SwitchDeviceRejected ex) {
			throw new IllegalStateException("TLS not set up: " + ex.getMessage(), ex);
		}
		catch (javax.net.ssl.SSLException | RuntimeException ex) {
			// Netty's own message may quote what it parsed: the kind of
			// failure is enough.
			throw new IllegalStateException("TLS not set up: " + ex.getClass().getSimpleName(), ex);
		}
	}

	// The switch forgot its primary (it left): claim it above the highest id it has seen.
	private void takeOver(P4RuntimeClient opened, Mastership mastership) {
		this.wasPrimary = false;
		update(ConnectionState.BACKUP, this.status.roundTripMicros());
		if (!this.settings.takeOver()) {
			return;
		}
		Uint128 highest = mastership.highest().orElse(Uint128.getDefaultInstance());
		long mine = opened.electionId().map(Uint128::getLow).orElse(electionId());
		if (highest.getHigh() == 0 && highest.getLow() >= mine) {
			opened.updateElectionId(Uint128.newBuilder().setLow(highest.getLow() + 1).build());
			logger.log(Level.INFO,
					() -> this.device.name() + ": no primary; taking over with election id " + (highest.getLow() + 1));
		}
	}

	private boolean ensurePipeline(P4RuntimeClient connected, boolean force) {
		if (!force) {
			Optional<ForwardingPipelineConfig> running = connected
				.getPipeline(GetForwardingPipelineConfigRequest.ResponseType.COOKIE_ONLY);
			if (running.isPresent() && running.get().getCookie().getCookie() == this.pipeline.cookie()) {
				return false;
			}
		}
		connected.setPipeline(this.pipeline.p4Info(), this.pipeline.deviceConfig(), this.pipeline.cookie(),
				SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT);
		logger.log(Level.INFO, () -> this.device.name() + ": pipeline pushed");
		return true;
	}

	private StateComparison compare(P4RuntimeClient connected) {
		List<Entity> wanted = this.desired.apply(this.device);
		List<Entity> installed = this.reads.installed(connected, wanted);
		return StateComparison.of(this.text, wanted, installed);
	}

	private ReconcileReport reconcileLocked(P4RuntimeClient connected, String reason, boolean pipelinePushed) {
		Instant started = this.clock.instant();
		long t0 = System.nanoTime();
		StateComparison comparison = compare(connected);
		List<EntityChange> applied = new ArrayList<>();
		List<EntityChange> failed = new ArrayList<>();
		int batch = this.settings.writeBatch();
		// Phase after phase (members, groups, entries...): a switch may
		// reorder one Write.
		for (List<StateComparison.Repair> phase : comparison.repairPhases()) {
			for (int from = 0; from < phase.size(); from += batch) {
				write(connected, phase.subList(from, Math.min(phase.size(), from + batch)), applied, failed);
			}
		}
		ReconcileReport report = new ReconcileReport(this.device.name(), started, reason, pipelinePushed,
				comparison.expected(), applied, failed, Duration.ofNanos(System.nanoTime() - t0).toMillis());
		if (!applied.isEmpty() || !failed.isEmpty() || pipelinePushed) {
			logger.log(Level.INFO, () -> this.device.name() + ": reconciled (" + reason + "): " + applied.size()
					+ " changes applied, " + failed.size() + " refused");
		}
		ConnectionStatus now = this.status;
		String error = failed.isEmpty() ? now.lastError() : failed.size() + " updates refused, first: "
				+ failed.get(0).entity() + ": " + failed.get(0).installed();
		publish(new ConnectionStatus(now.state(), now.since(), now.electionId(), now.roundTripMicros(), error,
				failed.isEmpty() ? now.lastErrorAt() : this.clock.instant(), this.pipeline.cookie(), report,
				now.attempts(), now.apiVersion()));
		return report;
	}

	/** One Write of repairs; each update that fails is reported with its code. */
	private static void write(P4RuntimeClient connected, List<StateComparison.Repair> repairs,
			List<EntityChange> applied, List<EntityChange> failed) {
		try {
			connected.write(repairs.stream().map(StateComparison.Repair::update).toList());
			repairs.forEach((repair) -> applied.add(repair.change()));
		}
		catch (WriteRejected ex) {
			List<UpdateStatus> statuses = ex.updates();
			for (int i = 0; i < repairs.size(); i++) {
				UpdateStatus status = statuses.isEmpty() ? null : statuses.get(i);
				EntityChange change = repairs.get(i).change();
				if (status != null && !status.failed()) {
					applied.add(change);
				}
				else {
					String why = (status != null) ? status.code() + ": " + status.message() : ex.getMessage();
					failed.add(new EntityChange(change.update(), change.entity(), change.expected(), why));
				}
			}
		}
	}

	/** One timed Capabilities call: the round trip and the API version reported. */
	private static CapabilitiesTimed capabilities(P4RuntimeClient connected) {
		long t0 = System.nanoTime();
		String apiVersion = connected.capabilities().getP4RuntimeApiVersion();
		return new CapabilitiesTimed((System.nanoTime() - t0) / 1000, apiVersion);
	}

	private record CapabilitiesTimed(long micros, String apiVersion) {
	}

	private void packetIn(PacketIn packet) {
		int ingressPort = packet.getMetadataList()
			.stream()
			.filter((metadata) -> metadata.getMetadataId() == 1)
			.findFirst()
			.map((metadata) -> (int) Bytestrings.toLong(metadata.getValue()))
			.orElse(-1);
		this.listener
			.packetIn(new PacketInReceived(this.device.name(), ingressPort, packet.getPayload().toByteArray()));
	}

	private void requestWake() {
		this.lock.lock();
		try {
			this.wake.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	private void dropClient() {
		this.lock.lock();
		try {
			if (this.client != null) {
				this.client.close();
				this.client = null;
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	private void failed(RuntimeException ex, int attempts) {
		ConnectionStatus now = this.status;
		// A failed call reads as its gRPC code and cause; anything else (TLS not set up)
		// as its own message.
		String message = (ex instanceof P4RuntimeCallFailed) ? CallFailures.describe(ex)
				: (ex.getMessage() != null) ? ex.getMessage() : ex.getClass().getSimpleName();
		publish(new ConnectionStatus(ConnectionState.UNREACHABLE,
				(now.state() == ConnectionState.UNREACHABLE) ? now.since() : this.clock.instant(), electionId(), -1,
				message, this.clock.instant(), now.pipelineCookie(), now.lastReconcile(), attempts, null));
	}

	private void update(ConnectionState state, long roundTripMicros) {
		update(state, roundTripMicros, this.status.apiVersion());
	}

	private void update(ConnectionState state, long roundTripMicros, String apiVersion) {
		ConnectionStatus now = this.status;
		long election = (this.client != null) ? this.client.electionId().map(Uint128::getLow).orElse(electionId())
				: electionId();
		if (now.state() == state && now.roundTripMicros() == roundTripMicros && now.electionId() == election
				&& Objects.equals(now.apiVersion(), apiVersion)) {
			return;
		}
		publish(new ConnectionStatus(state, (now.state() == state) ? now.since() : this.clock.instant(), election,
				roundTripMicros, now.lastError(), now.lastErrorAt(), now.pipelineCookie(), now.lastReconcile(),
				state.reachable() ? 0 : now.attempts(), apiVersion));
	}

	private void publish(ConnectionStatus next) {
		this.status = next;
		this.listener.statusChanged(this.device.name(), next);
	}

	/** 0 for an observer, which sends none. */
	private long electionId() {
		return this.managing ? this.device.electionId() + this.settings.electionIdOffset() : 0;
	}

}
