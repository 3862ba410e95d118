package io.sonde.emulator.run;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.sonde.emulator.pipeline.SondeSwitchOptions;
import io.sonde.emulator.report.UdpReportSender;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.p4programs.codec.ReportFormat;

/**
 * How an {@link EmulatedNetwork} runs. Start from {@link #DEFAULTS} and change what
 * differs with the {@code with...} methods.
 *
 * @param clock virtual or real time
 * @param seed root seed of every random stream (links, traffic)
 * @param collector where telemetry reports are sent as UDP datagrams, or null to send
 * none
 * @param reportFormat the telemetry report format the switches emit
 * @param nanosPerTick nanoseconds per tick of the switches' INT clock (1000: BMv2's
 * microseconds)
 * @param p4RuntimeBasePort {@link #TOPOLOGY_PORTS} to take each switch's P4Runtime port
 * from the topology (0 there = a free port), 0 to give every switch a free port, N to
 * number them N, N+1, ... in switch order
 * @param linkCaptures pcap files of chosen links, each link named by one of its ends
 * @param reportCapture pcap file of every report frame, or null
 * @param groundTruthFile JSON Lines file of the whole run's ground truth, or null
 * @param groundTruthCapacity hops and reports the in-memory ground truth keeps (the last
 * ones)
 * @param dataPlanes the switches' packet processing, or null for sonde.p4
 * @param wallClock where the emulation's epoch (emulated time 0) is read
 * @param agentHandoff where the packets sinks deliver to hosts are handed off, with INT
 */
public record EmulationOptions(ClockMode clock, long seed, InetSocketAddress collector, ReportFormat reportFormat,
		long nanosPerTick, int p4RuntimeBasePort, Map<Endpoint, Path> linkCaptures, Path reportCapture,
		Path groundTruthFile, int groundTruthCapacity, SwitchDataPlanes dataPlanes, Clock wallClock,
		AgentHandoff agentHandoff) {

	/** {@link #p4RuntimeBasePort} value: ports as the topology gives them. */
	public static final int TOPOLOGY_PORTS = -1;

	/**
	 * Virtual time, seed 1, TR-2.0 reports to 127.0.0.1:32766, microsecond INT clock,
	 * P4Runtime ports from the topology, no captures, the last 100,000 hops and reports
	 * kept, sonde.p4 on every switch.
	 */
	public static final EmulationOptions DEFAULTS = new EmulationOptions(ClockMode.VIRTUAL, 1,
			UdpReportSender.DEFAULT_COLLECTOR, ReportFormat.TR2_0, SondeSwitchOptions.DEFAULTS.nanosPerTick(),
			TOPOLOGY_PORTS, Map.of(), null, null, 100_000, null, Clock.systemUTC(), AgentHandoff.NONE);

	public EmulationOptions {
		Objects.requireNonNull(clock, "clock");
		Objects.requireNonNull(reportFormat, "reportFormat");
		Objects.requireNonNull(wallClock, "wallClock");
		Objects.requireNonNull(agentHandoff, "agentHandoff");
		if (nanosPerTick <= 0) {
			throw new IllegalArgumentException("a switch clock tick lasts at least 1 ns: " + nanosPerTick);
		}
		if (p4RuntimeBasePort < TOPOLOGY_PORTS || p4RuntimeBasePort > 0xffff) {
			throw new IllegalArgumentException("the P4Runtime base port is 0..65535: " + p4RuntimeBasePort);
		}
		if (groundTruthCapacity < 0) {
			throw new IllegalArgumentException("the ground truth capacity cannot be negative: " + groundTruthCapacity);
		}
		linkCaptures = Map.copyOf(linkCaptures);
	}

	public EmulationOptions withClock(ClockMode mode) {
		return new EmulationOptions(mode, this.seed, this.collector, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, this.groundTruthFile,
				this.groundTruthCapacity, this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	public EmulationOptions withSeed(long newSeed) {
		return new EmulationOptions(this.clock, newSeed, this.collector, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, this.groundTruthFile,
				this.groundTruthCapacity, this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	/** Reports to {@code address}; null sends none. */
	public EmulationOptions withCollector(InetSocketAddress address) {
		return new EmulationOptions(this.clock, this.seed, address, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, this.groundTruthFile,
				this.groundTruthCapacity, this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	public EmulationOptions withReportFormat(ReportFormat format) {
		return new EmulationOptions(this.clock, this.seed, this.collector, format, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, this.groundTruthFile,
				this.groundTruthCapacity, this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	public EmulationOptions withNanosPerTick(long nanos) {
		return new EmulationOptions(this.clock, this.seed, this.collector, this.reportFormat, nanos,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, this.groundTruthFile,
				this.groundTruthCapacity, this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	public EmulationOptions withP4RuntimeBasePort(int basePort) {
		return new EmulationOptions(this.clock, this.seed, this.collector, this.reportFormat, this.nanosPerTick,
				basePort, this.linkCaptures, this.reportCapture, this.groundTruthFile, this.groundTruthCapacity,
				this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	/** Adds a capture of the link that has {@code end} as one of its ends. */
	public EmulationOptions withLinkCapture(Endpoint end, Path file) {
		Map<Endpoint, Path> captures = new LinkedHashMap<>(this.linkCaptures);
		captures.put(end, file);
		return new EmulationOptions(this.clock, this.seed, this.collector, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, captures, this.reportCapture, this.groundTruthFile, this.groundTruthCapacity,
				this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	public EmulationOptions withReportCapture(Path file) {
		return new EmulationOptions(this.clock, this.seed, this.collector, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, file, this.groundTruthFile, this.groundTruthCapacity,
				this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	public EmulationOptions withGroundTruthFile(Path file) {
		return new EmulationOptions(this.clock, this.seed, this.collector, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, file, this.groundTruthCapacity,
				this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	public EmulationOptions withGroundTruthCapacity(int capacity) {
		return new EmulationOptions(this.clock, this.seed, this.collector, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, this.groundTruthFile, capacity,
				this.dataPlanes, this.wallClock, this.agentHandoff);
	}

	public EmulationOptions withDataPlanes(SwitchDataPlanes planes) {
		return new EmulationOptions(this.clock, this.seed, this.collector, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, this.groundTruthFile,
				this.groundTruthCapacity, planes, this.wallClock, this.agentHandoff);
	}

	public EmulationOptions withWallClock(Clock clockSource) {
		return new EmulationOptions(this.clock, this.seed, this.collector, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, this.groundTruthFile,
				this.groundTruthCapacity, this.dataPlanes, clockSource, this.agentHandoff);
	}

	/** Hands the packets sinks deliver to hosts off as {@code handoff} says. */
	public EmulationOptions withAgentHandoff(AgentHandoff handoff) {
		return new EmulationOptions(this.clock, this.seed, this.collector, this.reportFormat, this.nanosPerTick,
				this.p4RuntimeBasePort, this.linkCaptures, this.reportCapture, this.groundTruthFile,
				this.groundTruthCapacity, this.dataPlanes, this.wallClock, handoff);
	}

	/**
	 * The data planes to use: the given ones, or sonde.p4 with this format, clock and
	 * seed.
	 */
	SwitchDataPlanes effectiveDataPlanes() {
		if (this.dataPlanes != null) {
			return this.dataPlanes;
		}
		return SwitchDataPlanes.sondeP4(SondeSwitchOptions.DEFAULTS.withReportFormat(this.reportFormat)
			.withNanosPerTick(this.nanosPerTick)
			.withRandomSeed(this.seed));
	}

}
