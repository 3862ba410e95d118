package io.sonde.emulator.net;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;

import io.sonde.emulator.sim.EventScheduler;

/**
 * An emulated switch: frames arriving on its ports run through its
 * {@link SwitchDataPlane} (the ingress stage), which queues them at egress ports, sends
 * reports, punts to the controller or drops. One reusable {@link PacketContext} serves
 * every packet, because the scheduler's thread handles one at a time.
 * <p>
 * A data plane that throws does not stop the emulation: the packet is dropped, counted in
 * {@link #pipelineFailures()} and logged (the first failure and then every
 * {@value #LOG_EVERY_NTH_FAILURE}th), since one malformed packet must not end a run.
 * <p>
 * A switch without power ({@link #powerOff()}) processes nothing: frames arriving on its
 * ports and frames handed to it are dropped and counted in
 * {@link #droppedWhilePoweredOff()}, and the packets waiting in its egress queues are
 * lost when the power goes.
 */
public final class SwitchNode extends Node {

	private static final Logger LOG = System.getLogger(SwitchNode.class.getName());

	private static final int LOG_EVERY_NTH_FAILURE = 1000;

	private final long deviceId;

	private final MacAddress mac;

	private final Ingress ingress = new Ingress();

	private SwitchDataPlane dataPlane = SwitchDataPlane.DROP_ALL;

	private ReportSink reportSink = ReportSink.DISCARD;

	private ControllerSink controllerSink = ControllerSink.DISCARD;

	private long pipelineDrops;

	private long pipelineFailures;

	private long reportsSent;

	private long packetsToController;

	private boolean poweredOn = true;

	private long droppedWhilePoweredOff;

	SwitchNode(String name, long deviceId, MacAddress mac, EventScheduler scheduler, PacketPool pool) {
		super(name, scheduler, pool);
		this.deviceId = deviceId;
		this.mac = mac;
	}

	/** The P4Runtime device id. */
	public long deviceId() {
		return this.deviceId;
	}

	/** The switch's router MAC (next-hop MAC of routes toward it). */
	public MacAddress mac() {
		return this.mac;
	}

	public SwitchDataPlane dataPlane() {
		return this.dataPlane;
	}

	/** Installs the packet processing (scheduler's thread or before running). */
	public void setDataPlane(SwitchDataPlane dataPlane) {
		this.dataPlane = (dataPlane != null) ? dataPlane : SwitchDataPlane.DROP_ALL;
	}

	public void setReportSink(ReportSink sink) {
		this.reportSink = (sink != null) ? sink : ReportSink.DISCARD;
	}

	public void setControllerSink(ControllerSink sink) {
		this.controllerSink = (sink != null) ? sink : ControllerSink.DISCARD;
	}

	/**
	 * Packets the pipeline dropped (explicitly, by not emitting, or to an unknown port).
	 */
	public long pipelineDrops() {
		return this.pipelineDrops;
	}

	/** Packets dropped because the data plane threw. */
	public long pipelineFailures() {
		return this.pipelineFailures;
	}

	public long reportsSent() {
		return this.reportsSent;
	}

	public long packetsToController() {
		return this.packetsToController;
	}

	public boolean isPoweredOn() {
		return this.poweredOn;
	}

	/**
	 * Cuts the power: the packets waiting at its ports are lost, and until
	 * {@link #powerOn()} every frame reaching the switch is dropped. Scheduler's thread
	 * only.
	 */
	public void powerOff() {
		if (!this.poweredOn) {
			return;
		}
		this.poweredOn = false;
		for (Port port : ports()) {
			if (port.queue != null) {
				this.droppedWhilePoweredOff += port.queue.discardWaiting();
			}
		}
	}

	/** Restores the power; the data plane runs again. Scheduler's thread only. */
	public void powerOn() {
		this.poweredOn = true;
	}

	/** Frames dropped because the switch had no power, its lost buffers included. */
	public long droppedWhilePoweredOff() {
		return this.droppedWhilePoweredOff;
	}

	/** True (and the packet released) if the switch is off and dropped it. */
	private boolean droppedForNoPower(Packet packet) {
		if (this.poweredOn) {
			return false;
		}
		this.droppedWhilePoweredOff++;
		this.pool.release(packet);
		return true;
	}

	@Override
	void receive(Packet packet, Port ingressPort) {
		if (droppedForNoPower(packet)) {
			return;
		}
		packet.ingressTimestamp = this.scheduler.now();
		packet.ingressPort = ingressPort.number();
		runPipeline(packet);
	}

