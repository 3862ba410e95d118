package io.sonde.web.dashboard.alerts;

import io.sonde.alerts.AlertRuleVersion;

/**
 * One version of a rule as the versions table says it.
 *
 * @param version its number
 * @param at when, UTC
 * @param author who
 * @param comment why; empty when not said
 * @param summary the rule then, or {@code deleted}
 */
public record VersionRow(long version, String at, String author, String comment, String summary) {

	static VersionRow of(AlertRuleVersion version) {
		String rule = version.rule().severity().json() + " · " + RuleRow.condition(version.rule())
				+ (version.rule().enabled() ? "" : " · disabled");
		return new VersionRow(version.version(), AlertRow.time(version.at()), version.author(),
				(version.comment() != null) ? version.comment() : "", version.deleted() ? "deleted" : rule);
	}

}
