package io.sonde.switches;

/** A switch of that name, or at that address and device id, is already registered. */
public class SwitchAlreadyRegistered extends RuntimeException {

	public SwitchAlreadyRegistered(String message) {
		super(message);
	}

}
