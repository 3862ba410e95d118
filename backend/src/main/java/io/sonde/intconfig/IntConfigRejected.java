package io.sonde.intconfig;

/**
 * An INT configuration that cannot be applied; names the field at fault. Nothing was
 * stored.
 */
public class IntConfigRejected extends RuntimeException {

	private final String field;

	public IntConfigRejected(String field, String message) {
		super(field + ": " + message);
		this.field = field;
	}

	public String field() {
		return this.field;
	}

}
