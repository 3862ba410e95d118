package io.sonde.e2e.repro.intlabel;

import java.time.Duration;

import io.sonde.emulator.net.ControllerSink;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulatedSwitch;
import io.sonde.emulator.traffic.TrafficRun;

/**
 * One run on a fabric: the switches told to label as the setting says (Reg2 back to 0 on
 * every port), the links' loss set, a new {@link VirtualController} on every switch's
 * PacketIns and a {@link PortCarriage} on every port; then the senders' traffic for
 * {@link #WARM_UP} (Reg1 and, for Pro, S settle; nothing counted), the measured time in
 * slices of {@link #SLICE} with the controller ticking between them, and a drain so the
 * next run starts on an empty network.
 */
final class LabelRun {

	/** Traffic before anything is counted. */
	static final Duration WARM_UP = Duration.ofSeconds(1);

	/**
	 * Virtual time between two ticks of the controller: windows close and Algorithm 3
	 * runs this often, a tenth of the shortest T swept, far below k * T.
	 */
	static final Duration SLICE = Duration.ofMillis(1);

	/** Quiet time after the traffic stops, for packets still travelling. */
	static final Duration DRAIN = Duration.ofMillis(100);

	private LabelRun() {
	}

	static RunResult run(LabelFabric fabric, RunSetting setting, int repetition, Duration measured)
			throws InterruptedException {
		EmulatedNetwork emulated = fabric.emulated();
		LabelSwitches switches = fabric.switches();
		switches.apply(setting.labeling());
		double perLink = LossPlan.perLinkProbability(setting.lossTarget(), fabric.flows(), fabric.routes());
		fabric.setLinkLoss(perLink);
		VirtualController controller = new VirtualController(emulated, setting.labeling(), switches);
		for (EmulatedSwitch emulatedSwitch : emulated.switches()) {
			emulatedSwitch.node().setControllerSink(controller::packetIn);
		}
		PortCarriage carriage = PortCarriage.tap(emulated, controller::carried);
		TrafficRun traffic = fabric.startTraffic();
		try {
			advance(emulated, controller, WARM_UP);
			long start = emulated.nowNanos();
			long sentBefore = traffic.sentPackets();
			long receivedBefore = traffic.receivedPackets();
			PortCarriage.Totals before = carriage.totals();
			controller.startMeasuring(start);
			advance(emulated, controller, measured);
			PortCarriage.Totals totals = carriage.totals().since(before);
			return new RunResult(setting, repetition, (emulated.nowNanos() - start) / 1e9, controller.meanCoverage(),
					controller.windows().size(), controller.meanActivePorts(), controller.carriedPorts().size(),
					traffic.sentPackets() - sentBefore, traffic.receivedPackets() - receivedBefore, perLink,
					controller.exports(), controller.items(), controller.applied(), controller.malformed(),
					totals.bandwidthOccupation(), controller.shiftRaises(), controller.maxShift());
		}
		finally {
			traffic.stop();
			emulated.runFor(DRAIN);
			carriage.remove();
			for (EmulatedSwitch emulatedSwitch : emulated.switches()) {
				emulatedSwitch.node().setControllerSink(ControllerSink.DISCARD);
			}
			fabric.setLinkLoss(0);
		}
	}

	private static void advance(EmulatedNetwork emulated, VirtualController controller, Duration duration)
			throws InterruptedException {
		long end = emulated.nowNanos() + duration.toNanos();
		while (emulated.nowNanos() < end) {
			emulated.runFor(Duration.ofNanos(Math.min(SLICE.toNanos(), end - emulated.nowNanos())));
			controller.tick(emulated.nowNanos());
		}
	}

}
