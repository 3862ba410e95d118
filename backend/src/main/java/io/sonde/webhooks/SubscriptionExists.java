package io.sonde.webhooks;

/** A subscription with this id exists already. */
public class SubscriptionExists extends RuntimeException {

	public SubscriptionExists(String id) {
		super("A webhook subscription '" + id + "' exists already");
	}

}
