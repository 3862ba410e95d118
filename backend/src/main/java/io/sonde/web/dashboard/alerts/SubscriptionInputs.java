package io.sonde.web.dashboard.alerts;

import java.util.Set;

/**
 * The subscription form's inputs, named after the subscription's JSON fields; a field
 * with no input of its own is shown above the form, named.
 */
final class SubscriptionInputs {

	static final String WHOLE_SUBSCRIPTION = "subscription";

	private static final Set<String> INPUTS = Set.of("name", "url", "format", "ruleIds", "matchLabels", "groupBy",
			"groupWait", "groupInterval");

	private SubscriptionInputs() {
	}

	static String inputFor(String field) {
		if (field == null) {
			return WHOLE_SUBSCRIPTION;
		}
		for (String input : INPUTS) {
			if (field.equals(input) || field.startsWith(input + ".") || field.startsWith(input + "[")) {
				return input;
			}
		}
		return WHOLE_SUBSCRIPTION;
	}

}
