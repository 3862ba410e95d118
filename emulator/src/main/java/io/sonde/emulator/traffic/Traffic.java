package io.sonde.emulator.traffic;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.sonde.emulator.net.HostNode;
import io.sonde.emulator.net.Network;

/**
 * Starts traffic on a network: one generator per flow, each with its own random stream
 * ({@code flow:<index>}), so a run is reproducible for the network's seed.
 */
public final class Traffic {

	/** Flows a run may hold; the issue asks for up to 10,000 per network. */
	public static final int MAX_FLOWS = 100_000;

	private Traffic() {
	}

	/**
	 * Starts {@code flows} at {@code startNanos}; no flow sends at or after
	 * {@code stopNanos}. Call before running or on the scheduler's thread.
	 * @throws io.sonde.emulator.net.UnknownNode if a flow names a host the network lacks
	 */
	public static TrafficRun start(Network network, List<FlowSpec> flows, long startNanos, long stopNanos) {
		if (flows.size() > MAX_FLOWS) {
			throw new IllegalArgumentException("at most " + MAX_FLOWS + " flows per run, got " + flows.size());
		}
		if (stopNanos < startNanos) {
			throw new IllegalArgumentException(
					"traffic stops (" + stopNanos + " ns) before it starts (" + startNanos + " ns)");
		}
		int first = network.reserveFlowIndexes(flows.size());
		FlowStatistics[] statistics = new FlowStatistics[flows.size()];
		FlowGenerator[] generators = new FlowGenerator[flows.size()];
		Set<HostNode> destinations = new LinkedHashSet<>();
		for (int i = 0; i < flows.size(); i++) {
			FlowSpec flow = flows.get(i);
			int flowIndex = first + i;
			HostNode source = network.hostNamed(flow.sourceHost());
			HostNode destination = network.hostNamed(flow.destinationHost());
			destinations.add(destination);
			FlowAddresses addresses = new FlowAddresses(source.mac(), source.gatewayMac(), source.ipv4(),
					destination.ipv4(), flow.protocol(), flow.sourcePort(), flow.destinationPort());
			PacketBuilder builder = PacketBuilder.forFlow(addresses, flow.dscp(), flow.frameBytes(), flowIndex);
			statistics[i] = new FlowStatistics(flowIndex, flow);
			generators[i] = new FlowGenerator(network.scheduler(), network.packets(), source, builder,
					flow.arrivals().newProcess(), network.randoms().forComponent("flow:" + flowIndex), statistics[i],
					stopNanos);
		}
		TrafficRun run = new TrafficRun(first, statistics, generators);
		for (HostNode destination : destinations) {
			destination.setReceiver(run.receiverChainedTo(destination.receiver()));
		}
		for (FlowGenerator generator : generators) {
			generator.start(startNanos);
		}
		return run;
	}

}
