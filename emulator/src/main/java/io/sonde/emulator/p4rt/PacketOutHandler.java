package io.sonde.emulator.p4rt;

/**
 * Where a switch's data plane takes packets the primary controller sends with PacketOut
 * (spec §16.1). Called on a gRPC thread, one packet at a time per controller stream; must
 * not block for long.
 */
@FunctionalInterface
public interface PacketOutHandler {

	/**
	 * @param payload the whole packet, headers included
	 * @param egressPort the port the controller asked for, from the packet_out metadata
	 */
	void packetOut(byte[] payload, int egressPort);

}
