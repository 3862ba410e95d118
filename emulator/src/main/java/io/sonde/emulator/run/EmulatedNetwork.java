package io.sonde.emulator.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import io.sonde.emulator.handoff.SinkHandoff;
import io.sonde.emulator.net.Link;
import io.sonde.emulator.net.Network;
import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.emulator.pipeline.GroundTruth;
import io.sonde.emulator.report.UdpReportSender;
import io.sonde.emulator.sim.EmulationClock;
import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.sim.RealTimeClock;
import io.sonde.emulator.sim.VirtualClock;
import io.sonde.emulator.sim.WallClock;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.NetworkFactory;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.Traffic;
import io.sonde.emulator.traffic.TrafficRun;

/**
 * A running emulated network: the {@link Network} a topology describes, one
 * {@link EmulatedP4RuntimeServer} per switch on 127.0.0.1, each switch's data plane over
 * its server's state (sonde.p4 unless told otherwise), packet I/O between the two,
 * telemetry reports as UDP datagrams to the collector, captures, ground truth, and the
 * clock that drives it all.
 * <p>
 * Threads: the model runs on one thread, the clock's. In virtual time that is whoever
 * calls {@link #runFor}; in real time it is the clock's own thread, started with the
 * network, and other threads reach the model only through {@link #onScheduler}
 * (PacketOuts arriving over gRPC go the same way). {@link #close()} stops the clock, the
 * servers and the report socket, and flushes every file.
 * <p>
 * Faults while running: {@link #stopSwitch}, {@link #startSwitch} and
 * {@link #restartSwitch} switch a switch's power (a power cycle: its server stops
 * listening, its data plane drops everything, all its state is lost); {@link #setLinkUp},
 * {@link #changeLink} and {@link #resetLink} cut, mend and degrade links;
 * {@link #faultStatus} lists them. The control channel
 * ({@code io.sonde.emulator.control}) offers the same to other processes.
 */
public final class EmulatedNetwork implements AutoCloseable {

	private static final System.Logger LOG = System.getLogger(EmulatedNetwork.class.getName());

	/** How long another thread waits for the real-time clock's thread to run its work. */
	private static final Duration SCHEDULER_WAIT = Duration.ofSeconds(10);

	private final Topology topology;

	private final EmulationOptions options;

	private final EventScheduler scheduler;

	private final EmulationClock clock;

	private final Network network;

	private final Map<String, EmulatedSwitch> switches;

	private final GroundTruth groundTruth;

	private final ReportStream reports;

	private final List<PcapCapture> linkCaptures;

	private final GroundTruthFile groundTruthFile;

	private final SinkHandoff handoff;

	private final NetworkFaults faults;

	private volatile boolean closed;

	private EmulatedNetwork(Assembly assembly) {
		this.topology = assembly.topology;
		this.options = assembly.options;
		this.scheduler = assembly.scheduler;
		this.clock = assembly.clock;
		this.network = assembly.network;
		this.switches = Collections.unmodifiableMap(assembly.switches);
		this.groundTruth = assembly.groundTruth;
		this.reports = assembly.reports;
		this.linkCaptures = List.copyOf(assembly.linkCaptures);
		this.groundTruthFile = assembly.groundTruthFile;
		this.handoff = assembly.handoff;
		this.faults = new NetworkFaults(this, assembly.options.wallClock());
	}

	/**
	 * Starts the servers, builds the network and, in real time, starts the clock.
	 * @throws UncheckedIOException when a server cannot listen or a file cannot be
	 * created (everything started so far is stopped again)
	 * @throws IllegalArgumentException when a capture names a port that carries no link
	 */
	public static EmulatedNetwork start(Topology topology, EmulationOptions options) {
		Assembly assembly = new Assembly(options);
		try {
			assembly.build(topology);
		}
		catch (RuntimeException ex) {
			assembly.closeAll();
			throw ex;
		}
		EmulatedNetwork emulated = new EmulatedNetwork(assembly);
		if (assembly.clock instanceof RealTimeClock realTime) {
			realTime.start();
		}
		LOG.log(Level.INFO, () -> "emulated " + topology.name() + ": " + emulated.switches.size() + " switches, "
				+ emulated.network.hosts().size() + " hosts, " + options.clock().name().toLowerCase() + " time");
		return emulated;
	}

