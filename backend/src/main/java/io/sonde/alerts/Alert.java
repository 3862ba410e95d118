package io.sonde.alerts;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One series of one rule, firing or resolved.
 *
 * @param fingerprint {@link #fingerprintOf(SortedMap) from the labels}: the same series
 * always has the same fingerprint, and never fires twice at once
 * @param ruleId the rule's id
 * @param ruleName the rule's name
 * @param severity the rule's severity
 * @param status firing or resolved
 * @param labels {@code alertname}, {@code severity}, {@code rule_id}, the series' own
 * labels ({@code switch}, {@code port}, {@code flow}, {@code metric}, {@code link}...)
 * and the rule's labels
 * @param annotations the rule's annotations
 * @param startsAt when it fired
 * @param endsAt when it resolved; null while firing
 * @param value the value that fired it: the event count or the live value, the latest
 * seen
 */
public record Alert(String fingerprint, String ruleId, String ruleName, AlertSeverity severity, AlertStatus status,
		SortedMap<String, String> labels, Map<String, String> annotations, Instant startsAt, Instant endsAt,
		double value) {

	public Alert {
		labels = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(labels));
		annotations = (annotations != null) ? Map.copyOf(annotations) : Map.of();
	}

	/** This alert resolved at {@code at}. */
	public Alert resolvedAt(Instant at) {
		return new Alert(this.fingerprint, this.ruleId, this.ruleName, this.severity, AlertStatus.RESOLVED, this.labels,
				this.annotations, this.startsAt, at, this.value);
	}

	/** This alert, still firing, with the value last seen. */
	public Alert withValue(double latest) {
		return new Alert(this.fingerprint, this.ruleId, this.ruleName, this.severity, this.status, this.labels,
				this.annotations, this.startsAt, this.endsAt, latest);
	}

	/**
	 * The first 16 lowercase hex digits of SHA-256 over the labels, sorted by name, each
	 * written {@code name=value\n}.
	 */
	public static String fingerprintOf(SortedMap<String, String> labels) {
		StringBuilder text = new StringBuilder();
		labels.forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256")
				.digest(text.toString().getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest, 0, 8);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java platform has SHA-256", ex);
		}
	}

}
