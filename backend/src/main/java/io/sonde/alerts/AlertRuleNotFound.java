package io.sonde.alerts;

/** No rule has this id. */
public class AlertRuleNotFound extends RuntimeException {

	private final String ruleId;

	public AlertRuleNotFound(String ruleId) {
		super("there is no alert rule '" + ruleId + "'");
		this.ruleId = ruleId;
	}

	public String ruleId() {
		return this.ruleId;
	}

}
