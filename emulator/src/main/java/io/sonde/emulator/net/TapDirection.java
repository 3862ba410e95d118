package io.sonde.emulator.net;

/** Whether a tapped frame was received or transmitted at the tap point. */
public enum TapDirection {

	/** Arrived at the port (last bit received). */
	RECEIVED,

	/** Started transmission from the port (after its egress queue and egress stage). */
	TRANSMITTED

}
