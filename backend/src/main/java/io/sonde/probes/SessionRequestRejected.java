package io.sonde.probes;

/** A session request or history query that cannot be honoured; names the field. */
public class SessionRequestRejected extends IllegalArgumentException {

	private final String field;

	public SessionRequestRejected(String field, String message) {
		super(field + ": " + message);
		this.field = field;
	}

	public String field() {
		return this.field;
	}

}
