package io.sonde.probes.session;

import java.net.Inet4Address;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.ProbeLimits;
import io.sonde.p4programs.codec.ProbeRequestType;
import io.sonde.p4programs.codec.SourceRouteEntry;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.probes.recovery.ArrivalKind;
import io.sonde.probes.recovery.HopTelemetry;
import io.sonde.probes.recovery.ProbeArrival;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologyGraph.Adjacency;

/**
 * Probe frames for one topology (GPINT-DECISIONS.md, wire format): the source route of a
 * path from any of its switches (on each switch the port toward the next, and its MEA
 * range), the frame the monitoring module injects at the first switch, and what a
 * PacketIn's probe means to the recovery loop.
 */
final class ProbeFrames {

	/** Locally administered, "SONDE" in its last five bytes. */
	static final byte[] MONITOR_MAC = { 0x02, 0x53, 0x4F, 0x4E, 0x44, 0x45 };

	private static final int PORT_BITS_MAX = 0xFF;

	private final TopologyGraph graph;

	private final ProbeRequestType type;

	private final Inet4Address monitor;

	ProbeFrames(TopologyGraph graph, ProbeRequestType type, Inet4Address monitor) {
		this.graph = graph;
		this.type = type;
		this.monitor = monitor;
	}

	ProbeRequestType type() {
		return this.type;
	}

	/**
	 * A plan's paths as probes can carry them: a path longer than MAX_PROBE_HOPS is cut
	 * into consecutive pieces, each probed on its own.
	 */
	static List<List<String>> segments(List<List<String>> paths) {
		int bound = ProbeLimits.DEFAULT_MAX_HOPS;
		List<List<String>> pieces = new ArrayList<>();
		for (List<String> path : paths) {
			for (int from = 0; from < path.size(); from += bound) {
				pieces.add(List.copyOf(path.subList(from, Math.min(path.size(), from + bound))));
			}
		}
		return pieces;
	}

	/** The frame that probes {@code path} from its switch at {@code from} to its end. */
	byte[] frame(List<String> path, int from, int requestId) {
		GpintProbe probe = GpintProbe.start(requestId, this.type, route(path, from));
		String first = path.get(from);
		byte[] switchMac = Bytestrings.mac(this.graph.topology().switchNamed(first).orElseThrow().mac()).toByteArray();
		return GpintProbeCodec.encodeFrame(probe, switchMac, MONITOR_MAC, this.monitor);
	}

	/** One entry per switch from {@code from} on; the last one's port is not used. */
	List<SourceRouteEntry> route(List<String> path, int from) {
		List<SourceRouteEntry> entries = new ArrayList<>();
		for (int position = from; position < path.size(); position++) {
			String here = path.get(position);
			int port = (position + 1 < path.size()) ? portToward(here, path.get(position + 1)) : 0;
			entries.add(new SourceRouteEntry(port, firstIndex(), count(here)));
		}
		return entries;
	}

	/** The register index of a switch's first measurement. */
	int firstIndex() {
		return (this.type == ProbeRequestType.PORT_PACKETS) ? 1 : 0;
	}

	// Port counters: ports 1 up to the switch's highest cabled port. Rule hits:
	// cell 0 (direct routes) and one per host route's group. At most 16 (the
	// data plane's bound).
	private int count(String switchName) {
		int cells = (this.type == ProbeRequestType.PORT_PACKETS)
				? this.graph.neighbours(switchName).stream().mapToInt(Adjacency::port).max().orElse(0)
				: this.graph.topology().hosts().size() + 1;
		return Math.min(ProbeLimits.DEFAULT_MAX_MEASUREMENTS_PER_HOP, cells);
	}

	private int portToward(String from, String to) {
		int port = this.graph.neighbours(from)
			.stream()
			.filter((next) -> next.node().equals(to))
			.mapToInt(Adjacency::port)
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no link from " + from + " to " + to));
		if (port > PORT_BITS_MAX) {
			throw new IllegalStateException("port " + port + " of " + from + " does not fit a source-route entry");
		}
		return port;
	}

	/**
	 * The probe a PacketIn carries, if it is one: a completed probe, a feedback or a
	 * recovery notification, with its request id.
	 */
	static Optional<Received> decode(byte[] payload) {
		if (GpintProbeCodec.recogniseFrame(payload, 0, payload.length).isEmpty()) {
			return Optional.empty();
		}
		GpintProbe probe;
		try {
			probe = GpintProbeCodec.decodeFrame(payload);
		}
		catch (MalformedTelemetry ex) {
			return Optional.empty();
		}
		ArrivalKind kind = switch (probe.kind()) {
			case FEEDBACK -> ArrivalKind.FEEDBACK;
			case RECOVERY -> ArrivalKind.RECOVERY_NOTIFICATION;
			case MEASUREMENT -> probe.completed() ? ArrivalKind.COMPLETED : null;
		};
		if (kind == null) {
			return Optional.empty();
		}
		List<HopTelemetry> hops = probe.hops()
			.stream()
			.map((hop) -> new HopTelemetry(hop.switchId(), hop.queueDepth(), hop.measurements()))
			.toList();
		return Optional.of(new Received(probe.requestId(), kind, hops));
	}

	/** A probe packet before its request id is mapped to a send. */
	record Received(int requestId, ArrivalKind kind, List<HopTelemetry> hops) {

		ProbeArrival toArrival(long sendId) {
			return new ProbeArrival(sendId, this.kind, this.hops);
		}

	}

}
