package io.sonde.switches;

/** No switch of that name is registered. */
public class SwitchNotFound extends RuntimeException {

	public SwitchNotFound(String name) {
		super("no switch named '" + name + "' is registered");
	}

}
