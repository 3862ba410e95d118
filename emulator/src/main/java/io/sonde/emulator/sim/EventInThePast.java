package io.sonde.emulator.sim;

/**
 * An event was scheduled before the scheduler's current time: a discrete-event model
 * cannot change its past.
 */
public class EventInThePast extends IllegalArgumentException {

	private final long requestedNanos;

	private final long nowNanos;

	public EventInThePast(long requestedNanos, long nowNanos) {
		super("event scheduled at " + requestedNanos + " ns, but the emulated time is already " + nowNanos + " ns");
		this.requestedNanos = requestedNanos;
		this.nowNanos = nowNanos;
	}

	public long requestedNanos() {
		return this.requestedNanos;
	}

	public long nowNanos() {
		return this.nowNanos;
	}

}
