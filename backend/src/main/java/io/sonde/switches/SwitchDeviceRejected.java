package io.sonde.switches;

/** A switch registration that cannot be accepted; names the field at fault. */
public class SwitchDeviceRejected extends RuntimeException {

	private final String field;

	public SwitchDeviceRejected(String field, String message) {
		super(field + " " + message);
		this.field = field;
	}

	public String field() {
		return this.field;
	}

}
