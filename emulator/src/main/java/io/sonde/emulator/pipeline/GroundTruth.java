package io.sonde.emulator.pipeline;

import java.util.ArrayList;
import java.util.List;

import io.sonde.p4programs.codec.ReportFormat;

/**
 * The truth about what the data plane put into packets and reports, so tests and
 * experiments can compare what a collector decoded with what happened. Bounded: the last
 * {@code hopCapacity} hops and {@code reportCapacity} reports are kept in rings of
 * primitive columns (recording allocates nothing), and a {@link Listener} sees every
 * record as it happens. Shared by all switches of an emulation; thread-safe.
 */
public final class GroundTruth {

	/** Sees every record as it is made (on the switch's data-plane thread). */
	public interface Listener {

		default void onHop(HopTruth hop) {
		}

		default void onReport(ReportTruth report) {
		}

		/**
		 * A sink stripped a packet's INT: its shim, metadata header and stack as the sink
		 * received them, {@code bytes[offset..offset+length)}. The array is reused after
		 * the call: a listener that keeps the bytes copies them.
		 * @param packetId the emulator's id of the packet
		 * @param sinkId the sink's INT Node ID
		 */
		default void onSinkStack(long packetId, long sinkId, byte[] bytes, int offset, int length) {
		}

	}

	private static final ReportFormat[] FORMATS = ReportFormat.values();

	private final int hopCapacity;

	private final int reportCapacity;

	// Hop ring, one array per HopTruth component.
	private final long[] hopPacketId;

	private final long[] hopSwitchId;

	private final int[] hopPorts;

	private final long[] hopLatency;

	private final long[] hopQueueOccupancy;

	private final long[] hopIngressTs;

	private final long[] hopEgressTs;

	private final int[] hopInstructions;

	private long hopsRecorded;

	// Report ring.
	private final long[] reportPacketId;

	private final long[] reportNodeId;

	private final long[] reportSequence;

	private final int[] reportHwIdFormatHops;

	private final int[] reportPorts;

	private final long[] reportIngressTs;

	private final long[] reportEgressTs;

	private long reportsRecorded;

	private volatile Listener listener;

	private GroundTruth(int hopCapacity, int reportCapacity) {
		this.hopCapacity = hopCapacity;
		this.reportCapacity = reportCapacity;
		this.hopPacketId = new long[hopCapacity];
		this.hopSwitchId = new long[hopCapacity];
		this.hopPorts = new int[hopCapacity];
		this.hopLatency = new long[hopCapacity];
		this.hopQueueOccupancy = new long[hopCapacity];
		this.hopIngressTs = new long[hopCapacity];
		this.hopEgressTs = new long[hopCapacity];
		this.hopInstructions = new int[hopCapacity];
		this.reportPacketId = new long[reportCapacity];
		this.reportNodeId = new long[reportCapacity];
		this.reportSequence = new long[reportCapacity];
		this.reportHwIdFormatHops = new int[reportCapacity];
		this.reportPorts = new int[reportCapacity];
		this.reportIngressTs = new long[reportCapacity];
		this.reportEgressTs = new long[reportCapacity];
	}

	/** Keeps the last {@code hopCapacity} hops and {@code reportCapacity} reports. */
	public static GroundTruth bounded(int hopCapacity, int reportCapacity) {
		if (hopCapacity < 0 || reportCapacity < 0) {
			throw new IllegalArgumentException(
					"ground truth capacities must not be negative: " + hopCapacity + ", " + reportCapacity);
		}
		return new GroundTruth(hopCapacity, reportCapacity);
	}

	/** Keeps nothing; a {@link Listener} still sees every record. */
	public static GroundTruth listenerOnly() {
		return new GroundTruth(0, 0);
	}

	public void setListener(Listener listener) {
		this.listener = listener;
	}

