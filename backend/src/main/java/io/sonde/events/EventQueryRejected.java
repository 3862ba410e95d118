package io.sonde.events;

/** A query parameter the event log cannot use; {@link #field()} names it. */
public class EventQueryRejected extends IllegalArgumentException {

	private final String field;

	public EventQueryRejected(String field, String message) {
		super(field + ": " + message);
		this.field = field;
	}

	public String field() {
		return this.field;
	}

}
