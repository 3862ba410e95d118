package io.sonde.webhooks.internal;

import java.time.Instant;

import io.sonde.webhooks.WebhookDelivery;

/**
 * A delivery as Redis keeps it: what the log shows, the body every attempt sends, and
 * while pending when its next attempt is due.
 */
record LoggedDelivery(WebhookDelivery delivery, String body, Instant nextAttemptAt) {

}
