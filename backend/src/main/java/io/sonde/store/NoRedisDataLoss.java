package io.sonde.store;

/** An acknowledgement came while Redis has no unacknowledged data loss recorded. */
public class NoRedisDataLoss extends IllegalStateException {

	public NoRedisDataLoss() {
		super("Redis has no unacknowledged data loss: nothing to acknowledge");
	}

}
