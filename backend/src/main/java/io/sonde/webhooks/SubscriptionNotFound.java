package io.sonde.webhooks;

/** No subscription has this id. */
public class SubscriptionNotFound extends RuntimeException {

	private final String id;

	public SubscriptionNotFound(String id) {
		super("No webhook subscription '" + id + "'");
		this.id = id;
	}

	public String id() {
		return this.id;
	}

}