	/**
	 * Runs a frame through the pipeline as if it had arrived on {@code ingressPort}
	 * (which need not exist: a CPU port for packet-out). Scheduler's thread only.
	 */
	public void injectIngress(int ingressPort, byte[] frame, int offset, int length) {
		Packet packet = this.pool.acquire();
		packet.setFrame(frame, offset, length);
		if (droppedForNoPower(packet)) {
			return;
		}
		packet.ingressTimestamp = this.scheduler.now();
		packet.ingressPort = ingressPort;
		runPipeline(packet);
	}

	/**
	 * Queues a frame at {@code egressPort} directly, bypassing ingress (packet-out with
	 * an egress port). Scheduler's thread only.
	 */
	public void transmit(int egressPort, byte[] frame, int offset, int length, EgressObserver egress) {
		Packet packet = this.pool.acquire();
		packet.setFrame(frame, offset, length);
		if (droppedForNoPower(packet)) {
			return;
		}
		packet.ingressTimestamp = this.scheduler.now();
		forward(packet, egressPort, egress);
	}

	/**
	 * Hands a frame the data plane made (not the packet in its pipeline) to the
	 * controller as a PacketIn from {@code ingressPort}, e.g. a GPINT feedback or
	 * recovery notification. Dropped while the switch has no power. Scheduler's thread
	 * only; the frame is copied out by the sink if kept.
	 */
	public void sendToController(int ingressPort, byte[] frame, int length) {
		if (!this.poweredOn) {
			this.droppedWhilePoweredOff++;
			return;
		}
		this.packetsToController++;
		this.controllerSink.packetIn(this, ingressPort, frame, length);
	}

	private void runPipeline(Packet packet) {
		Ingress context = this.ingress;
		if (context.packet != null) {
			throw new IllegalStateException("switch " + name() + " re-entered its pipeline");
		}
		context.begin(packet);
		try {
			this.dataPlane.process(context);
		}
		catch (RuntimeException ex) {
			context.end();
			pipelineFailed(packet, ex);
			return;
		}
		int egressPort = context.egressPort;
		EgressObserver egress = context.egressObserver;
		boolean dropped = context.dropped;
		context.end();
		if (dropped || egressPort < 0) {
			this.pipelineDrops++;
			this.pool.release(packet);
			return;
		}
		forward(packet, egressPort, egress);
	}

	private void forward(Packet packet, int egressPort, EgressObserver egress) {
		Port port = portOrNull(egressPort);
		if (port == null) {
			this.pipelineDrops++;
			this.pool.release(packet);
			return;
		}
		EgressQueue queue = port.queue;
		if (queue == null) {
			port.counters().unconnectedDrops++;
			this.pool.release(packet);
			return;
		}
		packet.egressObserver = egress;
		queue.enqueue(packet);
	}

	private void pipelineFailed(Packet packet, RuntimeException failure) {
		this.pipelineFailures++;
		if (this.pipelineFailures % LOG_EVERY_NTH_FAILURE == 1) {
			LOG.log(Level.WARNING, "switch " + name() + ": data plane failed on packet " + packet.id() + " ("
					+ this.pipelineFailures + " failures so far); packet dropped", failure);
		}
		this.pool.release(packet);
	}

	@Override
	void emitReport(byte[] frame, int offset, int length) {
		this.reportsSent++;
		this.reportSink.report(this, this.scheduler.now(), frame, offset, length);
	}

	/** The one context object, reset for each packet. */
	private final class Ingress implements PacketContext {

		Packet packet;

		int egressPort;

		EgressObserver egressObserver;

		boolean dropped;

		void begin(Packet current) {
			this.packet = current;
			this.egressPort = -1;
			this.egressObserver = null;
			this.dropped = false;
		}

		void end() {
			this.packet = null;
			this.egressObserver = null;
		}

		@Override
		public Packet packet() {
			return this.packet;
		}

		@Override
		public SwitchNode node() {
			return SwitchNode.this;
		}

		@Override
		public void emit(int port, EgressObserver egress) {
			this.egressPort = port;
			this.egressObserver = egress;
			this.dropped = false;
		}

		@Override
		public void emitCopy(int port, EgressObserver egress) {
			forward(SwitchNode.this.pool.copyOf(this.packet), port, egress);
		}

		@Override
		public void drop() {
			this.dropped = true;
		}

		@Override
		public void sendReport(byte[] frame, int offset, int length) {
			emitReport(frame, offset, length);
		}

		@Override
		public void sendToController() {
			SwitchNode.this.packetsToController++;
			SwitchNode.this.controllerSink.packetIn(SwitchNode.this, this.packet.ingressPort, this.packet.frame(),
					this.packet.length());
		}

	}

}
