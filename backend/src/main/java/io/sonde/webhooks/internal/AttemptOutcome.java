package io.sonde.webhooks.internal;

import java.time.Duration;

/**
 * What one HTTP attempt came to.
 *
 * @param httpStatus the receiver's status, 0 when none came
 * @param retryAfter the receiver's Retry-After, or null
 * @param latencyMs from the request to the answer or the failure
 * @param error why it failed, null when delivered
 * @param refused the request-forgery guard refused the destination: no connection made
 */
record AttemptOutcome(int httpStatus, Duration retryAfter, long latencyMs, String error, boolean refused) {

	boolean delivered() {
		return this.httpStatus >= 200 && this.httpStatus < 300;
	}

	/** Worth another attempt: no answer, a timeout, 408, 425, 429 or 5xx. */
	boolean retryable() {
		if (this.refused) {
			return false;
		}
		return this.httpStatus == 0 || this.httpStatus == 408 || this.httpStatus == 425 || this.httpStatus == 429
				|| this.httpStatus >= 500;
	}

}
