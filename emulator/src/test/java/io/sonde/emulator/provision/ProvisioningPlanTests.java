package io.sonde.emulator.provision;

import java.util.ArrayList;
import java.util.List;

import io.grpc.Status;
import io.sonde.emulator.pipeline.EventFilterAction;
import io.sonde.emulator.pipeline.FlowMatch;
import io.sonde.emulator.state.SwitchState;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.CnfOperator;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The emulator's controller decides per switch what sonde.p4 needs: routes everywhere,
 * sink ports toward hosts, the watchlist where a flow enters, its filter where it leaves,
 * the report mirror; and the updates it writes are ones a sonde.p4 switch accepts.
 */
class ProvisioningPlanTests {

	private final Topology fatTree = FatTree.build(4).withP4RuntimePorts(50_001);

	/** h-0-0-0 (edge-0-0) to h-3-1-1 (edge-3-1): five switches. */
	private final FlowSpec acrossPods = FlowSpec.udp("h-0-0-0", "h-3-1-1", 10_000, 5001, 500, new ConstantRate(10));

	/** h-0-0-0 to h-0-0-1: both on edge-0-0. */
	private final FlowSpec sameEdge = FlowSpec.udp("h-0-0-0", "h-0-0-1", 10_001, 5001, 500, new ConstantRate(10));

	@Test
	void everySwitchGetsRoutesItsIdAndTheReportMirrorAndEdgeSwitchesSinkPorts() {
		ProvisioningPlan plan = ProvisioningPlan.of(this.fatTree, ProvisioningOptions.DEFAULTS);

		assertThat(plan.switches()).hasSize(20).allSatisfy((sw) -> {
			assertThat(sw.routes()).as(sw.switchName() + " routes every host").hasSize(16);
			assertThat(sw.intNodeId()).isEqualTo(sw.deviceId());
			assertThat(sw.reportPort()).isEqualTo(500);
			assertThat(sw.collector().collectorPort()).isEqualTo(32766);
			assertThat(sw.address()).startsWith("127.0.0.1:500");
		});
		assertThat(plan.switchPlan("edge-1-0").sinkPorts()).containsExactly(1, 2);
		assertThat(plan.switchPlan("agg-1-0").sinkPorts()).isEmpty();
		assertThat(plan.switchPlan("core-0").sinkPorts()).isEmpty();
		assertThat(plan.switches()).allSatisfy((sw) -> assertThat(sw.watchlist()).isEmpty());
	}

	@Test
	void aListedFlowIsWatchedWhereItEntersAndFilteredWhereItLeaves() {
		EventFilterSpec perHop = new EventFilterSpec.FastDetection(EventAlgorithm.PER_HOP_CHANGE,
				EventMetric.QUEUE_OCCUPANCY, 5, 0);
		ProvisioningPlan plan = ProvisioningPlan.of(this.fatTree,
				ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.listed(List.of(this.acrossPods, this.sameEdge)))
					.withEventFilter(perHop));

