package io.sonde.web.dashboard.alerts;

/**
 * A form of the Alerts page with an input that cannot be read (a count that is no number,
 * a duration that is none): shown beside that input, answered 400.
 */
class InvalidAlertsForm extends RuntimeException {

	private final String field;

	InvalidAlertsForm(String field, String reason) {
		super(reason);
		this.field = field;
	}

	String field() {
		return this.field;
	}

}
