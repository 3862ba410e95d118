package io.sonde.webhooks;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of a webhook in Alertmanager's webhook format, version 4
 * ({@code format: alertmanager-v4}), so receivers written for Alertmanager read it
 * unchanged. Times are RFC 3339; a firing alert's {@code endsAt} is Go's zero time
 * {@code 0001-01-01T00:00:00Z}, as Alertmanager sends it.
 */
@Schema(name = "AlertmanagerWebhookPayload", description = "Body of a webhook in Alertmanager's format version 4")
public record AlertmanagerWebhookPayload(@Schema(example = "4") String version, String groupKey, int truncatedAlerts,
		@Schema(allowableValues = {
				"firing", "resolved" }) String status,
		@Schema(description = "the subscription's name") String receiver, Map<String, String> groupLabels,
		Map<String, String> commonLabels, Map<String, String> commonAnnotations,
		@Schema(description = "the dashboard's URL") String externalURL, List<AlertmanagerAlert> alerts){

	/** One alert of the group. */
	@Schema(name = "AlertmanagerWebhookAlert")
	public record AlertmanagerAlert(@Schema(allowableValues = {
			"firing", "resolved" }) String status, Map<String, String> labels, Map<String, String> annotations,
			String startsAt, String endsAt, String generatorURL, String fingerprint){

	}

}
