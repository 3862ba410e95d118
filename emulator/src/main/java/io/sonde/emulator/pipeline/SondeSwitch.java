package io.sonde.emulator.pipeline;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;

import io.sonde.emulator.net.EgressContext;
import io.sonde.emulator.net.EgressObserver;
import io.sonde.emulator.net.Packet;
import io.sonde.emulator.net.PacketContext;
import io.sonde.emulator.net.SwitchDataPlane;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.sim.EventHandler;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.report.ReportFrame;
import io.sonde.emulator.report.ReportSink;
import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintWire;
import io.sonde.p4programs.codec.ProbeKind;

/**
 * An emulated switch's data plane running sonde.p4: the network's ingress stage runs
 * {@link SondeIngress} when a packet arrives, the packet waits in the emulated egress
 * queue, and {@link SondeEgress} runs when it leaves, with the egress timestamp and the
 * queue depth at dequeue ({@code deq_qdepth}) the queue reports, so INT carries the
 * emulated queueing. What ingress hands to egress travels in the packet's bridged
 * metadata. A report clone becomes a report at once (it takes no emulated queue, so the
 * sink's own hop latency in the report is 0) and leaves through the switch node's report
 * sink.
 * <p>
 * GPINT probes (GPINT-DECISIONS.md): ingress answers a measurement probe with a feedback
 * out of its ingress port (a PacketIn when it came from the CPU port, i.e. a controller's
 * PacketOut to port {@value SondeIngress#CPU_PORT}); egress adds the hop when the probe
 * leaves its queue; a probe whose route ends here gets its hop at once (queue depth 0)
 * and goes to the CPU port. With recovery on, a copy of each forwarded probe is kept
 * (SQR): the next hop's feedback releases it, otherwise after t_f of emulated time (an
 * event on the network's scheduler, so virtual and real time alike) it goes to the
 * controller as a recovery notification, PacketIn ingress port = the port the probe left
 * by.
 * <p>
 * INT-label (INTLABEL-DECISIONS.md): a last hop's export goes to the controller as a
 * PacketIn (ingress port = the labeled packet's) when clone session 501 is bound to the
 * CPU port, out of the session's port otherwise. Base B draws from the switch's own
 * stream, {@code label:<switch name>} of {@link SondeSwitchOptions#randomSeed()}, so a
 * virtual-time run repeats.
 * <p>
 * The network calls it on its scheduler's thread only; it allocates nothing per packet
 * except for reports, INT insertions that outgrow the packet's array and GPINT probes.
 */
public final class SondeSwitch implements SwitchDataPlane {

	private final SondeIngress ingress;

	private final SondeEgress egress;

	private final SondeSwitchOptions options;

	private final IngressResult result = new IngressResult();

	private final EgressMetadata egressMeta = new EgressMetadata();

	private final PacketFrame ingressFrame = new PacketFrame();

	private final PacketFrame egressFrame = new PacketFrame();

	private final EgressObserver egressStage = this::egress;

	private final SondeTables tables;

	private final ProbeCopies copies = new ProbeCopies();

	private final ProbeCounters probeCounters = new ProbeCounters();

	private final EventHandler copyTimeout = (copy, ignored) -> copyTimedOut((ProbeCopies.Copy) copy);

	/** The node this data plane runs on, known from its first packet. */
	private SwitchNode node;

	/** Base B's draws, made when the switch knows its name (its first packet). */
	private SplittableRandom labelRandom;

	/** The packet whose ingress is running: its report leaves through this context. */
	private PacketContext reporting;

	/**
	 * @param tables the switch's tables
	 * @param registers its registers and port counters
	 * @param groundTruth where the values put into packets are recorded
	 * @param options report format and clock
	 */
	public SondeSwitch(SondeTables tables, SondeRegisters registers, GroundTruth groundTruth,
			SondeSwitchOptions options) {
		this.options = Objects.requireNonNull(options, "options");
		this.tables = Objects.requireNonNull(tables, "tables");
		this.ingress = new SondeIngress(tables, registers, groundTruth);
		ReportSink toNode = this::sendReport;
		this.egress = new SondeEgress(tables, registers, toNode, groundTruth, options.reportFormat(),
				() -> this.labelRandom.nextInt(1 << 16), this::export);
	}

	/** What this switch's GPINT stages did. */
	public ProbeCounters probeCounters() {
		return this.probeCounters;
	}

	/** SQR copies kept now, waiting for feedback or t_f. */
	public int storedProbeCopies() {
		return this.copies.size();
	}

