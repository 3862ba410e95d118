package io.sonde.e2e.repro.prefilter;

import java.util.List;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.ArrivalModel;
import io.sonde.emulator.traffic.FlowSpec;

/**
 * The one INT path of the experiment: {@code h1 — s1 — s2 — s3 — h2}. s1 is the INT
 * source, s3 the sink running the pre-filter, and s2's link to s3 the 1 Gbit/s bottleneck
 * where the flow's bursts queue; every other link runs at 10 Gbit/s, so no other queue
 * ever holds a packet. The paper watches one switch's queue; here that switch is s2, and
 * s1's hop in the stack always reads 0, so per-hop and per-flow-sum see the same values
 * (the paper: with one flow "both algorithms have the same behavior").
 */
final class BottleneckPath {

	static final String SOURCE_HOST = "h1";

	static final String DESTINATION_HOST = "h2";

	/** Device id (and INT node id) of the bottleneck switch. */
	static final long BOTTLENECK_SWITCH = 2;

	static final int FRAME_BYTES = 1000;

	/**
	 * INT node id, hop latency, queue id and occupancy (INT-2.1 bits 0, 2, 3): the
	 * paper's one switch "reporting its queue occupancy", in 3 words a hop.
	 */
	static final int INSTRUCTIONS = 0xB000;

	private static final int INT_HOP_BYTES = 12;

	/** Shim and INT-MD header, which the source adds (p4-programs README). */
	private static final int INT_HEADER_BYTES = 16;

	private static final long FAST_BITS_PER_SECOND = 10 * LinkParameters.GIGABIT;

	private static final long BOTTLENECK_BITS_PER_SECOND = LinkParameters.GIGABIT;

	/** 8.5 ms of frames at the bottleneck: no burst of these models fills it. */
	private static final int QUEUE_PACKETS = 1000;

	private static final long PROPAGATION_NANOS = 1_000;

	private BottleneckPath() {
	}

	static Topology topology() {
		LinkParameters fast = LinkParameters.ethernet(FAST_BITS_PER_SECOND, PROPAGATION_NANOS, QUEUE_PACKETS);
		LinkParameters bottleneck = LinkParameters.ethernet(BOTTLENECK_BITS_PER_SECOND, PROPAGATION_NANOS,
				QUEUE_PACKETS);
		List<SwitchSpec> switches = List.of(sw("s1", 1), sw("s2", BOTTLENECK_SWITCH), sw("s3", 3));
		List<HostSpec> hosts = List.of(HostSpec.of(SOURCE_HOST, Ipv4Address.of(10, 0, 1, 2)),
				HostSpec.of(DESTINATION_HOST, Ipv4Address.of(10, 0, 3, 2)));
		List<LinkSpec> links = List.of(link(SOURCE_HOST, 1, "s1", 1, fast), link("s1", 2, "s2", 1, fast),
				link("s2", 2, "s3", 2, bottleneck), link("s3", 1, DESTINATION_HOST, 1, fast));
		return new Topology("prefilter-path", switches, hosts, links);
	}

	/** The experiment's one flow: UDP from h1 to h2. */
	static FlowSpec flow(ArrivalModel arrivals) {
		return FlowSpec.udp(SOURCE_HOST, DESTINATION_HOST, 40_000, 5001, FRAME_BYTES, arrivals);
	}

	/**
	 * The packet rate during a burst: twice what the bottleneck carries of the flow's
	 * frames as they cross it (with the shim, the MD header and two hops), so the queue
	 * grows by half a frame's serialisation time with every packet and a burst's peak
	 * queueing delay is about its length.
	 */
	static double burstPacketsPerSecond() {
		int wireBytes = FRAME_BYTES + INT_HEADER_BYTES + 2 * INT_HOP_BYTES
				+ LinkParameters.ETHERNET_FRAMING_OVERHEAD_BYTES;
		return 2 * BOTTLENECK_BITS_PER_SECOND / (wireBytes * 8.0);
	}

	private static SwitchSpec sw(String name, long deviceId) {
		return new SwitchSpec(name, deviceId, 0, SwitchSpec.defaultMac(deviceId), "switch");
	}

	private static LinkSpec link(String a, int portA, String b, int portB, LinkParameters parameters) {
		return new LinkSpec(new Endpoint(a, portA), new Endpoint(b, portB), parameters);
	}

}
