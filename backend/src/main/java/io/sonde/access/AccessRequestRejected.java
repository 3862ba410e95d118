package io.sonde.access;

/** A user or token request with a field missing or malformed; nothing was stored. */
public class AccessRequestRejected extends RuntimeException {

	private final String field;

	public AccessRequestRejected(String field, String message) {
		super(field + ": " + message);
		this.field = field;
	}

	public String field() {
		return this.field;
	}

}
