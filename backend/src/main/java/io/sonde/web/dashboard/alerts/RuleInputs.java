package io.sonde.web.dashboard.alerts;

import java.util.Set;

/**
 * The rule form's inputs, named after the rule's JSON fields: which one a field the
 * alerts module refused belongs beside. A field with no input of its own (a label's name,
 * say {@code labels.team}) goes to the nearest one; anything else above the form.
 */
final class RuleInputs {

	static final String WHOLE_RULE = "rule";

	private static final Set<String> INPUTS = Set.of("id", "name", "severity", "condition.type", "condition.value",
			"condition.comparison", "condition.bound", "condition.kind", "condition.metric", "condition.count",
			"condition.window", "selector.switch", "selector.port", "selector.flow", "for", "repeatInterval", "labels",
			"annotations", "comment");

	private RuleInputs() {
	}

	static String inputFor(String field) {
		if (field == null) {
			return WHOLE_RULE;
		}
		if (INPUTS.contains(field)) {
			return field;
		}
		for (String parent : Set.of("labels", "annotations", "selector", "condition")) {
			if (field.startsWith(parent + ".") || field.startsWith(parent + "[")) {
				return parent.equals("selector") || parent.equals("condition") ? WHOLE_RULE : parent;
			}
		}
		if (field.equals("forDuration")) {
			return "for";
		}
		return WHOLE_RULE;
	}

	/** The reason, naming the field when it is not shown beside an input of that name. */
	static String reason(String field, String reason) {
		return (field != null && !field.equals(inputFor(field))) ? field + ": " + reason : reason;
	}

}
