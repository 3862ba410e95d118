package io.sonde.emulator.handoff;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;

import io.sonde.emulator.pipeline.HopTruth;

/**
 * The ground truth of every handed-off packet as JSON Lines, one object per packet in
 * handoff order: its 5-tuple, path and per hop (source first, the contract's hop 0) the
 * values the switch put in: switch id, hop latency (switch clock ticks), queue occupancy
 * (packets), link (egress TX) utilization (0xFFFFFFFF: unavailable, as sonde.p4 writes
 * it). A failed write stops the file and is logged once; the run goes on.
 */
public final class HandoffTruthFile implements HandoffSink {

	private static final System.Logger LOG = System.getLogger(HandoffTruthFile.class.getName());

	private final Path file;

	private final BufferedWriter out;

	private final StringBuilder line = new StringBuilder(512);

	private boolean failed;

	private HandoffTruthFile(Path file, BufferedWriter out) {
		this.file = file;
		this.out = out;
	}

	/**
	 * @throws UncheckedIOException naming the file when it cannot be created
	 */
	public static HandoffTruthFile create(Path file) {
		try {
			return new HandoffTruthFile(file, Files.newBufferedWriter(file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot create the handoff truth file " + file + ": " + ex.getMessage(), ex);
		}
	}

	@Override
	public void handOff(HandedOffPacket packet) {
		if (this.failed) {
			return;
		}
		try {
			this.out.append(json(packet, this.line)).append('\n');
		}
		catch (IOException ex) {
			this.failed = true;
			LOG.log(Level.WARNING, "handoff truth file " + this.file + " stopped: " + ex);
		}
	}

	/** One packet's line, without the line feed. */
	static StringBuilder json(HandedOffPacket packet, StringBuilder b) {
		b.setLength(0);
		FlowKey flow = packet.flow();
		b.append("{\"index\":").append(packet.index());
		field(b, "packet_id", packet.packetId());
		field(b, "ts_ns", packet.timestampNanos());
		field(b, "sink_id", packet.sinkId());
		field(b, "npt", packet.nextProtocol());
		b.append(",\"src_ip\":\"").append(FlowKey.dotted(flow.srcIp())).append('"');
		b.append(",\"dst_ip\":\"").append(FlowKey.dotted(flow.dstIp())).append('"');
		field(b, "src_port", flow.srcPort());
		field(b, "dst_port", flow.dstPort());
		field(b, "protocol", flow.protocol());
		field(b, "path_id", PathId.of(packet.hops()));
		long e2e = 0;
		for (HopTruth hop : packet.hops()) {
			e2e += hop.hopLatency();
		}
		field(b, "e2e_latency", e2e);
		b.append(",\"hops\":[");
		for (int i = 0; i < packet.hops().size(); i++) {
			HopTruth hop = packet.hops().get(i);
			b.append((i == 0) ? "{" : ",{").append("\"switch_id\":").append(hop.switchId());
			field(b, "hop_latency", hop.hopLatency());
			field(b, "queue_occupancy", hop.queueOccupancy());
			field(b, "link_utilization", hop.egressTxUtilization());
			b.append('}');
		}
		return b.append("]}");
	}

	private static void field(StringBuilder b, String name, long value) {
		b.append(",\"").append(name).append("\":").append(value);
	}

	@Override
	public void close() {
		try {
			this.out.close();
		}
		catch (IOException ex) {
			LOG.log(Level.WARNING, "closing the handoff truth file " + this.file + " failed: " + ex);
		}
	}

}