		SwitchPlan source = plan.switchPlan("edge-0-0");
		assertThat(source.watchlist()).singleElement().satisfies((rule) -> {
			FlowMatch match = rule.match();
			assertThat(match.matches(0x0A000002, 0x0A030103, 17, 10_000, 5001)).isTrue();
			assertThat(match.matches(0x0A000002, 0x0A030103, 17, 10_001, 5001)).isFalse();
			assertThat(rule.action().instructions()).isEqualTo(ProvisioningOptions.ALL_INSTRUCTIONS);
			assertThat(rule.action().hopMl()).as("all nine items: 12 words").isEqualTo(12);
		});
		assertThat(source.eventFilters()).as("the same-edge flow gets no INT, so no filter").isEmpty();
		SwitchPlan sink = plan.switchPlan("edge-3-1");
		assertThat(sink.eventFilters()).singleElement().satisfies((rule) -> {
			assertThat(rule.action().mode()).isEqualTo(EventFilterAction.MODE_FAST);
			assertThat(rule.action().algorithm()).isEqualTo(EventAlgorithm.PER_HOP_CHANGE.code());
			assertThat(rule.action().metric()).isEqualTo(EventMetric.QUEUE_OCCUPANCY.code());
			assertThat(rule.action().threshold()).isEqualTo(5);
		});
		assertThat(sink.watchlist()).isEmpty();
	}

	@Test
	void everyFlowIsOneWildcardEntryPerEdgeSwitch() {
		ProvisioningPlan plan = ProvisioningPlan.of(this.fatTree,
				ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.every()));

		assertThat(plan.switches())
			.allSatisfy((sw) -> assertThat(sw.watchlist()).hasSize(sw.switchName().startsWith("edge") ? 1 : 0)
				.allSatisfy((rule) -> assertThat(rule.match()).isEqualTo(FlowMatch.ANY)));
	}

	@Test
	void aCnfFilterFillsItsLiteralSlots() {
		EventFilterSpec cnf = new EventFilterSpec.ComplexDetection(
				List.of(new EventFilterSpec.CnfLiteral(0, 0, EventMetric.HOP_LATENCY, false, CnfOperator.GREATER, 100),
						new EventFilterSpec.CnfLiteral(1, 1, EventMetric.QUEUE_OCCUPANCY, true,
								CnfOperator.GREATER_OR_EQUAL, 8)));
		ProvisioningPlan plan = ProvisioningPlan.of(this.fatTree,
				ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.listed(List.of(this.acrossPods)))
					.withEventFilter(this.acrossPods, cnf));

		SwitchPlan sink = plan.switchPlan("edge-3-1");
		assertThat(sink.eventFilters()).singleElement()
			.satisfies((rule) -> assertThat(rule.action().mode()).isEqualTo(EventFilterAction.MODE_COMPLEX));
		assertThat(sink.cnfLiterals()).containsExactly(
				new CnfRegisterWrite(SondePipeline.cnfLiteralIndex(0, 0, 0), 1, CnfOperator.GREATER.code(), 100),
				new CnfRegisterWrite(SondePipeline.cnfLiteralIndex(0, 1, 1), 2 | SondePipeline.CNF_AGGREGATE_MAX,
						CnfOperator.GREATER_OR_EQUAL.code(), 8));
	}

	@Test
	void aSondeP4SwitchAcceptsEveryUpdateOfThePlan() {
		ProvisioningPlan plan = ProvisioningPlan.of(this.fatTree, ProvisioningOptions.DEFAULTS
			.withIntFlows(IntFlows.listed(List.of(this.acrossPods)))
			.withEventFilter(
					new EventFilterSpec.FastDetection(EventAlgorithm.MOVING_AVERAGE, EventMetric.HOP_LATENCY, 50, 64)));
		SondeUpdates updates = new SondeUpdates(SondePipeline.p4Info());

		for (String name : List.of("edge-0-0", "edge-3-1", "core-0")) {
			SwitchState state = new SwitchState(SondePipeline.p4Info());
			List<Status> statuses = state.write(updates.of(plan.switchPlan(name)));
			assertThat(statuses).as(name)
				.allSatisfy((status) -> assertThat(status.getCode()).isEqualTo(Status.Code.OK));
			assertThat(state.cloneSession(SondePipeline.INT_REPORT_CLONE_SESSION_ID).firstEgressPort()).isEqualTo(500);
		}
	}

	@Test
	void plansOnlyATopologyWhoseSwitchesListen() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ProvisioningPlan.of(FatTree.build(4), ProvisioningOptions.DEFAULTS))
			.withMessageContaining("no P4Runtime port");
	}

	@Test
	void refusesUnknownHostsAndMoreFlowsThanTheTablesHold() {
		FlowSpec stranger = FlowSpec.udp("h-0-0-0", "nobody", 1, 2, 500, new ConstantRate(1));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ProvisioningPlan.of(this.fatTree,
					ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.listed(List.of(stranger)))))
			.withMessageContaining("nobody");
		List<FlowSpec> tooMany = new ArrayList<>();
		for (int port = 0; port <= ProvisioningPlan.FLOW_TABLE_SIZE; port++) {
			tooMany.add(FlowSpec.udp("h-0-0-0", "h-3-1-1", port, 5001, 500, new ConstantRate(1)));
		}
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ProvisioningPlan.of(this.fatTree,
					ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.listed(tooMany))))
			.withMessageContaining("int_watchlist entries")
			.withMessageContaining("1024");
	}

}
