package io.sonde.web.dashboard.metrics;

/** A Metrics page request naming no metric, key, range or threshold Sonde knows. */
class InvalidMetricRequest extends RuntimeException {

	private final String field;

	InvalidMetricRequest(String field, String reason) {
		super(field + ": " + reason);
		this.field = field;
	}

	String field() {
		return this.field;
	}

}
