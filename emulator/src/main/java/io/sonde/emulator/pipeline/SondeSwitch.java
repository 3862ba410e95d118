package io.sonde.emulator.pipeline;

import java.util.Objects;

import io.sonde.emulator.net.EgressContext;
import io.sonde.emulator.net.EgressObserver;
import io.sonde.emulator.net.Packet;
import io.sonde.emulator.net.PacketContext;
import io.sonde.emulator.net.SwitchDataPlane;
import io.sonde.emulator.report.ReportFrame;
import io.sonde.emulator.report.ReportSink;

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
 * The network calls it on its scheduler's thread only; it allocates nothing per packet
 * except for reports and INT insertions that outgrow the packet's array.
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
		this.ingress = new SondeIngress(tables, registers);
		ReportSink toNode = this::sendReport;
		this.egress = new SondeEgress(tables, registers, toNode, groundTruth, options.reportFormat());
	}

	@Override
	public void process(PacketContext context) {
		Packet packet = context.packet();
		long now = this.options.ticks(context.ingressTimestampNanos());
		this.ingress.apply(this.ingressFrame.on(packet), packet.id(), context.ingressPort(), now, this.result);
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
		this.egress.apply(this.egressFrame.on(packet), this.egressMeta);
	}

	private void sendReport(ReportFrame report) {
		this.reporting.sendReport(report.frame(), 0, report.frame().length);
	}

}
