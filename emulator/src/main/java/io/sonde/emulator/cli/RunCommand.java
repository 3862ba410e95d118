package io.sonde.emulator.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.sonde.emulator.control.EmulatorControlServer;
import io.sonde.emulator.provision.EventFilterSpec;
import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.LabelingSpec;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.provision.ProvisioningReport;
import io.sonde.emulator.provision.SwitchNotProvisioned;
import io.sonde.emulator.run.AgentHandoff;
import io.sonde.emulator.run.ClockMode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulatedSwitch;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.run.EmulationStatus;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.PacketBuilder;
import io.sonde.emulator.traffic.Traffic;
import io.sonde.emulator.traffic.TrafficRun;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.codec.ReportFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code emulator run}: starts a topology as P4Runtime switches on 127.0.0.1, provisions
 * them (unless told not to), sends traffic between random host pairs, and runs in virtual
 * or real time with a status line on stderr each second, until the duration has passed or
 * Ctrl-C. In real time it also opens the control channel ({@code emulator ctl}) on
 * 127.0.0.1; virtual time has none, since its time does not follow the wall clock an
 * operator acts on.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
		description = "Run an emulated network of P4Runtime switches executing sonde.p4.")
final class RunCommand implements Callable<Integer> {

	/** Traffic without --duration in real time: until Ctrl-C. */
	private static final Duration FOREVER = Duration.ofDays(365);

	private static final Duration VIRTUAL_DEFAULT = Duration.ofSeconds(10);

	/** Virtual time run between two looks at the wall clock (status line, Ctrl-C). */
	private static final Duration VIRTUAL_SLICE = Duration.ofMillis(10);

