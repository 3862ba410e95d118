package io.sonde.emulator.traffic;

/**
 * Ground-truth counters of one flow: what its source sent and what its destination
 * received, with one-way latencies (from the host handing the frame to its NIC to the
 * last bit arriving). Updated on the scheduler's thread.
 */
public final class FlowStatistics {

	private final int flowIndex;

	private final FlowSpec spec;

	long sentPackets;

	long sentBytes;

	long receivedPackets;

	long receivedBytes;

	long latencySumNanos;

	long latencyMinNanos = Long.MAX_VALUE;

	long latencyMaxNanos;

	long firstSentNanos = -1;

	long lastSentNanos = -1;

	FlowStatistics(int flowIndex, FlowSpec spec) {
		this.flowIndex = flowIndex;
		this.spec = spec;
	}

	public int flowIndex() {
		return this.flowIndex;
	}

	public FlowSpec spec() {
		return this.spec;
	}

	public long sentPackets() {
		return this.sentPackets;
	}

	public long sentBytes() {
		return this.sentBytes;
	}

	public long receivedPackets() {
		return this.receivedPackets;
	}

	public long receivedBytes() {
		return this.receivedBytes;
	}

	/** When the first packet was sent, or -1. */
	public long firstSentNanos() {
		return this.firstSentNanos;
	}

	/** When the last packet was sent, or -1. */
	public long lastSentNanos() {
		return this.lastSentNanos;
	}

	/** Sent packets that did not arrive (yet): drops, losses and packets in flight. */
	public long missingPackets() {
		return this.sentPackets - this.receivedPackets;
	}

	public double meanLatencyNanos() {
		return (this.receivedPackets == 0) ? Double.NaN : (double) this.latencySumNanos / this.receivedPackets;
	}

	/** Smallest one-way latency, or -1 if nothing arrived. */
	public long minLatencyNanos() {
		return (this.receivedPackets == 0) ? -1 : this.latencyMinNanos;
	}

	public long maxLatencyNanos() {
		return this.latencyMaxNanos;
	}

	void sent(int bytes, long now) {
		if (this.firstSentNanos < 0) {
			this.firstSentNanos = now;
		}
		this.lastSentNanos = now;
		this.sentPackets++;
		this.sentBytes += bytes;
	}

	void received(int bytes, long latencyNanos) {
		this.receivedPackets++;
		this.receivedBytes += bytes;
		this.latencySumNanos += latencyNanos;
		if (latencyNanos < this.latencyMinNanos) {
			this.latencyMinNanos = latencyNanos;
		}
		if (latencyNanos > this.latencyMaxNanos) {
			this.latencyMaxNanos = latencyNanos;
		}
	}

	@Override
	public String toString() {
		return "flow " + this.flowIndex + " (" + this.spec + "): sent " + this.sentPackets + ", received "
				+ this.receivedPackets;
	}

}
