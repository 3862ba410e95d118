package io.sonde.e2e.repro.intlabel;

import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.PoissonArrivals;

/**
 * The paper's traffic (§6.1): "server1 and server8 randomly send traffic (packet size =
 * 1kB) to others", around 5 Mbps. Here each sender sends {@value #BITS_PER_SECOND} bit/s
 * of 1,000-byte frames, spread evenly over the seven other servers as one Poisson UDP
 * flow each, so packets go to a random destination at random times.
 */
final class SenderTraffic {

	static final List<String> SENDERS = List.of("server-1", "server-8");

	static final int FRAME_BYTES = 1000;

	static final double BITS_PER_SECOND = 5_000_000;

	private static final int FIRST_SOURCE_PORT = 41_000;

	private static final int DESTINATION_PORT = 5001;

	private SenderTraffic() {
	}

	/** Packets per second one sender sends. */
	static double senderPacketsPerSecond() {
		return BITS_PER_SECOND / (8.0 * FRAME_BYTES);
	}

	/** Packets per second all senders send together. */
	static double totalPacketsPerSecond() {
		return SENDERS.size() * senderPacketsPerSecond();
	}

	static List<FlowSpec> flows(Topology topology) {
		List<FlowSpec> flows = new ArrayList<>();
		int sourcePort = FIRST_SOURCE_PORT;
		for (String sender : SENDERS) {
			List<HostSpec> others = topology.hosts().stream().filter((host) -> !host.name().equals(sender)).toList();
			double perFlow = senderPacketsPerSecond() / others.size();
			for (HostSpec other : others) {
				flows.add(FlowSpec.udp(sender, other.name(), sourcePort++, DESTINATION_PORT, FRAME_BYTES,
						new PoissonArrivals(perFlow)));
			}
		}
		return List.copyOf(flows);
	}

}
