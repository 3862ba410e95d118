package io.sonde.alerts;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

/**
 * An alert rule. Each series the condition sees (a switch, port, flow, metric, link...)
 * is its own alert.
 *
 * @param id {@code [a-z0-9][a-z0-9-]{0,63}}; made from the name when absent on create
 * @param name what people read, and the alerts' {@code alertname} label
 * @param severity how urgent
 * @param condition what fires it
 * @param selector which series it considers (null fields match anything)
 * @param forDuration how long a live value must stay past its bound before it fires (JSON
 * {@code for})
 * @param repeatInterval how often a firing alert is notified again
 * @param labels added to every alert of the rule (a stored rule's have values)
 * @param annotations {@code summary}, {@code description}, ... carried to notifications
 * @param enabled a disabled rule evaluates nothing and resolves its alerts
 */
public record AlertRule(String id, String name, AlertSeverity severity, AlertCondition condition,
		AlertSelector selector,
		@JsonProperty("for") @JsonSerialize(using = AlertDurations.Writer.class) @JsonDeserialize(
				using = AlertDurations.Reader.class) Duration forDuration,
		@JsonSerialize(using = AlertDurations.Writer.class) @JsonDeserialize(
				using = AlertDurations.Reader.class) Duration repeatInterval,
		Map<String, String> labels, Map<String, String> annotations, boolean enabled) {

	public AlertRule {
		selector = (selector != null) ? selector : AlertSelector.ANY;
		forDuration = (forDuration != null) ? forDuration : Duration.ZERO;
		// A label without a value is kept for the rule's check to refuse by its name.
		labels = (labels != null) ? Collections.unmodifiableMap(new LinkedHashMap<>(labels)) : Map.of();
		annotations = (annotations != null) ? Collections.unmodifiableMap(new LinkedHashMap<>(annotations)) : Map.of();
	}

	/** This rule under another id. */
	public AlertRule withId(String newId) {
		return new AlertRule(newId, this.name, this.severity, this.condition, this.selector, this.forDuration,
				this.repeatInterval, this.labels, this.annotations, this.enabled);
	}

}