	@Override
	public void process(PacketContext context) {
		this.node = context.node();
		if (this.labelRandom == null) {
			this.labelRandom = new RandomStreams(this.options.randomSeed()).forComponent("label:" + this.node.name());
		}
		Packet packet = context.packet();
		long now = this.options.ticks(context.ingressTimestampNanos());
		this.ingress.apply(this.ingressFrame.on(packet), packet.id(), context.ingressPort(), now, this.result);
		if (this.result.probeDrop() != null || this.result.feedbackReceived() >= 0 || this.result.probe()) {
			probe(context, now);
			return;
		}
		if (this.result.cloned()) {
			this.reporting = context;
			try {
				this.egress.applyClone(this.result, now);
			}
			finally {
				this.reporting = null;
			}
		}
		if (this.result.drop()) {
			context.drop();
			return;
		}
		packet.setBridgedMetadata(this.result.bridged());
		context.emit(this.result.egressPort(), this.egressStage);
	}

	private void egress(EgressContext context) {
		Packet packet = context.packet();
		this.egressMeta.set(packet.id(), packet.ingressPort(), context.egressPort(),
				this.options.ticks(context.ingressTimestampNanos()), this.options.ticks(context.egressTimestampNanos()),
				context.queueDepthAtDequeue(), (int) packet.bridgedMetadata());
		GpintProbe probe = this.egress.apply(this.egressFrame.on(packet), this.egressMeta);
		if (probe != null && (this.egressMeta.bridged & IngressResult.BRIDGED_PROBE_COPY) != 0) {
			keepCopy(probe, context.egressPort(), Arrays.copyOf(packet.frame(), packet.length()));
		}
	}

	/** The GPINT outcomes of ingress: drop, consume a feedback, or pass a probe on. */
	private void probe(PacketContext context, long now) {
		Packet packet = context.packet();
		IngressResult ingress = this.result;
		if (ingress.probeDrop() != null) {
			this.probeCounters.drop(ingress.probeDrop());
			context.drop();
			return;
		}
		if (ingress.feedbackReceived() >= 0) {
			this.probeCounters.feedbacksReceived++;
			if (this.copies.release(ingress.feedbackReceived(), context.ingressPort())) {
				this.probeCounters.copiesReleased++;
			}
			context.drop();
			return;
		}
		if (ingress.feedbackMade()) {
			sendFeedback(context.ingressPort(), ingress.feedback());
		}
		packet.setBridgedMetadata(ingress.bridged());
		if (ingress.egressPort() == SondeIngress.CPU_PORT) {
			// The CPU port has no emulated queue: egress runs now, then the PacketIn.
			this.egressMeta.set(packet.id(), context.ingressPort(), SondeIngress.CPU_PORT, now, now, 0,
					ingress.bridged());
			this.egress.apply(this.egressFrame.on(packet), this.egressMeta);
			this.probeCounters.completed++;
		}
		else {
			this.probeCounters.forwarded++;
		}
		context.emit(ingress.egressPort(), this.egressStage);
	}

	private void sendFeedback(int port, FrameBuffer feedback) {
		this.probeCounters.feedbacksSent++;
		if (port == SondeIngress.CPU_PORT) {
			this.node.sendToController(port, feedback.bytes(), feedback.length());
		}
		else {
			this.node.transmit(port, feedback.bytes(), 0, feedback.length(), null);
		}
	}

	private void keepCopy(GpintProbe probe, int port, byte[] frame) {
		ProbeCopies.Copy copy = this.copies.store(probe.requestId(), port, frame);
		if (copy == null) {
			this.probeCounters.copiesNotStored++;
			return;
		}
		this.probeCounters.copiesStored++;
		this.node.scheduler()
			.scheduleAfter(this.tables.probeSettings().feedbackTimeoutNanos(), this.copyTimeout, copy, 0);
	}

	/** t_f is over: a copy no feedback released goes to the controller, marked 0x21. */
	private void copyTimedOut(ProbeCopies.Copy copy) {
		if (!this.copies.expire(copy)) {
			return;
		}
		byte[] frame = copy.frame;
		int ip = GpintWire.ETHERNET_HEADER_BYTES;
		frame[ip + 1] = (byte) ((ProbeKind.RECOVERY.dscp() << 2) | (frame[ip + 1] & 0x03));
		Ipv4Checksum.update(frame, ip);
		this.probeCounters.recoveryNotifications++;
		this.node.sendToController(copy.port, frame, frame.length);
	}

	/**
	 * An INT-label export: a PacketIn through the CPU port, or out of the session's port.
	 */
	private void export(int sessionPort, int ingressPort, byte[] frame, int length) {
		if (sessionPort == SondeIngress.CPU_PORT) {
			this.node.sendToController(ingressPort, frame, length);
		}
		else {
			this.node.transmit(sessionPort, frame, 0, length, null);
		}
	}

	private void sendReport(ReportFrame report) {
		this.reporting.sendReport(report.frame(), 0, report.frame().length);
	}

}
