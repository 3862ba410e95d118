package io.sonde.e2e.repro.intlabel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.adaptive.AdaptiveLabeling;
import io.sonde.labeling.coverage.CoverageWindow;
import io.sonde.labeling.coverage.CoverageWindows;
import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.LabelItem;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;

/**
 * The controller of one run, in virtual time, made of the backend's pure classes: every
 * export (a PacketIn from a last hop) decoded by the codec, each item applied to the
 * in-memory latest state of its (switch, port) only when its label time is newer
 * (Algorithm 4, as the backend's collection script does in Redis),
 * {@link CoverageWindows} fed with the applied items and with what the ports carried, and
 * for Pro the backend's {@link AdaptiveLabeling} stepped for every port that carried
 * traffic, its S written to the port's Reg2 in the switch
 * ({@link LabelSwitches#writeShift}). Runs on the emulation's thread (the PacketIns, the
 * taps) and the driver's (between slices of virtual time): both are the same thread in
 * virtual time.
 */
final class VirtualController {

	/** The control plane writes S up to this (INTLABEL decisions: Reg2). */
	static final int MAX_SHIFT = 15;

	private final EmulatedNetwork emulated;

	private final LabelingParameters parameters;

	private final LabelSwitches switches;

	private final Map<Long, String> switchByDevice = new HashMap<>();

	private final Map<PortKey, Long> latestLabelTime = new HashMap<>();

	private final Map<PortKey, Long> lastApplied = new HashMap<>();

	private final TreeSet<PortKey> carriedPorts = new TreeSet<>();

	private final AdaptiveLabeling adaptive;

	private final List<CoverageWindow> closed = new ArrayList<>();

	private CoverageWindows windows;

	private boolean measuring;

	private long exports;

	private long items;

	private long applied;

	private long malformed;

	private long shiftRaises;

	private int maxShift;

	VirtualController(EmulatedNetwork emulated, LabelingParameters parameters, LabelSwitches switches) {
		this.emulated = emulated;
		this.parameters = parameters;
		this.switches = switches;
		emulated.switches().forEach((s) -> this.switchByDevice.put(s.node().deviceId(), s.name()));
		this.adaptive = (parameters.mode() == LabelingMode.PRO)
				? new AdaptiveLabeling(parameters.aging().toNanos(), MAX_SHIFT) : null;
	}

	/**
	 * Starts counting and the telemetry windows at {@code nowNanos}; before, it only
	 * adapts.
	 */
	void startMeasuring(long nowNanos) {
		this.windows = new CoverageWindows(this.parameters.telemetryIntervalMs() * 1_000_000L, nowNanos);
		this.measuring = true;
		this.exports = 0;
		this.items = 0;
		this.applied = 0;
		this.shiftRaises = 0;
	}

	/** A PacketIn: an export of a last hop. */
	void packetIn(SwitchNode node, int ingressPort, byte[] frame, int length) {
		LabeledPacket packet;
		try {
			packet = LabelCodec.decode(frame, 0, length);
		}
		catch (MalformedTelemetry ex) {
			this.malformed++;
			return;
		}
		long now = this.emulated.nowNanos();
		if (this.measuring) {
			this.exports++;
			this.items += packet.items().size();
		}
		for (LabelItem item : packet.items()) {
			String switchName = this.switchByDevice.get(item.deviceId());
			if (switchName == null) {
				this.malformed++;
				continue;
			}
			PortKey port = new PortKey(switchName, item.egressPort());
			Long latest = this.latestLabelTime.get(port);
			if (latest != null && item.labelTime() <= latest) {
				continue;
			}
			this.latestLabelTime.put(port, item.labelTime());
			this.lastApplied.put(port, now);
			if (this.measuring) {
				this.applied++;
				this.windows.updated(port, now);
			}
		}
	}

	/** A switch port transmitted a frame: the port is active. */
	void carried(String switchName, int port, long atNanos) {
		PortKey key = new PortKey(switchName, port);
		this.carriedPorts.add(key);
		if (this.measuring) {
			this.windows.carried(key, atNanos);
		}
	}

	/**
	 * Between two slices of virtual time: closes the telemetry windows that ended, and
	 * for Pro steps Algorithm 3 for every port that has carried traffic, writing Reg2
	 * where S changed.
	 */
	void tick(long nowNanos) {
		if (this.measuring) {
			this.closed.addAll(this.windows.closeUntil(nowNanos));
		}
		if (this.adaptive == null) {
			return;
		}
		for (PortKey port : this.carriedPorts) {
			int before = this.adaptive.shift(port);
			int after = this.adaptive.step(port, nowNanos, this.lastApplied.getOrDefault(port, Long.MIN_VALUE));
			if (after != before) {
				this.switches.writeShift(port, after);
				if (after > before && this.measuring) {
					this.shiftRaises++;
				}
				this.maxShift = Math.max(this.maxShift, after);
			}
		}
	}

	/** The telemetry windows closed so far. */
	List<CoverageWindow> windows() {
		return List.copyOf(this.closed);
	}

	/** Mean coverage rate of the closed windows, 0..1 (1 when none closed). */
	double meanCoverage() {
		return this.closed.stream().mapToDouble(CoverageWindow::rate).average().orElse(1.0);
	}

	double meanActivePorts() {
		return this.closed.stream().mapToInt((window) -> window.active().size()).average().orElse(0);
	}

	/** Every port that has carried traffic since the controller started. */
	TreeSet<PortKey> carriedPorts() {
		return new TreeSet<>(this.carriedPorts);
	}

	long exports() {
		return this.exports;
	}

	long items() {
		return this.items;
	}

	long applied() {
		return this.applied;
	}

	long malformed() {
		return this.malformed;
	}

	long shiftRaises() {
		return this.shiftRaises;
	}

	int maxShift() {
		return this.maxShift;
	}

}
