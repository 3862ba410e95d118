package io.sonde.webhooks;

import java.time.Instant;

/**
 * One HTTP attempt of a delivery.
 *
 * @param at when it started
 * @param httpStatus the receiver's status, or 0 when no answer came
 * @param latencyMs from the request to the answer (or the failure)
 * @param error why it failed, or null when the receiver accepted it
 */
public record DeliveryAttempt(Instant at, int httpStatus, long latencyMs, String error) {

}
