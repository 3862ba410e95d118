package io.sonde.emulator.net;

/**
 * What a host does with the frames delivered to it (traffic statistics, ground truth).
 * Called on the scheduler's thread; the packet returns to the pool after the call.
 */
@FunctionalInterface
public interface PacketReceiver {

	PacketReceiver DISCARD = (host, packet, timestampNanos) -> {
	};

	void received(HostNode host, Packet packet, long timestampNanos);

}
