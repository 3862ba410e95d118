package io.sonde.topology;

/**
 * What a link does to the frames it carries, as the topology document describes it (the
 * emulator applies these; planners read them).
 *
 * @param bandwidthBitsPerSecond line rate
 * @param propagationDelayNanos last bit out to last bit in
 * @param jitterNanos each frame's delay varies uniformly by this much either way
 * @param lossProbability probability that a frame is lost on the wire
 * @param queueCapacityPackets packets each end's egress queue holds besides the one being
 * sent
 * @param framingOverheadBytes wire bytes besides the frame (24 for Ethernet)
 */
public record LinkProperties(long bandwidthBitsPerSecond, long propagationDelayNanos, long jitterNanos,
		double lossProbability, int queueCapacityPackets, int framingOverheadBytes) {

	/**
	 * What a link gets when neither it nor the document's {@code linkDefaults} say
	 * otherwise (docs/TOPOLOGY_FORMAT.md): 1 Gbit/s, 1 µs, no jitter, no loss, 1000
	 * packets, Ethernet framing.
	 */
	public static final LinkProperties FORMAT_DEFAULTS = new LinkProperties(1_000_000_000L, 1_000, 0, 0.0, 1000, 24);

}
