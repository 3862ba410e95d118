package io.sonde.webhooks.web;

import io.sonde.core.Problems;
import io.sonde.webhooks.DeliveryNotFound;
import io.sonde.webhooks.SubscriptionExists;
import io.sonde.webhooks.SubscriptionNotFound;
import io.sonde.webhooks.SubscriptionRejected;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The webhooks API's failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = { WebhookSubscriptionsController.class, DeliveriesController.class })
class WebhooksProblems {

	@ExceptionHandler
	ProblemDetail rejected(SubscriptionRejected rejected) {
		return Problems.badField("Webhook request rejected", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail exists(SubscriptionExists exists) {
		return Problems.of(HttpStatus.CONFLICT, "Webhook subscription exists", exists.getMessage());
	}

	@ExceptionHandler
	ProblemDetail noSubscription(SubscriptionNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such webhook subscription", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail noDelivery(DeliveryNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such webhook delivery", missing.getMessage());
	}

}
