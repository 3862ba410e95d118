package io.sonde.emulator.pipeline;

import java.util.Objects;
import java.util.function.IntSupplier;

import io.sonde.emulator.report.ReportSink;
import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.ReportFormat;

/**
 * {@code control SondeEgress} of sonde.p4, then SondeComputeChecksum: 1 the egress port
 * counter and the switch id register; 2a the sink's report clone becomes a telemetry
 * report ({@link #applyClone}), or 2b INT transit pushes this node's hop
 * ({@link #apply}); 3 INT-label labels, exports and restores ({@link LabelEgress}); 4 a
 * GPINT probe gets this switch's hop ({@link ProbeEgress}). The IPv4 checksum is
 * recomputed for every IPv4 packet that leaves, as the P4's checksum control does.
 * <p>
 * One instance per switch, used by one thread.
 */
public final class SondeEgress {

	private final SondeTables tables;

	private final SondeRegisters registers;

	private final IntTransit intTransit;

	private final IntReport intReport;

	private final ProbeEgress probes;

	private final LabelEgress labels;

	private final ParsedHeaders headers = new ParsedHeaders();

	private final EgressMetadata cloneMeta = new EgressMetadata();

	/**
	 * @param tables the switch's tables
	 * @param registers the switch's registers and counters
	 * @param reports where reports go
	 * @param groundTruth where the values put into packets are recorded
	 * @param reportFormat the format reports are encoded in (TR-2.0 is what sonde.p4
	 * builds)
	 * @param random16 INT-label Base B's random draws, 16 bits each
	 * @param labelExports where a last hop's INT-label exports go
	 */
	public SondeEgress(SondeTables tables, SondeRegisters registers, ReportSink reports, GroundTruth groundTruth,
			ReportFormat reportFormat, IntSupplier random16, LabelExportSink labelExports) {
		this.tables = Objects.requireNonNull(tables, "tables");
		this.registers = Objects.requireNonNull(registers, "registers");
		this.probes = new ProbeEgress(this.registers);
		this.labels = new LabelEgress(tables, this.registers, Objects.requireNonNull(random16, "random16"),
				Objects.requireNonNull(labelExports, "labelExports"));
		this.intTransit = new IntTransit(Objects.requireNonNull(groundTruth, "groundTruth"));
		this.intReport = new IntReport(tables, registers, Objects.requireNonNull(reports, "reports"), groundTruth,
				Objects.requireNonNull(reportFormat, "reportFormat"));
	}

	/**
	 * Egress for a packet leaving its queue (instance type NORMAL): stages 2b and 3, or
	 * stage 4 for a GPINT probe. The frame changes in place and may move to a larger
	 * array.
	 * @return the probe as it leaves when the packet is one, else null
	 */
	public GpintProbe apply(MutableFrame frame, EgressMetadata meta) {
		ParsedHeaders parsed = this.headers;
		// The headers ingress handed over, found again in the bytes ingress deparsed.
		SondeParser.parse(frame.bytes(), frame.length(), parsed);
		this.registers.count(SondePortCounter.EGRESS, meta.egressPort, frame.length());
		long switchId = this.tables.intNodeId();
		if ((meta.bridged & IngressResult.BRIDGED_PROBE) != 0) {
			return this.probes.apply(frame, switchId, meta.queueDepth);
		}
		if ((meta.bridged & IngressResult.BRIDGED_INT_VALID) != 0
				&& (meta.bridged & IngressResult.BRIDGED_PARSER_ERROR) == 0 && parsed.intMd) {
			this.intTransit.apply(frame, parsed, meta, switchId);
		}
		if (parsed.ipv4) {
			this.labels.apply(frame, parsed, meta, switchId);
			Ipv4Checksum.update(frame.bytes(), parsed.ipOffset);
		}
		return null;
	}

	/**
	 * Egress for the sink's report clone (instance type INGRESS_CLONE): stage 2a. The
	 * clone, re-parsed as the sink received it, becomes a report sent to the report sink.
	 * @param ingress the ingress result that holds the clone
	 * @param egressTimestamp {@code egress_global_timestamp} of the clone
	 */
	public void applyClone(IngressResult ingress, long egressTimestamp) {
		if (!ingress.cloned()) {
			throw new IllegalArgumentException("packet " + ingress.packetId + " was not cloned");
		}
		FrameBuffer clone = ingress.clone();
		ParsedHeaders parsed = this.headers;
		SondeParser.parse(clone.bytes(), clone.length(), parsed);
		this.registers.count(SondePortCounter.EGRESS, ingress.cloneSessionPort, clone.length());
		long switchId = this.tables.intNodeId();
		EgressMetadata meta = this.cloneMeta.set(ingress.packetId, ingress.cloneIngressPort, ingress.cloneSessionPort,
				ingress.cloneIngressTimestamp, egressTimestamp, 0, 0);
		this.intReport.apply(clone, parsed, meta, ingress.cloneOriginalEgressPort, switchId);
	}

}
