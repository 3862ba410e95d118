package io.sonde.webhooks;

/** Why a delivery was made. */
public enum DeliveryKind {

	/** A group of alerts changed, or repeats. */
	NOTIFICATION,
	/** An operator's "send test": a synthetic alert. */
	TEST,
	/** An operator replayed a logged delivery. */
	REPLAY

}
