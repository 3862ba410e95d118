package io.sonde.webhooks;

/** Where a delivery stands. */
public enum DeliveryStatus {

	/** Waiting for its next attempt. */
	PENDING,
	/** A receiver answered 2xx. */
	DELIVERED,
	/** The last attempt failed, or the failure cannot be retried: a dead letter. */
	FAILED,
	/**
	 * The destination is one the request-forgery guard refuses: no connection was made.
	 */
	REFUSED

}
