package io.sonde.e2e.repro.intlabel;

import java.util.List;

import io.sonde.emulator.topology.RoutingPlan;
import io.sonde.emulator.traffic.FlowSpec;

/**
 * How Fig. 13's packet loss is made here. The paper limits BMv2's forwarding rate and
 * queue depth until packets drop; here every link of the fabric drops each frame with one
 * probability, whatever it carries (the emulator's link draws the loss without reading
 * the frame), so labeled packets are lost like the others. The per-link probability is
 * the one that loses {@code target} of the senders' packets end to end, averaged over
 * their flows (equal rates), given the links each flow crosses; the run then measures the
 * loss it got.
 */
final class LossPlan {

	private LossPlan() {
	}

	/** The per-link drop probability that loses {@code target} of the flows' packets. */
	static double perLinkProbability(double target, List<FlowSpec> flows, RoutingPlan routes) {
		if (!(target >= 0 && target < 1)) {
			throw new IllegalArgumentException("end-to-end loss is within [0, 1): " + target);
		}
		if (target == 0) {
			return 0;
		}
		int[] links = flows.stream()
			.mapToInt((flow) -> routes.path(flow.sourceHost(), flow.destinationHost()).size() - 1)
			.toArray();
		double low = 0;
		double high = 1;
		for (int i = 0; i < 60; i++) {
			double middle = (low + high) / 2;
			if (endToEndLoss(middle, links) < target) {
				low = middle;
			}
			else {
				high = middle;
			}
		}
		return (low + high) / 2;
	}

	/** Mean over flows of 1 - (1 - q)^links. */
	static double endToEndLoss(double perLink, int[] linksPerFlow) {
		double sum = 0;
		for (int links : linksPerFlow) {
			sum += 1 - Math.pow(1 - perLink, links);
		}
		return sum / linksPerFlow.length;
	}

}
