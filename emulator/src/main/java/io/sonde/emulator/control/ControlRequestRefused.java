package io.sonde.emulator.control;

/**
 * The emulator refused a control request: an unknown switch or link, a bad value, a port
 * taken. The message is the emulator's.
 */
public final class ControlRequestRefused extends RuntimeException {

	private final int httpStatus;

	public ControlRequestRefused(int httpStatus, String message) {
		super(message);
		this.httpStatus = httpStatus;
	}

	/**
	 * 400 bad value, 404 unknown switch or link, 409 port taken, 500 emulator failure.
	 */
	public int httpStatus() {
		return this.httpStatus;
	}

}
