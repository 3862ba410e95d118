package io.sonde.emulator.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Ready-made sets of flows.
 */
public final class FlowSets {

	/** First source port of generated flows; each flow gets the next one. */
	public static final int FIRST_SOURCE_PORT = 10_000;

	/** Destination port of generated flows (iperf's). */
	public static final int DESTINATION_PORT = 5001;

	private FlowSets() {
	}

	/**
	 * {@code count} flows between random distinct hosts, each with its own source port
	 * (so every flow is a distinct 5-tuple), drawn from {@code random}.
	 */
	public static List<FlowSpec> randomPairs(List<String> hosts, int count, TransportProtocol protocol, int frameBytes,
			ArrivalModel arrivals, SplittableRandom random) {
		if (hosts.size() < 2) {
			throw new IllegalArgumentException("random flows need at least two hosts, got " + hosts.size());
		}
		int maxFlows = 0xffff - FIRST_SOURCE_PORT + 1;
		if (count < 0 || count > maxFlows) {
			throw new IllegalArgumentException("flow count must be 0.." + maxFlows + ": " + count);
		}
		List<FlowSpec> flows = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			int source = random.nextInt(hosts.size());
			int destination = random.nextInt(hosts.size() - 1);
			if (destination >= source) {
				destination++;
			}
			flows.add(new FlowSpec(hosts.get(source), hosts.get(destination), protocol, FIRST_SOURCE_PORT + i,
					DESTINATION_PORT, frameBytes, 0, arrivals));
		}
		return flows;
	}

	/**
	 * One flow from every host to every other host (n × (n − 1) flows), in host order.
	 */
	public static List<FlowSpec> allPairs(List<String> hosts, TransportProtocol protocol, int frameBytes,
			ArrivalModel arrivals) {
		List<FlowSpec> flows = new ArrayList<>();
		int port = FIRST_SOURCE_PORT;
		for (String source : hosts) {
			for (String destination : hosts) {
				if (!source.equals(destination)) {
					flows.add(new FlowSpec(source, destination, protocol, port++, DESTINATION_PORT, frameBytes, 0,
							arrivals));
				}
			}
		}
		return flows;
	}

}
