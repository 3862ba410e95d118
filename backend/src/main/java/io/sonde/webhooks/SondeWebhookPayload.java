package io.sonde.webhooks;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of a webhook in Sonde's own format ({@code format: sonde}), in the envelope
 * Standard Webhooks recommends: {@code type}, {@code timestamp}, {@code data}.
 */
@Schema(name = "SondeWebhookPayload",
		description = "Body of a Sonde webhook (format 'sonde'), signed per Standard Webhooks 1.0")
public record SondeWebhookPayload(
		@Schema(description = "alerts.notification, or alerts.test for a 'send test'",
				example = "alerts.notification") String type,
		@Schema(description = "when the notification was made") Instant timestamp, Data data) {

	/** A group's notification. */
	@Schema(name = "SondeWebhookGroup")
	public record Data(@Schema(description = "the subscription's id") String subscription,
			@Schema(description = "the group's key: subscription and the values of its groupBy labels",
					example = "link-loss:{alertname=\"loss high\"}") String groupKey,
			@Schema(description = "firing when any alert of the group fires, else resolved", allowableValues = {
					"firing", "resolved" }) String status,
			@Schema(description = "the groupBy labels and their values") Map<String, String> groupLabels,
			@Schema(description = "labels every alert of the group carries with the same value") Map<String, String> commonLabels,
			@Schema(description = "the dashboard's Alerts page") String externalUrl, List<AlertEntry> alerts){

	}

	/** One alert of the group. */
	@Schema(name = "SondeWebhookAlert")
	public record AlertEntry(
			@Schema(description = "first 16 hex digits of SHA-256 over the sorted labels") String fingerprint,
			String ruleId, String ruleName, @Schema(allowableValues = {
					"info", "warning", "critical" }) String severity,
			@Schema(allowableValues = { "firing", "resolved" }) String status, Map<String, String> labels,
			Map<String, String> annotations, Instant startsAt,
			@Schema(description = "null while firing", nullable = true) Instant endsAt,
			@Schema(description = "the value that fired it: the event count or the live value") double value){

	}

}
