package io.sonde.emulator.net;

/**
 * How fast a switch's packet processor runs: a software switch such as BMv2 parses,
 * matches and deparses one packet at a time on its CPU, so past some packets per second
 * arriving frames wait in its input buffer and, once that is full, are dropped, whatever
 * the links could carry. GPINT's evaluation (paper 001, §V-B1) loads its switches this
 * way ("100% packet processing utilization") with a 1000-packet queue.
 *
 * @param packetsPerSecond packets the processor finishes per second; each takes
 * {@code 1e9 / packetsPerSecond} ns, one after the other
 * @param queueCapacityPackets packets waiting for the processor (the one being processed
 * not counted); one more arriving is dropped (drop-tail)
 */
public record ProcessingRate(long packetsPerSecond, int queueCapacityPackets) {

	public ProcessingRate {
		if (packetsPerSecond <= 0 || packetsPerSecond > 1_000_000_000L) {
			throw new IllegalArgumentException(
					"a processing rate is 1..1,000,000,000 packets/s, got " + packetsPerSecond);
		}
		if (queueCapacityPackets < 1) {
			throw new IllegalArgumentException(
					"a processing queue must hold at least one packet: " + queueCapacityPackets);
		}
	}

	/** Nanoseconds the processor spends on one packet, rounded to the nearest. */
	public long serviceNanos() {
		return Math.round(1e9 / this.packetsPerSecond);
	}

}
