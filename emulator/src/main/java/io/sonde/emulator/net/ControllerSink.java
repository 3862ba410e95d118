package io.sonde.emulator.net;

/**
 * Where a switch's packets to the controller go (the P4Runtime server turns them into
 * PacketIn messages). Called on the scheduler's thread with a buffer that is reused: copy
 * what you keep.
 */
@FunctionalInterface
public interface ControllerSink {

	ControllerSink DISCARD = (node, ingressPort, frame, length) -> {
	};

	void packetIn(SwitchNode node, int ingressPort, byte[] frame, int length);

}
