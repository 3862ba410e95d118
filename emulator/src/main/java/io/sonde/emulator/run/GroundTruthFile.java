package io.sonde.emulator.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;

import io.sonde.emulator.pipeline.GroundTruth;
import io.sonde.emulator.pipeline.HopTruth;
import io.sonde.emulator.pipeline.ReportTruth;

/**
 * The ground truth of a whole run as JSON Lines, written as it happens: one object per
 * hop a switch pushed onto a packet and per report a sink emitted, with the field names
 * of {@link io.sonde.emulator.pipeline.GroundTruthSnapshot#writeJsonLines} so both dumps
 * read alike. Times and hop latency are in the switches' clock ticks (microseconds unless
 * the emulation says otherwise). Written on the scheduler's thread; a failed write stops
 * the dump and is logged once.
 */
final class GroundTruthFile implements GroundTruth.Listener, AutoCloseable {

	private static final System.Logger LOG = System.getLogger(GroundTruthFile.class.getName());

	private final Path file;

	private final BufferedWriter out;

	private final StringBuilder line = new StringBuilder(256);

	private boolean failed;

	private GroundTruthFile(Path file, BufferedWriter out) {
		this.file = file;
		this.out = out;
	}

	/**
	 * @throws UncheckedIOException naming the file when it cannot be created
	 */
	static GroundTruthFile create(Path file) {
		try {
			return new GroundTruthFile(file, Files.newBufferedWriter(file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot create the ground truth file " + file + ": " + ex.getMessage(), ex);
		}
	}

	@Override
	public void onHop(HopTruth hop) {
		StringBuilder b = start("hop");
		field(b, "packet_id", hop.packetId());
		field(b, "switch_id", hop.switchId());
		field(b, "ingress_port", hop.ingressPort());
		field(b, "egress_port", hop.egressPort());
		field(b, "hop_latency", hop.hopLatency());
		field(b, "queue_id", hop.queueId());
		field(b, "queue_occupancy", hop.queueOccupancy());
		field(b, "ingress_ts", hop.ingressTimestamp());
		field(b, "egress_ts", hop.egressTimestamp());
		field(b, "instructions", hop.instructions());
		finish(b);
	}

	@Override
	public void onReport(ReportTruth report) {
		StringBuilder b = start("report");
		field(b, "packet_id", report.packetId());
		field(b, "node_id", report.nodeId());
		field(b, "hw_id", report.hwId());
		field(b, "sequence", report.sequenceNumber());
		b.append(",\"format\":\"").append(report.format().jsonName()).append('"');
		field(b, "ingress_port", report.ingressPort());
		field(b, "egress_port", report.egressPort());
		field(b, "ingress_ts", report.ingressTimestamp());
		field(b, "egress_ts", report.egressTimestamp());
		field(b, "hop_latency", report.hopLatency());
		field(b, "stack_hops", report.stackHops());
		finish(b);
	}

	private StringBuilder start(String type) {
		StringBuilder b = this.line;
		b.setLength(0);
		return b.append("{\"type\":\"").append(type).append('"');
	}

	private static void field(StringBuilder b, String name, long value) {
		b.append(",\"").append(name).append("\":").append(value);
	}

	private void finish(StringBuilder b) {
		if (this.failed) {
			return;
		}
		b.append("}\n");
		try {
			this.out.append(b);
		}
		catch (IOException ex) {
			this.failed = true;
			LOG.log(Level.WARNING, "ground truth file " + this.file + " stopped: " + ex);
		}
	}

	@Override
	public void close() {
		try {
			this.out.close();
		}
		catch (IOException ex) {
			LOG.log(Level.WARNING, "closing the ground truth file " + this.file + " failed: " + ex);
		}
	}

}
