package io.sonde.switches;

/** Redis, which holds the switch registry, did not answer; nothing changed. */
public class SwitchRegistryUnavailable extends RuntimeException {

	public SwitchRegistryUnavailable(String message, Throwable cause) {
		super(message, cause);
	}

}