	private static final long STATUS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);

	@Spec
	CommandSpec spec;

	@Option(names = "--topology", defaultValue = "fattree:4", converter = Converters.TopologyConverter.class,
			paramLabel = "SPEC",
			description = "fattree:K, int-label, watts-strogatz:N,K,BETA,SEED[,HOSTS] or FILE.json (default: ${DEFAULT-VALUE})")
	Topology topology;

	@Option(names = "--clock", defaultValue = "virtual", paramLabel = "real|virtual",
			description = "real time (the demo) or virtual time (as fast as possible; default)")
	ClockMode clock;

	@Option(names = "--duration", converter = Converters.DurationConverter.class, paramLabel = "TIME",
			description = "emulated time to run, e.g. 10s (default: 10s virtual, until Ctrl-C real)")
	Duration duration;

	@Option(names = "--seed", defaultValue = "1", description = "seed of links and traffic (default: ${DEFAULT-VALUE})")
	long seed;

	@Option(names = "--collector", defaultValue = "127.0.0.1:32766", converter = Converters.CollectorConverter.class,
			paramLabel = "HOST:PORT", description = "where reports go as UDP datagrams (default: ${DEFAULT-VALUE})")
	InetSocketAddress collector;

	@Option(names = "--report-format", defaultValue = "v2.0", converter = Converters.ReportFormatConverter.class,
			paramLabel = "v2.0|v1.0|v0.5", description = "telemetry report format (default: ${DEFAULT-VALUE})")
	ReportFormat reportFormat;

	@Option(names = "--p4runtime-base-port", paramLabel = "N",
			description = "P4Runtime ports N, N+1, ... in switch order; 0 = free ports (default: as the topology says)")
	Integer basePort;

	@Option(names = "--export", paramLabel = "FILE",
			description = "write the running topology (with the real P4Runtime ports) for the backend to import")
	Path export;

	@Option(names = "--int-flows", defaultValue = "all", paramLabel = "N|all",
			description = "INT on the first N flows, or on every packet between switches (default: ${DEFAULT-VALUE})")
	String intFlows;

	@Option(names = "--event-filter", defaultValue = "every-packet", converter = EventFilterConverter.class,
			paramLabel = "FILTER", description = "the sinks' event pre-filter: " + EventFilterConverter.FORMS)
	EventFilterSpec eventFilter;

	@Option(names = "--ecmp", description = "route every destination over all its equal-cost next hops, a group of "
			+ "sonde.p4's next-hop selector that hashes each flow onto one (default: one next hop per destination)")
	boolean ecmp;

	@Option(names = "--label", defaultValue = "off", paramLabel = "off|base_a|base_b",
			description = "INT-label on every switch: off, Base A (interval) or Base B (interval, then by "
					+ "probability); host-facing ports export to the controller (default: ${DEFAULT-VALUE})")
	LabelingSpec.Mode labelMode;

	@Option(names = "--label-interval", defaultValue = "50ms", converter = Converters.DurationConverter.class,
			paramLabel = "TIME", description = "INT-label's labeling interval T (default: ${DEFAULT-VALUE})")
	Duration labelInterval;

	@Option(names = "--label-rest", converter = Converters.DurationConverter.class, paramLabel = "TIME",
			description = "INT-label's rest time T1 after a label, at most T (default: none)")
	Duration labelRest;

	@Option(names = "--label-max-hop", defaultValue = "5", paramLabel = "N",
			description = "items a packet may carry, MAX_hop, 2..255 (at most 8 are ever carried; "
					+ "default: ${DEFAULT-VALUE})")
	int labelMaxHop;

	@Option(names = "--label-probability", defaultValue = "f1", paramLabel = "f1|f2|f3",
			description = "Base B's probability function by items carried (default: ${DEFAULT-VALUE})")
	LabelingSpec.Probability labelProbability;

	@Option(names = "--label-specific-flows", defaultValue = "0", paramLabel = "N",
			description = "the first N flows are specific flows, labeled at every hop (default: ${DEFAULT-VALUE})")
	int labelSpecificFlows;

	@Option(names = "--label-flow-sample", converter = Converters.DurationConverter.class, paramLabel = "TIME",
			description = "a specific flow's packets are labeled at every hop once per TIME (default: every packet)")
	Duration labelFlowSample;

	@Option(names = "--traffic", defaultValue = "poisson", paramLabel = "constant|poisson|bursty",
			description = "how flows space their packets (default: ${DEFAULT-VALUE})")
	TrafficShape traffic;

	@Option(names = "--rate", defaultValue = "100", paramLabel = "PPS",
			description = "packets per second of each flow (in bursts, for bursty) (default: ${DEFAULT-VALUE})")
	double rate;

	@Option(names = "--flows", defaultValue = "16", paramLabel = "N",
			description = "flows between random host pairs (default: ${DEFAULT-VALUE})")
	int flows;

	@Option(names = "--protocol", defaultValue = "udp", paramLabel = "udp|tcp|mixed",
			description = "transport of the flows; mixed: UDP and TCP by turns (default: ${DEFAULT-VALUE})")
	FlowProtocol protocol;

	@Option(names = "--int-instructions", defaultValue = "0xFF80", paramLabel = "BITMAP",
			description = "INT instruction bitmap, bits 15..7 (0xB100: switch id, hop latency, queue, "
					+ "TX utilization) (default: ${DEFAULT-VALUE})")
	String intInstructions;

	@Option(names = "--tick-nanos", defaultValue = "1000", paramLabel = "N",
			description = "nanoseconds per tick of the switches' INT clock: 1000 as BMv2, 1 for "
					+ "nanosecond hop latencies (default: ${DEFAULT-VALUE})")
	long tickNanos;

	@Option(names = "--frame-bytes", defaultValue = "500", paramLabel = "BYTES",
			description = "frame size of the flows (default: ${DEFAULT-VALUE})")
	int frameBytes;

	@Option(names = "--pcap", paramLabel = "LINK=FILE",
			description = "capture a link, named by one of its ends (node:port), to a pcap file; repeatable")
	Map<String, Path> linkCaptures = new LinkedHashMap<>();

	@Option(names = "--report-pcap", paramLabel = "FILE", description = "capture every report frame to a pcap file")
	Path reportCapture;

	@Option(names = "--ground-truth", paramLabel = "FILE",
			description = "write what the switches put into packets and reports as JSON Lines")
	Path groundTruth;

	@Option(names = "--agent-feed", converter = Converters.CollectorConverter.class, paramLabel = "HOST:PORT",
			description = "send every packet a sink delivers to a host, with its INT as a NIC agent receives it "
					+ "(INT over UDP port 4096), as one UDP datagram to HOST:PORT (frame-feed)")
	InetSocketAddress agentFeed;

	@Option(names = "--agent-pcap", paramLabel = "FILE",
			description = "write the frames --agent-feed sends to a pcap file (also without --agent-feed)")
	Path agentPcap;

	@Option(names = "--agent-truth", paramLabel = "FILE",
			description = "write each handed-off frame's 5-tuple and per-hop values as JSON Lines")
	Path agentTruth;

	@Option(names = "--no-provision",
			description = "leave the switches unconfigured: a controller (the backend) provisions them")
	boolean noProvision;

	@Option(names = "--control-port", paramLabel = "N",
			description = "real time: the control channel (sonde-emulator ctl) on 127.0.0.1:N; 0 = a free port "
					+ "(default: " + EmulatorControlServer.DEFAULT_PORT + ")")
	Integer controlPort;

	@Option(names = "--control-file", paramLabel = "FILE",
			description = "real time: write the control address (127.0.0.1:PORT) to FILE while running, "
					+ "for ctl --control-file")
	Path controlFile;

	@Option(names = "--no-control", description = "real time: no control channel")
	boolean noControl;

	@Override
	public Integer call() throws Exception {
		EmulationOptions options = emulationOptions();
		Integer intFlowCount = intFlowCount();
		if (this.flows < 0 || this.flows > Traffic.MAX_FLOWS) {
			throw usage("--flows must be 0.." + Traffic.MAX_FLOWS + ", got " + this.flows);
		}
		if (!(this.rate > 0) || Double.isInfinite(this.rate)) {
			throw usage("--rate must be a positive number of packets per second, got " + this.rate);
		}
		if (this.frameBytes < PacketBuilder.MIN_FRAME_BYTES || this.frameBytes > PacketBuilder.MAX_FRAME_BYTES) {
			throw usage(
					"--frame-bytes must be " + PacketBuilder.MIN_FRAME_BYTES + ".." + PacketBuilder.MAX_FRAME_BYTES);
		}
		if (this.flows > 0 && this.topology.hosts().size() < 2) {
			throw usage("traffic needs at least two hosts; " + this.topology.name() + " has "
					+ this.topology.hosts().size() + " (use --flows 0)");
		}
		if (this.labelSpecificFlows < 0) {
			throw usage("--label-specific-flows must be 0 or more, got " + this.labelSpecificFlows);
		}
		labeling(List.of());
		instructionsChecked();
		Integer control = controlPortToOpen();
		EmulatedNetwork network = startNetwork(options);
		return new Session(network, intFlowCount, control).run();
	}

	/** The control port to listen on, or null for none. */
	private Integer controlPortToOpen() {
		boolean asked = this.controlPort != null || this.controlFile != null;
		if (this.clock == ClockMode.VIRTUAL) {
			if (asked) {
				throw usage("the control channel (--control-port, --control-file) needs --clock real");
			}
			return null;
		}
		if (this.noControl) {
			if (asked) {
				throw usage("--no-control and --control-port/--control-file contradict each other");
			}
			return null;
		}
		int port = (this.controlPort != null) ? this.controlPort : EmulatorControlServer.DEFAULT_PORT;
		if (port < 0 || port > 65535) {
			throw usage("--control-port must be 0..65535, got " + port);
		}
		return port;
	}

	private EmulationOptions emulationOptions() {
		EmulationOptions options = EmulationOptions.DEFAULTS.withClock(this.clock)
			.withSeed(this.seed)
			.withCollector(this.collector)
			.withReportFormat(this.reportFormat)
			.withReportCapture(this.reportCapture)
			.withGroundTruthFile(this.groundTruth)
			.withAgentHandoff(new AgentHandoff(this.agentFeed, this.agentPcap, this.agentTruth));
		if (this.tickNanos < 1) {
			throw usage("--tick-nanos must be at least 1, got " + this.tickNanos);
		}
		options = options.withNanosPerTick(this.tickNanos);
		if (this.basePort != null) {
			if (this.basePort < 0 || this.basePort > 65535) {
				throw usage("--p4runtime-base-port must be 0..65535, got " + this.basePort);
			}
			options = options.withP4RuntimeBasePort(this.basePort);
		}
		for (Map.Entry<String, Path> capture : this.linkCaptures.entrySet()) {
			try {
				options = options.withLinkCapture(Endpoint.parse(capture.getKey()), capture.getValue());
			}
			catch (IllegalArgumentException ex) {
				throw usage("--pcap " + capture.getKey() + "=" + capture.getValue() + ": " + ex.getMessage());
			}
		}
		return options;
	}

	/**
	 * The bitmap ProvisioningOptions accepts, or a usage error before anything starts.
	 */
	private ProvisioningOptions instructionsChecked() {
		try {
			return ProvisioningOptions.DEFAULTS.withInstructions(instructionBitmap());
		}
		catch (IllegalArgumentException ex) {
			throw usage("--int-instructions: " + ex.getMessage());
		}
	}

	private int instructionBitmap() {
		String value = this.intInstructions.trim().toLowerCase(Locale.ROOT);
		try {
			return value.startsWith("0x") ? Integer.parseInt(value.substring(2), 16) : Integer.parseInt(value);
		}
		catch (NumberFormatException ex) {
			throw usage("--int-instructions takes a bitmap such as 0xB100, got '" + this.intInstructions + "'");
		}
	}

	/** {@code all} is null (every packet); otherwise the count. */
	private Integer intFlowCount() {
		if (this.intFlows.equalsIgnoreCase("all")) {
			return null;
		}
		try {
			int count = Integer.parseInt(this.intFlows.trim());
			if (count >= 0) {
				return count;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw usage("--int-flows takes a number of flows or 'all', got '" + this.intFlows + "'");
	}

	private EmulatedNetwork startNetwork(EmulationOptions options) {
		try {
			return EmulatedNetwork.start(this.topology, options);
		}
		catch (IllegalArgumentException ex) {
			throw usage(ex.getMessage());
		}
	}

	private ParameterException usage(String message) {
		return new ParameterException(this.spec.commandLine(), message);
	}

	/**
	 * INT-label as the options ask, the first {@code --label-specific-flows} of
	 * {@code traffic} as specific flows.
	 */
	LabelingSpec labeling(List<FlowSpec> traffic) {
		long sample = (this.labelFlowSample != null) ? micros(this.labelFlowSample) : 0;
		List<LabelingSpec.SpecificFlow> specific = traffic.stream()
			.limit(this.labelSpecificFlows)
			.map((flow) -> new LabelingSpec.SpecificFlow(flow, sample))
			.toList();
		try {
			return new LabelingSpec(this.labelMode, micros(this.labelInterval),
					(this.labelRest != null) ? micros(this.labelRest) : 0, this.labelMaxHop, this.labelProbability,
					specific);
		}
		catch (IllegalArgumentException ex) {
			throw usage("--label options: " + ex.getMessage());
		}
	}

	private static long micros(Duration duration) {
		return duration.toNanos() / 1_000;
	}

	/** One run of a started network, from provisioning to the summary. */
	private final class Session {

		private final EmulatedNetwork network;

		private final Integer intFlowCount;

		private final Integer controlPort;

		private EmulatorControlServer control;

		private final PrintWriter out;

		private final PrintWriter err;

		private final CountDownLatch finished = new CountDownLatch(1);

		private volatile boolean stopRequested;

		Session(EmulatedNetwork network, Integer intFlowCount, Integer controlPort) {
			this.network = network;
			this.intFlowCount = intFlowCount;
			this.controlPort = controlPort;
			this.out = RunCommand.this.spec.commandLine().getOut();
			this.err = RunCommand.this.spec.commandLine().getErr();
		}

		int run() throws Exception {
			Thread hook = new Thread(this::interrupted, "emulator-shutdown");
			Runtime.getRuntime().addShutdownHook(hook);
			long wallStart = System.nanoTime();
			try {
				describe();
				openControl();
				List<FlowSpec> traffic = flows();
				if (!RunCommand.this.noProvision) {
					provision(traffic);
				}
				Duration length = length();
				TrafficRun run = this.network.startTraffic(traffic, length);
				runWithStatus(length);
				summarize(traffic, run, System.nanoTime() - wallStart);
				return 0;
			}
			catch (SwitchNotProvisioned | UncheckedIOException ex) {
				this.err.println("emulator: " + ex.getMessage());
				return 1;
			}
			finally {
				closeControl();
				this.network.close();
				this.finished.countDown();
				removeHook(hook);
			}
		}

		/** The control channel, and the file naming its address. */
		private void openControl() throws IOException {
			if (this.controlPort == null) {
				return;
			}
			this.control = EmulatorControlServer.start(this.network, this.controlPort);
			String address = "127.0.0.1:" + this.control.port();
			Path file = RunCommand.this.controlFile;
			if (file != null) {
				Path absolute = file.toAbsolutePath();
				Path partial = absolute.resolveSibling(absolute.getFileName() + ".partial");
				Files.writeString(partial, address + "\n", StandardCharsets.UTF_8);
				Files.move(partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			}
			this.out.printf("control channel on %s: ./sonde-emulator ctl%s status|stop|start|restart|link ...%n",
					address, (this.control.port() == EmulatorControlServer.DEFAULT_PORT) ? ""
							: " --port " + this.control.port());
			this.out.flush();
		}

		private void closeControl() {
			if (this.control == null) {
				return;
			}
			this.control.close();
			if (RunCommand.this.controlFile != null) {
				try {
					Files.deleteIfExists(RunCommand.this.controlFile);
				}
				catch (IOException ex) {
					this.err.println("emulator: cannot remove " + RunCommand.this.controlFile + ": " + ex.getMessage());
				}
			}
		}

		/**
		 * Ctrl-C: stop the loop, let it print its summary, then make sure all is closed.
		 */
		private void interrupted() {
			this.stopRequested = true;
			try {
				this.finished.await(5, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.network.close();
		}

		private void removeHook(Thread hook) {
			try {
				Runtime.getRuntime().removeShutdownHook(hook);
			}
			catch (IllegalStateException ex) {
				// the JVM is already shutting down: the hook is running
			}
		}

		private void describe() throws IOException {
			Topology running = this.network.topology();
			this.out.printf("%s: %d switches, %d hosts, %s time; P4Runtime servers:%n", running.name(),
					running.switches().size(), running.hosts().size(),
					RunCommand.this.clock.name().toLowerCase(Locale.ROOT));
			for (EmulatedSwitch emulated : this.network.switches()) {
				this.out.printf("  %-16s device %-4d %s%n", emulated.name(), emulated.spec().deviceId(),
						emulated.address());
			}
			if (RunCommand.this.export != null) {
				this.network.export(RunCommand.this.export);
				this.out.printf("topology written to %s%n", RunCommand.this.export);
			}
			this.out.flush();
		}

		private List<FlowSpec> flows() {
			if (RunCommand.this.flows == 0) {
				return List.of();
			}
			List<String> hosts = this.network.topology().hosts().stream().map(HostSpec::name).toList();
			List<FlowSpec> udp = FlowSets.randomPairs(hosts, RunCommand.this.flows, TransportProtocol.UDP,
					RunCommand.this.frameBytes, RunCommand.this.traffic.arrivals(RunCommand.this.rate),
					new RandomStreams(RunCommand.this.seed).forComponent("cli:flows"));
			List<FlowSpec> flows = new ArrayList<>(udp.size());
			for (int i = 0; i < udp.size(); i++) {
				FlowSpec flow = udp.get(i);
				flows.add(new FlowSpec(flow.sourceHost(), flow.destinationHost(), RunCommand.this.protocol.of(i),
						flow.sourcePort(), flow.destinationPort(), flow.frameBytes(), flow.dscp(), flow.arrivals()));
			}
			return flows;
		}

		private void provision(List<FlowSpec> traffic) {
			IntFlows withInt = (this.intFlowCount == null) ? IntFlows.every()
					: IntFlows.listed(traffic.subList(0, Math.min(this.intFlowCount, traffic.size())));
			ProvisioningOptions options = instructionsChecked().withIntFlows(withInt)
				.withEventFilter(RunCommand.this.eventFilter)
				.withCollector(RunCommand.this.collector)
				.withEcmp(RunCommand.this.ecmp)
				.withLabeling(labeling(traffic));
			ProvisioningPlan plan;
			try {
				plan = ProvisioningPlan.of(this.network.topology(), options);
			}
			catch (IllegalArgumentException ex) {
				throw usage(ex.getMessage());
			}
			ProvisioningReport report = new NetworkProvisioner(1, Duration.ofSeconds(10), Clock.systemUTC())
				.apply(plan);
			LabelingSpec labeling = options.labeling();
			this.out.printf("provisioned %d switches over P4Runtime: %d updates in %d ms; INT on %s; INT-label %s%n",
					report.updatesPerSwitch().size(), report.updates(), report.took().toMillis(),
					(this.intFlowCount == null) ? "every flow" : Math.min(this.intFlowCount, traffic.size()) + " flows",
					labeling.enabled() ? labeling.mode() + " every " + labeling.intervalMicros() + " µs, "
							+ labeling.specificFlows().size() + " specific flows" : "off");
			this.out.flush();
		}

		private Duration length() {
			if (RunCommand.this.duration != null) {
				return RunCommand.this.duration;
			}
			return (RunCommand.this.clock == ClockMode.VIRTUAL) ? VIRTUAL_DEFAULT : FOREVER;
		}

		private void runWithStatus(Duration length) throws InterruptedException {
			boolean virtual = RunCommand.this.clock == ClockMode.VIRTUAL;
			Duration slice = virtual ? VIRTUAL_SLICE : Duration.ofMillis(200);
			long endNanos = this.network.nowNanos() + length.toNanos();
			EmulationStatus previous = this.network.status();
			long lastLine = System.nanoTime();
			while (!this.stopRequested && this.network.nowNanos() < endNanos) {
				Duration left = Duration.ofNanos(endNanos - this.network.nowNanos());
				try {
					this.network.runFor(left.compareTo(slice) < 0 ? left : slice);
				}
				catch (InterruptedException ex) {
					break;
				}
				long now = System.nanoTime();
				if (now - lastLine >= STATUS_EVERY_NANOS) {
					EmulationStatus current = this.network.status();
					this.err.println(StatusLine.format(previous, current, now - lastLine, virtual));
					this.err.flush();
					previous = current;
					lastLine = now;
				}
			}
		}

		private void summarize(List<FlowSpec> traffic, TrafficRun run, long wallNanos) {
			EmulationStatus status = this.network.status();
			this.out.printf(Locale.ROOT, "summary: %.3f s emulated (%s) in %.3f s wall%n", status.emulatedNanos() / 1e9,
					RunCommand.this.clock.name().toLowerCase(Locale.ROOT), wallNanos / 1e9);
			this.out.printf(Locale.ROOT, "  flows %d, packets sent %d, delivered %d, packet-hops %d%n", traffic.size(),
					run.sentPackets(), run.receivedPackets(), status.packetHops());
			this.out.printf(Locale.ROOT, "  reports %d, sent to %s: %d%n", status.reports(), RunCommand.this.collector,
					this.network.reportsSentToCollector());
			this.out.printf(Locale.ROOT, "  drops %d%n", status.drops());
			if (RunCommand.this.agentFeed != null || RunCommand.this.agentPcap != null
					|| RunCommand.this.agentTruth != null) {
				this.out.printf(Locale.ROOT, "  handed off to the agent %d%n", this.network.handedOffPackets());
			}
			this.out.flush();
		}

	}

}
