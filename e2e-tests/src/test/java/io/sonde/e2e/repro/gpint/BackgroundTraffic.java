package io.sonde.e2e.repro.gpint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.RoutingPlan;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.PoissonArrivals;

/**
 * The paper's background traffic (§V-A, "UDP traffic between randomly selected hosts"):
 * every host sends one Poisson UDP flow to a host drawn at random among the others, all
 * flows at one rate, calibrated on the routes the switches run so that the switch most
 * flows cross is offered {@link Load#busiestSwitchUtilization()} of its processing rate.
 *
 * @param flows one per host
 * @param flowPacketsPerSecond the rate of each flow
 * @param busiestSwitch the switch most flows cross
 * @param busiestSwitchFlows how many cross it
 */
record BackgroundTraffic(List<FlowSpec> flows, double flowPacketsPerSecond, String busiestSwitch,
		int busiestSwitchFlows) {

	/** Frames of 200 bytes: the links (1 Gbit/s) never limit, the processors do. */
	static final int FRAME_BYTES = 200;

	private static final int FIRST_SOURCE_PORT = 40_000;

	private static final int DESTINATION_PORT = 5001;

	/**
	 * @param processingPacketsPerSecond every switch's processing rate
	 * @param random draws the destinations
	 */
	static BackgroundTraffic calibrated(Topology topology, RoutingPlan routes, long processingPacketsPerSecond,
			Load load, SplittableRandom random) {
		List<HostSpec> hosts = topology.hosts();
		if (hosts.size() < 2) {
			throw new IllegalArgumentException(
					"background traffic needs two hosts, " + topology.name() + " has " + hosts.size());
		}
		List<String[]> pairs = new ArrayList<>();
		Map<String, Integer> flowsThrough = new HashMap<>();
		for (int i = 0; i < hosts.size(); i++) {
			int other = random.nextInt(hosts.size() - 1);
			int destination = (other >= i) ? other + 1 : other;
			String from = hosts.get(i).name();
			String to = hosts.get(destination).name();
			pairs.add(new String[] { from, to });
			for (String node : routes.path(from, to)) {
				if (topology.switchNamed(node).isPresent()) {
					flowsThrough.merge(node, 1, Integer::sum);
				}
			}
		}
		Map.Entry<String, Integer> busiest = flowsThrough.entrySet()
			.stream()
			.max(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
			.orElseThrow();
		double rate = load.busiestSwitchUtilization() * processingPacketsPerSecond / busiest.getValue();
		List<FlowSpec> flows = new ArrayList<>();
		for (int i = 0; i < pairs.size(); i++) {
			flows.add(FlowSpec.udp(pairs.get(i)[0], pairs.get(i)[1], FIRST_SOURCE_PORT + i, DESTINATION_PORT,
					FRAME_BYTES, new PoissonArrivals(rate)));
		}
		return new BackgroundTraffic(List.copyOf(flows), rate, busiest.getKey(), busiest.getValue());
	}

	/** Packets per second all hosts send together. */
	double totalPacketsPerSecond() {
		return this.flowPacketsPerSecond * this.flows.size();
	}

}
