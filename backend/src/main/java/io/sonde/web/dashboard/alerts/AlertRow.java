package io.sonde.web.dashboard.alerts;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Set;
import java.util.stream.Collectors;

import io.sonde.alerts.Alert;

/**
 * An alert as the page shows it, and as /alerts/live sends it: every value already text.
 *
 * @param fingerprint the alert's fingerprint
 * @param ruleId its rule
 * @param name its rule's name
 * @param severity {@code info}, {@code warning} or {@code critical}
 * @param status {@code firing} or {@code resolved}
 * @param labels the series' labels ({@code switch=leaf-1 port=2}), without those every
 * alert of the rule has
 * @param since when it fired, UTC
 * @param until when it resolved, UTC; empty while firing
 * @param value the value that fired it
 */
public record AlertRow(String fingerprint, String ruleId, String name, String severity, String status, String labels,
		String since, String until, String value) {

	/** Labels every alert carries: the row says them in its own columns. */
	private static final Set<String> OWN_COLUMNS = Set.of("alertname", "severity", "rule_id");

	static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

	static AlertRow of(Alert alert) {
		String labels = alert.labels()
			.entrySet()
			.stream()
			.filter((label) -> !OWN_COLUMNS.contains(label.getKey()))
			.map((label) -> label.getKey() + "=" + label.getValue())
			.collect(Collectors.joining(" "));
		return new AlertRow(alert.fingerprint(), alert.ruleId(), alert.ruleName(), alert.severity().json(),
				alert.status().name().toLowerCase(java.util.Locale.ROOT), labels, time(alert.startsAt()),
				time(alert.endsAt()), RuleForm.number(Math.round(alert.value() * 1e6) / 1e6));
	}

	static String time(Instant at) {
		return (at != null) ? TIME.format(at) : "";
	}

}
