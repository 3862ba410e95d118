package io.sonde.e2e.repro.intlabel;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.topology.IntLabelFabric;
import io.sonde.emulator.topology.ShortestPathRoutes;
import io.sonde.emulator.topology.Topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class LossPlanTests {

	private final Topology fabric = IntLabelFabric.build();

	@Test
	void perLinkProbabilityLosesTheTargetShareOfTheSendersPacketsEndToEnd() {
		var flows = SenderTraffic.flows(this.fabric);
		var routes = ShortestPathRoutes.compute(this.fabric);
		double perLink = LossPlan.perLinkProbability(0.6, flows, routes);
		int[] links = flows.stream()
			.mapToInt((flow) -> routes.path(flow.sourceHost(), flow.destinationHost()).size() - 1)
			.toArray();
		assertThat(LossPlan.endToEndLoss(perLink, links)).isCloseTo(0.6, within(1e-9));
		// Longer paths lose more than the mean, so a link drops less than 60%.
		assertThat(perLink).isBetween(0.1, 0.6);
	}

	@Test
	void noLossNeedsNoDrops() {
		assertThat(LossPlan.perLinkProbability(0, SenderTraffic.flows(this.fabric),
				ShortestPathRoutes.compute(this.fabric)))
			.isZero();
	}

	@Test
	void rejectsLosingEveryPacket() {
		assertThatIllegalArgumentException().isThrownBy(() -> LossPlan.perLinkProbability(1.0,
				SenderTraffic.flows(this.fabric), ShortestPathRoutes.compute(this.fabric)));
	}

}