	void recordHop(long packetId, long switchId, int ingressPort, int egressPort, long latency, long queueOccupancy,
			long ingressTs, long egressTs, int instructions) {
		synchronized (this) {
			if (this.hopCapacity > 0) {
				int slot = (int) (this.hopsRecorded % this.hopCapacity);
				this.hopPacketId[slot] = packetId;
				this.hopSwitchId[slot] = switchId;
				this.hopPorts[slot] = (ingressPort << 16) | egressPort;
				this.hopLatency[slot] = latency;
				this.hopQueueOccupancy[slot] = queueOccupancy;
				this.hopIngressTs[slot] = ingressTs;
				this.hopEgressTs[slot] = egressTs;
				this.hopInstructions[slot] = instructions;
			}
			this.hopsRecorded++;
		}
		Listener current = this.listener;
		if (current != null) {
			current.onHop(hop(packetId, switchId, (ingressPort << 16) | egressPort, latency, queueOccupancy, ingressTs,
					egressTs, instructions));
		}
	}

	void recordReport(long packetId, long nodeId, int hwId, long sequence, ReportFormat format, int ingressPort,
			int egressPort, long ingressTs, long egressTs, int stackHops) {
		int packed = (hwId << 16) | (format.ordinal() << 8) | stackHops;
		synchronized (this) {
			if (this.reportCapacity > 0) {
				int slot = (int) (this.reportsRecorded % this.reportCapacity);
				this.reportPacketId[slot] = packetId;
				this.reportNodeId[slot] = nodeId;
				this.reportSequence[slot] = sequence;
				this.reportHwIdFormatHops[slot] = packed;
				this.reportPorts[slot] = (ingressPort << 16) | egressPort;
				this.reportIngressTs[slot] = ingressTs;
				this.reportEgressTs[slot] = egressTs;
			}
			this.reportsRecorded++;
		}
		Listener current = this.listener;
		if (current != null) {
			current.onReport(
					report(packetId, nodeId, sequence, packed, (ingressPort << 16) | egressPort, ingressTs, egressTs));
		}
	}

	void recordSinkStack(long packetId, long sinkId, byte[] bytes, int offset, int length) {
		Listener current = this.listener;
		if (current != null) {
			current.onSinkStack(packetId, sinkId, bytes, offset, length);
		}
	}

	/** Hops recorded since the start, kept or not. */
	public synchronized long hopsRecorded() {
		return this.hopsRecorded;
	}

	/** Reports recorded since the start, kept or not. */
	public synchronized long reportsRecorded() {
		return this.reportsRecorded;
	}

	/** The records kept now, oldest first. */
	public synchronized GroundTruthSnapshot snapshot() {
		List<HopTruth> hops = new ArrayList<>();
		long firstHop = Math.max(0, this.hopsRecorded - this.hopCapacity);
		for (long i = firstHop; i < this.hopsRecorded; i++) {
			int s = (int) (i % this.hopCapacity);
			hops.add(hop(this.hopPacketId[s], this.hopSwitchId[s], this.hopPorts[s], this.hopLatency[s],
					this.hopQueueOccupancy[s], this.hopIngressTs[s], this.hopEgressTs[s], this.hopInstructions[s]));
		}
		List<ReportTruth> reports = new ArrayList<>();
		long firstReport = Math.max(0, this.reportsRecorded - this.reportCapacity);
		for (long i = firstReport; i < this.reportsRecorded; i++) {
			int s = (int) (i % this.reportCapacity);
			reports.add(report(this.reportPacketId[s], this.reportNodeId[s], this.reportSequence[s],
					this.reportHwIdFormatHops[s], this.reportPorts[s], this.reportIngressTs[s],
					this.reportEgressTs[s]));
		}
		return new GroundTruthSnapshot(hops, reports);
	}

	private static HopTruth hop(long packetId, long switchId, int ports, long latency, long queueOccupancy,
			long ingressTs, long egressTs, int instructions) {
		return new HopTruth(packetId, switchId, ports >>> 16, ports & 0xFFFF, latency, 0, queueOccupancy, ingressTs,
				egressTs, IntTransit.UNAVAILABLE_32, IntTransit.UNAVAILABLE_24, instructions);
	}

	private static ReportTruth report(long packetId, long nodeId, long sequence, int packed, int ports, long ingressTs,
			long egressTs) {
		long latency = (egressTs - ingressTs) & 0xFFFF_FFFFL;
		return new ReportTruth(packetId, nodeId, packed >>> 16, sequence, FORMATS[(packed >>> 8) & 0xFF], ports >>> 16,
				ports & 0xFFFF, ingressTs, egressTs, latency, packed & 0xFF);
	}

}
