package io.sonde.web.dashboard.events;

/**
 * A filter of the Events page's requests that means nothing: answered 400 with the field
 * named.
 */
class InvalidEventFilter extends RuntimeException {

	private final String field;

	InvalidEventFilter(String field, String reason) {
		super(field + ": " + reason);
		this.field = field;
	}

	String field() {
		return this.field;
	}

}
