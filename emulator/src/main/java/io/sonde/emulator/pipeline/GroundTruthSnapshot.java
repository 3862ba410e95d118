package io.sonde.emulator.pipeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ground truth kept at one moment, indexed for matching: a packet's hops in the order
 * switches pushed them (source first, as a decoded stack lists them in path order), and a
 * report by the identity it carries on the wire.
 */
public final class GroundTruthSnapshot {

	/** Bits of the sequence number every report format carries (TR-2.0's 22). */
	private static final long WIRE_SEQUENCE_MASK = 0x3F_FFFF;

	private record ReportKey(long nodeId, int hwId, long sequence) {
	}

	private final List<HopTruth> hops;

	private final List<ReportTruth> reports;

	private final Map<Long, List<HopTruth>> hopsByPacket = new HashMap<>();

	private final Map<Long, List<ReportTruth>> reportsByPacket = new HashMap<>();

	private final Map<ReportKey, ReportTruth> reportsByWireIdentity = new HashMap<>();

	GroundTruthSnapshot(List<HopTruth> hops, List<ReportTruth> reports) {
		this.hops = List.copyOf(hops);
		this.reports = List.copyOf(reports);
		for (HopTruth hop : this.hops) {
			this.hopsByPacket.computeIfAbsent(hop.packetId(), (id) -> new ArrayList<>()).add(hop);
		}
		for (ReportTruth report : this.reports) {
			this.reportsByPacket.computeIfAbsent(report.packetId(), (id) -> new ArrayList<>()).add(report);
			this.reportsByWireIdentity.put(
					new ReportKey(report.nodeId(), report.hwId(), report.sequenceNumber() & WIRE_SEQUENCE_MASK),
					report);
		}
	}

	/** Every hop kept, oldest first. */
	public List<HopTruth> hops() {
		return this.hops;
	}

	/** Every report kept, oldest first. */
	public List<ReportTruth> reports() {
		return this.reports;
	}

	/** The hops a packet got, source first; empty when none was kept. */
	public List<HopTruth> hopsOf(long packetId) {
		return List.copyOf(this.hopsByPacket.getOrDefault(packetId, List.of()));
	}

	/** The reports emitted for a packet. */
	public List<ReportTruth> reportsOf(long packetId) {
		return List.copyOf(this.reportsByPacket.getOrDefault(packetId, List.of()));
	}

	/** Whether a report was kept for the packet. */
	public boolean wasReported(long packetId) {
		return this.reportsByPacket.containsKey(packetId);
	}

	/**
	 * The report a collector received with this Node ID, hw_id and sequence number
	 * (compared on the 22 bits TR-2.0 carries; TR-0.5 carries no Node ID).
	 */
	public Optional<ReportTruth> report(long nodeId, int hwId, long wireSequence) {
		return Optional
			.ofNullable(this.reportsByWireIdentity.get(new ReportKey(nodeId, hwId, wireSequence & WIRE_SEQUENCE_MASK)));
	}

	/** Writes one JSON object per line: every hop, then every report. */
	public void writeJsonLines(Appendable out) {
		try {
			for (HopTruth hop : this.hops) {
				out.append(String.format(
						"{\"type\":\"hop\",\"packet_id\":%d,\"switch_id\":%d,\"ingress_port\":%d,\"egress_port\":%d,"
								+ "\"hop_latency\":%d,\"queue_id\":%d,\"queue_occupancy\":%d,\"ingress_ts\":%d,"
								+ "\"egress_ts\":%d,\"instructions\":%d}%n",
						hop.packetId(), hop.switchId(), hop.ingressPort(), hop.egressPort(), hop.hopLatency(),
						hop.queueId(), hop.queueOccupancy(), hop.ingressTimestamp(), hop.egressTimestamp(),
						hop.instructions()));
			}
			for (ReportTruth report : this.reports) {
				out.append(String.format(
						"{\"type\":\"report\",\"packet_id\":%d,\"node_id\":%d,\"hw_id\":%d,\"sequence\":%d,"
								+ "\"format\":\"%s\",\"ingress_port\":%d,\"egress_port\":%d,\"ingress_ts\":%d,"
								+ "\"egress_ts\":%d,\"hop_latency\":%d,\"stack_hops\":%d}%n",
						report.packetId(), report.nodeId(), report.hwId(), report.sequenceNumber(),
						report.format().jsonName(), report.ingressPort(), report.egressPort(),
						report.ingressTimestamp(), report.egressTimestamp(), report.hopLatency(), report.stackHops()));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write the ground truth", ex);
		}
	}

}
