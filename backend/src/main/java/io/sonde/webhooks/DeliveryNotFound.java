package io.sonde.webhooks;

/** The delivery log (and the dead letters) hold no delivery with this id. */
public class DeliveryNotFound extends RuntimeException {

	public DeliveryNotFound(String id) {
		super("No logged webhook delivery '" + id + "' (the log keeps the latest deliveries only)");
	}

}
