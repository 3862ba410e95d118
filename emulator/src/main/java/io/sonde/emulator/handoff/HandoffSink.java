package io.sonde.emulator.handoff;

/**
 * Where handed-off packets go (the agent's UDP feed, a pcap, the ground truth file).
 * Called on the scheduler's thread.
 */
public interface HandoffSink extends AutoCloseable {

	void handOff(HandedOffPacket packet);

	@Override
	default void close() {
	}

}
