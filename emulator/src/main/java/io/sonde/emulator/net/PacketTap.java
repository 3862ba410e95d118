package io.sonde.emulator.net;

/**
 * Sees every frame at a port or on a link, for captures (pcap) and ground truth.
 * <p>
 * Called on the scheduler's thread; the frame array is reused after the call, so a tap
 * that keeps the bytes copies {@code frame[0..length)}. A slow tap slows the emulation.
 */
@FunctionalInterface
public interface PacketTap {

	/**
	 * @param point the port and direction
	 * @param timestampNanos emulated time of the event (arrival or transmission start)
	 * @param packet the packet (for its ground-truth id)
	 * @param frame the frame bytes
	 * @param length the frame length
	 */
	void capture(TapPoint point, long timestampNanos, Packet packet, byte[] frame, int length);

}
