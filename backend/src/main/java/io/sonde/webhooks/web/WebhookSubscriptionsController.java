package io.sonde.webhooks.web;

import java.time.Duration;
import java.util.List;

import io.sonde.alerts.AlertDurations;
import io.sonde.webhooks.CreatedSubscription;
import io.sonde.webhooks.RotatedSecret;
import io.sonde.webhooks.Subscription;
import io.sonde.webhooks.SubscriptionRejected;
import io.sonde.webhooks.SubscriptionRequest;
import io.sonde.webhooks.WebhookDelivery;
import io.sonde.webhooks.Webhooks;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Webhook subscriptions: managed by admins; tested and read by operators and viewers. */
@RestController
@RequestMapping(path = "/api/v1/webhooks/subscriptions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Webhook subscriptions",
		description = "Where alert notifications go, signed per Standard Webhooks 1.0 (webhook-id, "
				+ "webhook-timestamp, webhook-signature). Bodies: SondeWebhookPayload or "
				+ "AlertmanagerWebhookPayload (see the schemas).")
class WebhookSubscriptionsController {

	private final Webhooks webhooks;

	WebhookSubscriptionsController(Webhooks webhooks) {
		this.webhooks = webhooks;
	}

	@GetMapping
	@Operation(summary = "The subscriptions (secrets are never listed)")
	List<Subscription> list() {
		return this.webhooks.subscriptions();
	}

	@GetMapping("/{id}")
	@Operation(summary = "One subscription")
	@ApiResponse(responseCode = "404", description = "No subscription with this id")
	Subscription one(@PathVariable String id) {
		return this.webhooks.subscription(id);
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@ResponseStatus(HttpStatus.CREATED)
	@Operation(summary = "Create a subscription; the answer shows its secret, this once",
			description = "The URL must be http(s) and its destination pass the request-forgery guard.")
	@ApiResponse(responseCode = "400", description = "Rejected; 'field' names the field at fault")
	@ApiResponse(responseCode = "409", description = "The id is taken")
	CreatedSubscription create(@RequestBody SubscriptionRequest request) {
		return this.webhooks.create(request);
	}

	@PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Replace a subscription's settings (its secret stays)")
	@ApiResponse(responseCode = "400", description = "Rejected; 'field' names the field at fault")
	@ApiResponse(responseCode = "404", description = "No subscription with this id")
	Subscription update(@PathVariable String id, @RequestBody SubscriptionRequest request) {
		return this.webhooks.update(id, request);
	}

	@DeleteMapping("/{id}")
	@ResponseStatus(HttpStatus.NO_CONTENT)
	@Operation(summary = "Delete a subscription, its log and its pending deliveries")
	@ApiResponse(responseCode = "404", description = "No subscription with this id")
	void delete(@PathVariable String id) {
		this.webhooks.delete(id);
	}

	@PostMapping(path = "/{id}/secret")
	@Operation(summary = "Rotate the secret; the answer shows the new one, this once",
			description = "During 'grace' (default 1h, at most 7 days) the previous secret signs too: "
					+ "webhook-signature then holds two v1 entries.")
	@ApiResponse(responseCode = "400", description = "'grace' is not a duration in range")
	RotatedSecret rotate(@PathVariable String id, @RequestBody(required = false) RotationRequest request) {
		return this.webhooks.rotateSecret(id, grace(request));
	}

	@PostMapping(path = "/{id}/test")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Send a synthetic alert now, outside grouping; answers the logged delivery")
	WebhookDelivery test(@PathVariable String id) {
		return this.webhooks.sendTest(id);
	}

	@GetMapping("/{id}/deliveries")
	@Operation(summary = "The subscription's delivery log, newest first (status, attempts, latency, error)")
	List<WebhookDelivery> deliveries(@PathVariable String id, @RequestParam(defaultValue = "50") int limit) {
		return this.webhooks.deliveries(id, DeliveriesController.limit(limit));
	}

	private static Duration grace(RotationRequest request) {
		if (request == null || request.grace() == null) {
			return Duration.ofHours(1);
		}
		try {
			return AlertDurations.parse(request.grace());
		}
		catch (IllegalArgumentException ex) {
			throw new SubscriptionRejected("grace", ex.getMessage());
		}
	}

	/** {@code {"grace":"1h"}}: how long the previous secret keeps signing. */
	record RotationRequest(String grace) {

	}

}
