package io.sonde.webhooks;

/** A subscription request that cannot be stored, naming the field at fault. */
public class SubscriptionRejected extends RuntimeException {

	private final String field;

	public SubscriptionRejected(String field, String detail) {
		super(detail);
		this.field = field;
	}

	public String field() {
		return this.field;
	}

}
