package io.sonde.emulator.run;

import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.topology.SwitchSpec;

/**
 * One switch of an {@link EmulatedNetwork}: its topology entry, its node in the emulated
 * network, and the P4Runtime server controllers reach it by. Packet I/O joins the two
 * (P4Runtime spec §16.1): a PacketOut is handed to the scheduler's thread and queued at
 * the egress port the controller named, or run through the pipeline when that port is the
 * {@link CpuPort} (GPINT probes start so); a packet the data plane sends to the
 * {@link CpuPort} goes to the primary controller as a PacketIn.
 * <p>
 * A switch has power or not: without it, its server does not listen and its node drops
 * every frame ({@link EmulatedNetwork#stopSwitch}); the two are switched together, under
 * this object's lock.
 */
public final class EmulatedSwitch {

	private final SwitchSpec spec;

	private final SwitchNode node;

	private final EmulatedP4RuntimeServer server;

	private final AtomicLong packetOuts = new AtomicLong();

	private final AtomicLong packetInsDropped = new AtomicLong();

	private volatile boolean up = true;

	private volatile Instant since;

	EmulatedSwitch(SwitchSpec spec, SwitchNode node, EmulatedP4RuntimeServer server, Instant started) {
		this.spec = spec;
		this.node = node;
		this.server = server;
		this.since = started;
	}

	/** Joins the server's packet I/O to the node (set-up, before running). */
	void connectPacketIo(EventScheduler scheduler) {
		this.server.setPacketOutHandler((payload, egressPort) -> {
			this.packetOuts.incrementAndGet();
			if (egressPort == CpuPort.NUMBER) {
				scheduler.submit(() -> this.node.injectIngress(CpuPort.NUMBER, payload, 0, payload.length));
			}
			else {
				scheduler.submit(() -> this.node.transmit(egressPort, payload, 0, payload.length, null));
			}
		});
		this.node.setControllerSink((node, ingressPort, frame, length) -> {
			if (!this.server.sendPacketIn(Arrays.copyOf(frame, length), ingressPort)) {
				this.packetInsDropped.incrementAndGet();
			}
		});
	}

	/** The switch as the topology (with its real P4Runtime port) describes it. */
	public SwitchSpec spec() {
		return this.spec;
	}

	public String name() {
		return this.spec.name();
	}

	/** The node in the emulated network: ports, counters, data plane. */
	public SwitchNode node() {
		return this.node;
	}

	/** The P4Runtime server of the switch. */
	public EmulatedP4RuntimeServer server() {
		return this.server;
	}

	/** {@code 127.0.0.1:port}, as controllers dial it. */
	public String address() {
		return this.server.address();
	}

	/** Whether the switch has power (its server answers, its data plane runs). */
	public boolean isUp() {
		return this.up;
	}

	/** When the switch last lost or got back its power, or when the run started. */
	public Instant since() {
		return this.since;
	}

	/** Records a power change (under this object's lock). */
	void powered(boolean on, Instant at) {
		this.up = on;
		this.since = at;
	}

	/** PacketOuts a controller sent, accepted for transmission. */
	public long packetOuts() {
		return this.packetOuts.get();
	}

	/**
	 * Packets for the controller that no primary controller took (none connected, or its
	 * stream fell so far behind that the CPU port's queue was full).
	 */
	public long packetInsDropped() {
		return this.packetInsDropped.get();
	}

	@Override
	public String toString() {
		return this.spec.name() + " (device " + this.spec.deviceId() + ", " + address() + ")";
	}

}
