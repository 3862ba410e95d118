package io.sonde.emulator.net;

/**
 * What a link does to the packets it carries, the same in both directions.
 *
 * @param bandwidthBitsPerSecond line rate; a frame is serialized in
 * {@code (length + framingOverheadBytes) * 8 / bandwidth} seconds
 * @param propagationDelayNanos time from the last bit leaving to the last bit arriving
 * @param jitterNanos each packet's propagation delay is drawn uniformly from
 * {@code delay ± jitter} (floored at 0); packets are never reordered (a later packet
 * arrives no earlier than the one before it)
 * @param lossProbability probability that a transmitted frame is lost on the wire
 * @param queueCapacityPackets packets each end's egress queue holds while the transmitter
 * is busy; one more arriving is dropped (drop-tail)
 * @param framingOverheadBytes bytes on the wire besides the frame: 24 for Ethernet (FCS
 * 4, preamble and start delimiter 8, minimum inter-frame gap 12; IEEE 802.3 clauses 3 and
 * 4)
 */
public record LinkParameters(long bandwidthBitsPerSecond, long propagationDelayNanos, long jitterNanos,
		double lossProbability, int queueCapacityPackets, int framingOverheadBytes) {

	/** FCS + preamble/SFD + inter-frame gap. */
	public static final int ETHERNET_FRAMING_OVERHEAD_BYTES = 24;

	public static final long GIGABIT = 1_000_000_000L;

	public LinkParameters {
		if (bandwidthBitsPerSecond <= 0) {
			throw new IllegalArgumentException("link bandwidth must be positive: " + bandwidthBitsPerSecond + " bit/s");
		}
		if (propagationDelayNanos < 0) {
			throw new IllegalArgumentException("propagation delay cannot be negative: " + propagationDelayNanos);
		}
		if (jitterNanos < 0) {
			throw new IllegalArgumentException("jitter cannot be negative: " + jitterNanos);
		}
		if (!(lossProbability >= 0.0 && lossProbability <= 1.0)) {
			throw new IllegalArgumentException("loss probability must be within 0..1: " + lossProbability);
		}
		if (queueCapacityPackets < 1) {
			throw new IllegalArgumentException(
					"an egress queue must hold at least one packet: " + queueCapacityPackets);
		}
		if (framingOverheadBytes < 0) {
			throw new IllegalArgumentException("framing overhead cannot be negative: " + framingOverheadBytes);
		}
	}

	/** A lossless Ethernet link without jitter. */
	public static LinkParameters ethernet(long bandwidthBitsPerSecond, long propagationDelayNanos,
			int queueCapacityPackets) {
		return new LinkParameters(bandwidthBitsPerSecond, propagationDelayNanos, 0, 0.0, queueCapacityPackets,
				ETHERNET_FRAMING_OVERHEAD_BYTES);
	}

	public LinkParameters withLossProbability(double probability) {
		return new LinkParameters(this.bandwidthBitsPerSecond, this.propagationDelayNanos, this.jitterNanos,
				probability, this.queueCapacityPackets, this.framingOverheadBytes);
	}

	public LinkParameters withJitterNanos(long jitter) {
		return new LinkParameters(this.bandwidthBitsPerSecond, this.propagationDelayNanos, jitter, this.lossProbability,
				this.queueCapacityPackets, this.framingOverheadBytes);
	}

	public LinkParameters withQueueCapacity(int packets) {
		return new LinkParameters(this.bandwidthBitsPerSecond, this.propagationDelayNanos, this.jitterNanos,
				this.lossProbability, packets, this.framingOverheadBytes);
	}

	public LinkParameters withBandwidth(long bitsPerSecond) {
		return new LinkParameters(bitsPerSecond, this.propagationDelayNanos, this.jitterNanos, this.lossProbability,
				this.queueCapacityPackets, this.framingOverheadBytes);
	}

	/**
	 * Nanoseconds to put a frame of {@code frameLength} bytes on the wire, rounded up.
	 */
	public long serializationNanos(int frameLength) {
		long bits = (frameLength + (long) this.framingOverheadBytes) * 8L;
		return (bits * 1_000_000_000L + this.bandwidthBitsPerSecond - 1) / this.bandwidthBitsPerSecond;
	}

}
