package io.sonde.e2e.repro.prefilter;

import java.time.Duration;
import java.util.List;

import io.sonde.emulator.net.EgressContext;
import io.sonde.emulator.net.QueueingRecorder;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.pipeline.GroundTruth;
import io.sonde.emulator.pipeline.HopTruth;
import io.sonde.emulator.pipeline.ReportTruth;
import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.traffic.ArrivalModel;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.TrafficRun;

/**
 * One emulation of the {@link BottleneckPath} in virtual time with one pre-filter
 * setting: three P4Runtime switches running sonde.p4, configured over P4Runtime by the
 * emulator's controller (INT for the flow at s1, the filter at the sink s3), the flow
 * sent, and the {@link BurstLedger} fed from the emulator's ground truth. Reports stay in
 * the emulator (counted, not sent anywhere). The same seed gives the same packets at the
 * same times in every run, whatever the filter: reports do not share the data path.
 */
final class FilterRun {

	/** Virtual time after the flow stops for the last packets to reach the sink. */
	private static final Duration DRAIN = Duration.ofMillis(20);

	private FilterRun() {
	}

	static RunResult run(ArrivalModel arrivals, FilterSetting setting, Duration traffic, long seed)
			throws InterruptedException {
		FlowSpec flow = BottleneckPath.flow(arrivals);
		EmulationOptions options = EmulationOptions.DEFAULTS.withSeed(seed)
			.withNanosPerTick(1)
			.withP4RuntimeBasePort(0)
			.withCollector(null)
			.withGroundTruthCapacity(0);
		try (EmulatedNetwork emulated = EmulatedNetwork.start(BottleneckPath.topology(), options)) {
			NetworkProvisioner.withDefaults()
				.apply(ProvisioningPlan.of(emulated.topology(),
						ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.listed(List.of(flow)))
							.withInstructions(BottleneckPath.INSTRUCTIONS)
							.withEventFilter(flow, setting.spec())));
			BurstLedger ledger = new BurstLedger(setting.thresholdNanos());
			TrafficRun sending = emulated.startTraffic(List.of(flow), traffic);
			GroundTruthFeed feed = new GroundTruthFeed(ledger, sending.flowIndexOf(0));
			emulated.groundTruth().setListener(feed);
			emulated.network().setQueueingRecorder(feed);
			emulated.runFor(traffic.plus(DRAIN));
			long emitted = emulated.status().reports();
			if (emitted != ledger.reports()) {
				throw new IllegalStateException(
						"the sink emitted " + emitted + " reports but the ground truth saw " + ledger.reports());
			}
			return new RunResult(setting, traffic.toNanos() / 1e9, sending.sentPackets(), sending.receivedPackets(),
					ledger.packets(), ledger.reports(), ledger.latencyMismatches(), ledger.summary());
		}
	}

	/**
	 * Hands the ledger what the network's queues and the switches' pipelines did to the
	 * flow's packets, on the emulation's thread.
	 */
	private static final class GroundTruthFeed implements QueueingRecorder, GroundTruth.Listener {

		private final BurstLedger ledger;

		private final int flowIndex;

		GroundTruthFeed(BurstLedger ledger, int flowIndex) {
			this.ledger = ledger;
			this.flowIndex = flowIndex;
		}

		@Override
		public void onDequeue(EgressContext egress) {
			if (egress.node() instanceof SwitchNode node && node.deviceId() == BottleneckPath.BOTTLENECK_SWITCH
					&& egress.packet().flowIndex() == this.flowIndex) {
				this.ledger.departed(egress.packet().id(), egress.queueWaitNanos());
			}
		}

		@Override
		public void onHop(HopTruth hop) {
			if (hop.switchId() == BottleneckPath.BOTTLENECK_SWITCH) {
				this.ledger.intHop(hop.packetId(), hop.hopLatency());
			}
		}

		@Override
		public void onReport(ReportTruth report) {
			this.ledger.reported(report.packetId());
		}

	}

}
