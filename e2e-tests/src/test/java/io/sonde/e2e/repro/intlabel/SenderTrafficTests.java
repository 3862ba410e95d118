package io.sonde.e2e.repro.intlabel;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.topology.IntLabelFabric;
import io.sonde.emulator.traffic.FlowSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SenderTrafficTests {

	@Test
	void serversOneAndEightEachSendFiveMegabitsOfKilobyteFramesToTheSevenOthers() {
		var flows = SenderTraffic.flows(IntLabelFabric.build());
		assertThat(flows).hasSize(14);
		assertThat(flows).extracting(FlowSpec::sourceHost).containsOnly("server-1", "server-8");
		assertThat(flows.stream().filter((flow) -> flow.sourceHost().equals("server-1")).map(FlowSpec::destinationHost))
			.containsExactlyInAnyOrder("server-2", "server-3", "server-4", "server-5", "server-6", "server-7",
					"server-8");
		assertThat(flows).allSatisfy((flow) -> assertThat(flow.frameBytes()).isEqualTo(1000));
		assertThat(SenderTraffic.senderPacketsPerSecond() * 8 * 1000).isCloseTo(5e6, within(1e-6));
	}

}
