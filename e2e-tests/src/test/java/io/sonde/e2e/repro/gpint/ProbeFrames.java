package io.sonde.e2e.repro.gpint;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.ProbeLimits;
import io.sonde.p4programs.codec.ProbeRequestType;
import io.sonde.p4programs.codec.SourceRouteEntry;

/**
 * Probe frames as the monitoring module builds them (GPINT-DECISIONS.md): a source-route
 * entry per switch from the one the probe starts at to the path's end, each naming the
 * port toward the next switch (the last one's is not used: its probe goes to the CPU) and
 * asking for the switch's per-port packet counters (type 1), one per port up to the 16 a
 * hop may carry; addressed to the monitoring module, 127.0.0.1.
 */
final class ProbeFrames {

	private static final Inet4Address MONITOR;

	static {
		try {
			MONITOR = (Inet4Address) InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 });
		}
		catch (UnknownHostException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private final Topology topology;

	private final Map<String, Integer> portToward = new HashMap<>();

	private final Map<String, Integer> portCount = new HashMap<>();

	ProbeFrames(Topology topology) {
		this.topology = topology;
		for (LinkSpec link : topology.links()) {
			this.portToward.put(link.a().node() + ">" + link.b().node(), link.a().port());
			this.portToward.put(link.b().node() + ">" + link.a().node(), link.b().port());
			this.portCount.merge(link.a().node(), 1, Integer::sum);
			this.portCount.merge(link.b().node(), 1, Integer::sum);
		}
	}

	/**
	 * The probe that walks {@code path} from its {@code fromHop}-th switch (0-based) to
	 * its end.
	 */
	byte[] probe(int requestId, List<String> path, int fromHop) {
		List<SourceRouteEntry> route = new ArrayList<>();
		for (int i = fromHop; i < path.size(); i++) {
			String at = path.get(i);
			int next = (i + 1 < path.size()) ? port(at, path.get(i + 1)) : 0;
			int measurements = Math.min(ProbeLimits.DEFAULT_MAX_MEASUREMENTS_PER_HOP, this.portCount.get(at));
			route.add(new SourceRouteEntry(next, 1, measurements));
		}
		GpintProbe probe = GpintProbe.start(requestId, ProbeRequestType.PORT_PACKETS, route);
		byte[] mac = this.topology.switchNamed(path.get(fromHop)).map(SwitchSpec::mac).orElseThrow().toBytes();
		return GpintProbeCodec.encodeFrame(probe, mac, mac, MONITOR);
	}

	private int port(String from, String to) {
		Integer port = this.portToward.get(from + ">" + to);
		if (port == null) {
			throw new IllegalArgumentException("no link from " + from + " to " + to + ": the path is not walkable");
		}
		return port;
	}

	/**
	 * A path split into consecutive pieces of at most the hop bound the switches carry
	 * (GPINT-DECISIONS.md: the orchestrator splits longer paths).
	 */
	static List<List<String>> split(List<List<String>> paths) {
		List<List<String>> pieces = new ArrayList<>();
		int bound = ProbeLimits.DEFAULT_MAX_HOPS;
		for (List<String> path : paths) {
			for (int from = 0; from < path.size(); from += bound) {
				pieces.add(List.copyOf(path.subList(from, Math.min(path.size(), from + bound))));
			}
		}
		return pieces;
	}

}
