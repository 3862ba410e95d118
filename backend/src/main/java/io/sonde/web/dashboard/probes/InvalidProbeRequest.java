package io.sonde.web.dashboard.probes;

/**
 * A request of the Probes page that means nothing (a k that is no number, a status no
 * session has): answered 400 with the field named.
 */
class InvalidProbeRequest extends RuntimeException {

	private final String field;

	InvalidProbeRequest(String field, String reason) {
		super(field + ": " + reason);
		this.field = field;
	}

	String field() {
		return this.field;
	}

}