	/**
	 * The topology as running: each switch with the port its P4Runtime server listens on.
	 */
	public Topology topology() {
		return this.topology;
	}

	public EmulationOptions options() {
		return this.options;
	}

	public Network network() {
		return this.network;
	}

	public EmulationClock clock() {
		return this.clock;
	}

	public EventScheduler scheduler() {
		return this.scheduler;
	}

	/** Every switch, in topology order. */
	public List<EmulatedSwitch> switches() {
		return List.copyOf(this.switches.values());
	}

	/**
	 * @throws UnknownSwitch if there is no switch of that name
	 */
	public EmulatedSwitch switchNamed(String name) {
		EmulatedSwitch found = this.switches.get(name);
		if (found == null) {
			throw new UnknownSwitch(name, this.topology.name());
		}
		return found;
	}

	/**
	 * Cuts a switch's power: its P4Runtime server stops listening (controller streams
	 * end), its data plane drops every frame and its buffers are lost; its pipeline,
	 * entries, counters, registers and arbitration are gone. Stays so until
	 * {@link #startSwitch}. Does nothing to a stopped switch.
	 * @throws UnknownSwitch if there is no switch of that name
	 */
	public SwitchStatus stopSwitch(String name) {
		requireOpen();
		return this.faults.stop(name);
	}

	/**
	 * Powers a stopped switch on: its server listens on the same port again, with no
	 * pipeline (a controller must push everything again), and its data plane runs.
	 * @throws UnknownSwitch if there is no switch of that name
	 * @throws UncheckedIOException if its port was taken meanwhile
	 */
	public SwitchStatus startSwitch(String name) {
		requireOpen();
		return this.faults.start(name);
	}

	/**
	 * A power cycle: {@link #stopSwitch}, {@code downFor} of emulated time (this thread
	 * sleeps in real time, fires the events in virtual time), {@link #startSwitch}.
	 * @return the switch once up again; its {@code since} is when it came back
	 * @throws InterruptedException if interrupted while down (the switch is started
	 * first)
	 */
	public SwitchStatus restartSwitch(String name, Duration downFor) throws InterruptedException {
		requireOpen();
		return this.faults.restart(name, downFor);
	}

	/**
	 * Cuts ({@code false}) or mends a link; while cut, both directions drop every frame.
	 * @param link one end, {@code node:port}, or the two nodes, {@code a/b}
	 * @throws UnknownLink if that names no link or several
	 */
	public LinkStatus setLinkUp(String link, boolean up) {
		requireOpen();
		return this.faults.setUp(link, up);
	}

	/**
	 * Changes a link's loss, delay, jitter or bandwidth, both directions, from the next
	 * frame on.
	 * @throws UnknownLink if that names no link or several
	 */
	public LinkStatus changeLink(String link, LinkChange change) {
		requireOpen();
		return this.faults.change(link, change);
	}

	/** Gives a link back what the topology says. */
	public LinkStatus resetLink(String link) {
		requireOpen();
		return this.faults.reset(link);
	}

	/** Every switch (power, pipeline) and link (up, parameters, counters) now. */
	public NetworkStatus faultStatus() {
		return this.faults.status();
	}

	/** What the switches put into packets and reports (the last ones, and a listener). */
	public GroundTruth groundTruth() {
		return this.groundTruth;
	}

	/** Packets handed off to the agent so far (0 without {@link AgentHandoff}). */
	public long handedOffPackets() {
		return (this.handoff != null) ? this.handoff.handedOff() : 0;
	}

	/** Emulated nanoseconds since the epoch. */
	public long nowNanos() {
		return this.clock.nowNanos();
	}

	/**
	 * Writes the running topology (real P4Runtime ports) as a topology file, the one the
	 * backend imports.
	 */
	public void export(Path file) throws IOException {
		TopologyJson.write(this.topology, file);
	}

	/**
	 * Starts {@code flows} now; none sends after {@code duration}.
	 */
	public TrafficRun startTraffic(List<FlowSpec> flows, Duration duration) {
		return onScheduler(() -> {
			long now = this.scheduler.now();
			return Traffic.start(this.network, flows, now, now + duration.toNanos());
		});
	}

	/**
	 * Lets {@code duration} of emulated time pass: in virtual time this thread fires the
	 * events; in real time it waits.
	 */
	public void runFor(Duration duration) throws InterruptedException {
		requireOpen();
		if (this.clock instanceof VirtualClock virtual) {
			virtual.runFor(duration.toNanos());
		}
		else {
			TimeUnit.NANOSECONDS.sleep(duration.toNanos());
		}
	}

