package io.sonde.alerts;

/** A rule was created with an id another rule already has. */
public class AlertRuleExists extends RuntimeException {

	private final String ruleId;

	public AlertRuleExists(String ruleId) {
		super("an alert rule '" + ruleId + "' already exists: change it with PUT, or choose another id");
		this.ruleId = ruleId;
	}

	public String ruleId() {
		return this.ruleId;
	}

}
