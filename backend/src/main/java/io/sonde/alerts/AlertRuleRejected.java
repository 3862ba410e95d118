package io.sonde.alerts;

/**
 * A rule that cannot be stored as written; {@link #field()} names the JSON field at
 * fault.
 */
public class AlertRuleRejected extends RuntimeException {

	private final String field;

	public AlertRuleRejected(String field, String detail) {
		super(detail);
		this.field = field;
	}

	/** A JSON path: {@code id}, {@code condition.count}, {@code for}... */
	public String field() {
		return this.field;
	}

}