	/**
	 * Runs {@code work} on the model's thread and returns its result: at once in virtual
	 * time (the caller's thread drives the model, so it must not be inside
	 * {@link #runFor} on another thread), through the scheduler in real time.
	 * @throws IllegalStateException if the real-time clock does not get to it in 10 s
	 */
	public <T> T onScheduler(Supplier<T> work) {
		requireOpen();
		if (this.clock instanceof VirtualClock) {
			return work.get();
		}
		CompletableFuture<T> result = new CompletableFuture<>();
		this.scheduler.submit(() -> {
			try {
				result.complete(work.get());
			}
			catch (RuntimeException ex) {
				result.completeExceptionally(ex);
			}
		});
		try {
			return result.get(SCHEDULER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (TimeoutException ex) {
			throw new IllegalStateException("the emulation's clock thread did not run the work in " + SCHEDULER_WAIT);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for the emulation's clock thread", ex);
		}
	}

	/** The counters now, read consistently on the model's thread. */
	public EmulationStatus status() {
		return onScheduler(this::collectStatus);
	}

	private EmulationStatus collectStatus() {
		long sent = 0;
		long received = 0;
		long drops = 0;
		for (var host : this.network.hosts()) {
			sent += host.sentPackets();
			received += host.receivedPackets();
			drops += host.unsentPackets();
		}
		int programmed = 0;
		int serving = 0;
		for (EmulatedSwitch emulated : this.switches.values()) {
			drops += emulated.node().pipelineDrops() + emulated.node().pipelineFailures()
					+ emulated.node().droppedWhilePoweredOff() + emulated.node().processingDrops();
			if (emulated.server().hasPipeline()) {
				programmed++;
			}
			if (emulated.isUp() && !this.closed) {
				serving++;
			}
		}
		for (Link link : this.network.links()) {
			drops += link.lostPackets() + link.droppedWhileDown() + link.a().counters().drops()
					+ link.b().counters().drops();
		}
		return new EmulationStatus(this.scheduler.now(), this.switches.size(), serving, programmed, sent, received,
				this.network.packetHops(), this.reports.reports(), drops);
	}

	/** Reports handed to the host for the collector so far. */
	public long reportsSentToCollector() {
		return this.reports.sentToCollector();
	}

	private void requireOpen() {
		if (this.closed) {
			throw new IllegalStateException("the emulated network " + this.topology.name() + " is closed");
		}
	}

	/**
	 * Stops the clock, then the P4Runtime servers, closes the report socket and flushes
	 * the captures and the ground truth file. Safe to call twice.
	 */
	@Override
	public void close() {
		synchronized (this) {
			if (this.closed) {
				return;
			}
			this.closed = true;
		}
		if (this.clock instanceof RealTimeClock realTime) {
			realTime.close();
		}
		this.switches.values().forEach((emulated) -> emulated.server().close());
		this.reports.close();
		this.linkCaptures.forEach(PcapCapture::close);
		if (this.groundTruthFile != null || this.handoff != null) {
			this.groundTruth.setListener(null);
		}
		if (this.groundTruthFile != null) {
			this.groundTruthFile.close();
		}
		if (this.handoff != null) {
			this.handoff.close();
		}
		LOG.log(Level.INFO, () -> "emulated " + this.topology.name() + " closed");
	}

	/** What {@link #start} builds, kept together so a failure half-way can undo it. */
	private static final class Assembly {

		final EmulationOptions options;

		final List<EmulatedP4RuntimeServer> servers = new ArrayList<>();

		final Map<String, EmulatedSwitch> switches = new LinkedHashMap<>();

		final List<PcapCapture> linkCaptures = new ArrayList<>();

		Topology topology;

		EventScheduler scheduler;

		EmulationClock clock;

		Network network;

		GroundTruth groundTruth;

		ReportStream reports;

		UdpReportSender reportSender;

		PcapCapture reportCapture;

		GroundTruthFile groundTruthFile;

		SinkHandoff handoff;

		Assembly(EmulationOptions options) {
			this.options = options;
		}

		void build(Topology requested) {
			this.topology = startServers(portsFor(requested));
			Instant epoch = this.options.wallClock().instant();
			this.scheduler = new EventScheduler();
			this.clock = (this.options.clock() == ClockMode.VIRTUAL) ? new VirtualClock(this.scheduler, epoch)
					: new RealTimeClock(this.scheduler, WallClock.SYSTEM, epoch);
			int capacity = this.options.groundTruthCapacity();
			this.groundTruth = GroundTruth.bounded(capacity, capacity);
			if (this.options.groundTruthFile() != null) {
				this.groundTruthFile = GroundTruthFile.create(this.options.groundTruthFile());
				this.groundTruth.setListener(this.groundTruthFile);
			}
			SwitchDataPlanes dataPlanes = this.options.effectiveDataPlanes();
			Map<String, EmulatedP4RuntimeServer> serversByName = new LinkedHashMap<>();
			this.servers.forEach((server) -> serversByName.put(server.name(), server));
			this.network = NetworkFactory.build(this.topology, this.scheduler, new RandomStreams(this.options.seed()),
					(spec, node) -> {
						EmulatedSwitch emulated = new EmulatedSwitch(spec, node, serversByName.get(spec.name()), epoch);
						this.switches.put(spec.name(), emulated);
						return new CpuPort(dataPlanes.create(emulated, this.groundTruth));
					});
			if (this.options.collector() != null) {
				this.reportSender = UdpReportSender.open(this.options.collector());
			}
			if (this.options.reportCapture() != null) {
				this.reportCapture = PcapCapture.create(this.options.reportCapture(), epoch);
			}
			this.reports = new ReportStream(this.reportSender, this.reportCapture);
			for (EmulatedSwitch emulated : this.switches.values()) {
				emulated.node().setReportSink(this.reports);
				emulated.connectPacketIo(this.scheduler);
			}
			if (this.options.agentHandoff().enabled()) {
				this.handoff = HandoffAssembly.open(this.options.agentHandoff(), epoch);
				HandoffAssembly.attach(this.handoff, this.network, this.groundTruth, this.groundTruthFile);
			}
			for (Map.Entry<Endpoint, Path> capture : this.options.linkCaptures().entrySet()) {
				Link link = linkAt(capture.getKey());
				PcapCapture pcap = PcapCapture.create(capture.getValue(), epoch);
				this.linkCaptures.add(pcap);
				link.addTap(pcap);
			}
		}

		private Topology portsFor(Topology requested) {
			int base = this.options.p4RuntimeBasePort();
			if (base == EmulationOptions.TOPOLOGY_PORTS) {
				return requested;
			}
			if (base > 0) {
				return requested.withP4RuntimePorts(base);
			}
			List<SwitchSpec> free = requested.switches().stream().map((s) -> s.withP4RuntimePort(0)).toList();
			return new Topology(requested.name(), free, requested.hosts(), requested.links());
		}

		/**
		 * Starts one server per switch and returns the topology with their real ports.
		 */
		private Topology startServers(Topology requested) {
			List<SwitchSpec> started = new ArrayList<>();
			for (SwitchSpec spec : requested.switches()) {
				EmulatedP4RuntimeServer server = EmulatedP4RuntimeServer.start(spec.name(), spec.deviceId(),
						spec.p4RuntimePort());
				this.servers.add(server);
				started.add(spec.withP4RuntimePort(server.port()));
			}
			return new Topology(requested.name(), started, requested.hosts(), requested.links());
		}

		private Link linkAt(Endpoint end) {
			return this.network.links()
				.stream()
				.filter((link) -> endsAt(link, end))
				.findFirst()
				.orElseThrow(() -> new IllegalArgumentException(
						"cannot capture link " + end + ": no link ends at " + end + " in " + this.topology.name()));
		}

		private static boolean endsAt(Link link, Endpoint end) {
			return (link.a().node().name().equals(end.node()) && link.a().number() == end.port())
					|| (link.b().node().name().equals(end.node()) && link.b().number() == end.port());
		}

		void closeAll() {
			this.servers.forEach(EmulatedP4RuntimeServer::close);
			if (this.reportSender != null) {
				this.reportSender.close();
			}
			if (this.reportCapture != null) {
				this.reportCapture.close();
			}
			this.linkCaptures.forEach(PcapCapture::close);
			if (this.groundTruthFile != null) {
				this.groundTruthFile.close();
			}
			if (this.handoff != null) {
				this.handoff.close();
			}
		}

	}

}
