package io.sonde.webhooks.web;

import java.util.List;

import io.sonde.webhooks.SubscriptionRejected;
import io.sonde.webhooks.WebhookDelivery;
import io.sonde.webhooks.Webhooks;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Dead letters and replay. */
@RestController
@RequestMapping(path = "/api/v1/webhooks", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Webhook deliveries", description = "Dead letters and replay of logged deliveries")
class DeliveriesController {

	private final Webhooks webhooks;

	DeliveriesController(Webhooks webhooks) {
		this.webhooks = webhooks;
	}

	@GetMapping("/dead-letters")
	@Operation(summary = "Deliveries that failed for good or were refused, newest first")
	List<WebhookDelivery> deadLetters(@RequestParam(defaultValue = "50") int limit) {
		return this.webhooks.deadLetters(limit(limit));
	}

	@PostMapping("/deliveries/{deliveryId}/replay")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Send a logged delivery's body again, as a new delivery under the same webhook-id",
			description = "The webhook-id is the message's idempotency key (Standard Webhooks): a replay is the "
					+ "same message, signed with a new timestamp.")
	@ApiResponse(responseCode = "404", description = "Neither the log nor the dead letters hold it")
	WebhookDelivery replay(@PathVariable String deliveryId) {
		return this.webhooks.replay(deliveryId);
	}

	static int limit(int limit) {
		if (limit < 1 || limit > 1000) {
			throw new SubscriptionRejected("limit", "limit must be in 1..1000, was " + limit);
		}
		return limit;
	}

}
