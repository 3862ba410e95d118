package io.sonde.e2e.repro.prefilter;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The run's accounting, from the emulator's ground truth: the flow's bursts as the
 * bottleneck queue saw them, and which of them the sink reported.
 * <p>
 * A <b>burst</b> is a busy period of the bottleneck's egress queue as the flow's packets
 * see it: it starts with a packet that found the transmitter idle (it waited 0 ns in the
 * emulated queue) and holds every following packet up to the next such one. Its
 * <b>peak</b> is the longest queue wait of its packets, measured by the network's queue
 * ({@code QueueingRecorder}), not read from INT. A burst is <b>above</b> threshold T when
 * its peak exceeds T (strictly, as the filter compares). It is <b>caught</b> when the
 * sink reported at least one of its packets whose own wait exceeded T: the collector then
 * saw the queue above T during that burst. A report of a packet below T (the one that
 * tells the collector the queue drained, say) does not catch a burst.
 * <p>
 * The filter reads the bottleneck's hop latency from the packet's INT stack; with the
 * switches' clock at 1 ns a tick that is the same number as the queue wait, and the
 * ledger counts every packet where the two differ ({@link #latencyMismatches()}, which a
 * run requires to be 0).
 */
final class BurstLedger {

	/**
	 * Departures a report may lag behind: a report follows its packet by one
	 * serialisation and one propagation delay, a few departures at most.
	 */
	private static final int WINDOW = 4096;

	private final long thresholdNanos;

	private final long[] windowPackets = new long[WINDOW];

	private final int[] windowBursts = new int[WINDOW];

	private final long[] windowWaits = new long[WINDOW];

	private long departures;

	private long[] peaks = new long[1024];

	private int bursts;

	private final BitSet caught = new BitSet();

	private long reports;

	private long hopPacket = -1;

	private long hopLatency;

	private long latencyMismatches;

	/**
	 * @param thresholdNanos the filter's threshold; 0 for noop (every burst that queued
	 * at all is above it)
	 */
	BurstLedger(long thresholdNanos) {
		if (thresholdNanos < 0) {
			throw new IllegalArgumentException("a threshold cannot be negative: " + thresholdNanos);
		}
		this.thresholdNanos = thresholdNanos;
	}

	/**
	 * The bottleneck switch pushed its INT hop onto a packet (its egress stage runs just
	 * before the packet leaves the queue).
	 */
	void intHop(long packetId, long hopLatency) {
		this.hopPacket = packetId;
		this.hopLatency = hopLatency;
	}

	/**
	 * A packet of the flow left the bottleneck's queue after waiting {@code waitNanos}.
	 */
	void departed(long packetId, long waitNanos) {
		if (this.hopPacket != packetId || this.hopLatency != waitNanos) {
			this.latencyMismatches++;
		}
		this.hopPacket = -1;
		if (waitNanos == 0 || this.bursts == 0) {
			startBurst();
		}
		int burst = this.bursts - 1;
		this.peaks[burst] = Math.max(this.peaks[burst], waitNanos);
		int slot = (int) (this.departures % WINDOW);
		this.windowPackets[slot] = packetId;
		this.windowBursts[slot] = burst;
		this.windowWaits[slot] = waitNanos;
		this.departures++;
	}

	/**
	 * The sink emitted a report for the packet.
	 * @throws IllegalStateException if the packet never crossed the bottleneck (or
	 * crossed it so long ago that the report cannot be its own)
	 */
	void reported(long packetId) {
		this.reports++;
		long oldest = Math.max(0, this.departures - WINDOW);
		for (long i = this.departures - 1; i >= oldest; i--) {
			int slot = (int) (i % WINDOW);
			if (this.windowPackets[slot] == packetId) {
				if (this.windowWaits[slot] > this.thresholdNanos) {
					this.caught.set(this.windowBursts[slot]);
				}
				return;
			}
		}
		throw new IllegalStateException("a report of packet " + packetId + ", which is not among the last "
				+ (this.departures - oldest) + " packets that crossed the bottleneck");
	}

	private void startBurst() {
		if (this.bursts == this.peaks.length) {
			this.peaks = Arrays.copyOf(this.peaks, this.bursts * 2);
		}
		this.bursts++;
	}

	/** Packets of the flow that crossed the bottleneck (and so reached the sink). */
	long packets() {
		return this.departures;
	}

	long reports() {
		return this.reports;
	}

	/** Packets whose INT hop latency at the bottleneck was not their queue wait. */
	long latencyMismatches() {
		return this.latencyMismatches;
	}

	/**
	 * The bursts, how many were above the threshold and how many of those were caught.
	 */
	BurstSummary summary() {
		long[] sorted = Arrays.copyOf(this.peaks, this.bursts);
		Arrays.sort(sorted);
		int above = 0;
		for (int burst = 0; burst < this.bursts; burst++) {
			if (this.peaks[burst] > this.thresholdNanos) {
				above++;
			}
		}
		// A packet above the threshold marks its burst, so every caught burst is above.
		return new BurstSummary(this.bursts, above, this.caught.cardinality(), percentile(sorted, 0.50),
				percentile(sorted, 0.90), percentile(sorted, 0.99),
				(sorted.length > 0) ? sorted[sorted.length - 1] : 0);
	}

	private static long percentile(long[] sorted, double quantile) {
		if (sorted.length == 0) {
			return 0;
		}
		int rank = (int) Math.ceil(quantile * sorted.length) - 1;
		return sorted[Math.max(0, rank)];
	}

	/**
	 * @param bursts bursts of the run
	 * @param above bursts whose peak exceeded the threshold
	 * @param caught bursts above the threshold the sink reported a packet above it of
	 * @param peakP50Nanos median burst peak (nearest rank)
	 * @param peakP90Nanos 90th percentile burst peak
	 * @param peakP99Nanos 99th percentile burst peak
	 * @param peakMaxNanos the highest burst peak
	 */
	record BurstSummary(int bursts, int above, int caught, long peakP50Nanos, long peakP90Nanos, long peakP99Nanos,
			long peakMaxNanos) {

		int missed() {
			return this.above - this.caught;
		}

	}

}
