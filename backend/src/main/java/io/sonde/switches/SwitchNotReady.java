package io.sonde.switches;

/**
 * The switch cannot do that now: Sonde is not connected to it, or is connected as a
 * backup while the request needs the primary. Retry later.
 */
public class SwitchNotReady extends RuntimeException {

	public SwitchNotReady(String message) {
		super(message);
	}

	public SwitchNotReady(String message, Throwable cause) {
		super(message, cause);
	}

}
