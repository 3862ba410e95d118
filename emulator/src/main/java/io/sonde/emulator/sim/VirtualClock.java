package io.sonde.emulator.sim;

import java.time.Instant;

/**
 * Virtual time: events fire as fast as the CPU allows and time jumps from one event to
 * the next. Runs are deterministic for a seed: nothing here reads the wall clock.
 * <p>
 * Work submitted from other threads ({@link EventScheduler#submit}) runs between events
 * at the virtual time the run has reached, so a deterministic test submits nothing from
 * outside while it runs.
 */
public final class VirtualClock implements EmulationClock {

	private final EventScheduler scheduler;

	private final Instant epoch;

	public VirtualClock(EventScheduler scheduler, Instant epoch) {
		if (scheduler == null || epoch == null) {
			throw new IllegalArgumentException("a virtual clock needs a scheduler and an epoch");
		}
		this.scheduler = scheduler;
		this.epoch = epoch;
	}

	@Override
	public EventScheduler scheduler() {
		return this.scheduler;
	}

	@Override
	public long nowNanos() {
		return this.scheduler.now();
	}

	@Override
	public Instant epoch() {
		return this.epoch;
	}

	/**
	 * Fires every event due at or before {@code endNanos}, then sets the time to
	 * {@code endNanos}. An exception thrown by a handler ends the run and propagates.
	 * @return the number of events fired
	 */
	public long runUntil(long endNanos) {
		if (endNanos < this.scheduler.now()) {
			throw new EventInThePast(endNanos, this.scheduler.now());
		}
		long firedBefore = this.scheduler.firedEvents();
		this.scheduler.runSubmissions();
		while (this.scheduler.nextEventTime() <= endNanos) {
			this.scheduler.fireNext();
			if (this.scheduler.hasSubmissions()) {
				this.scheduler.runSubmissions();
			}
		}
		this.scheduler.advanceTo(endNanos);
		return this.scheduler.firedEvents() - firedBefore;
	}

	/** Runs for {@code durationNanos} of virtual time from now. */
	public long runFor(long durationNanos) {
		if (durationNanos < 0) {
			throw new IllegalArgumentException("a duration cannot be negative: " + durationNanos + " ns");
		}
		return runUntil(this.scheduler.now() + durationNanos);
	}

	/**
	 * Fires events until none is left or {@code maxEvents} have fired (a guard against
	 * models that never go idle, such as generators without a stop time).
	 * @return true if the scheduler went idle
	 */
	public boolean runUntilIdle(long maxEvents) {
		this.scheduler.runSubmissions();
		for (long fired = 0; fired < maxEvents; fired++) {
			if (!this.scheduler.fireNext()) {
				return true;
			}
			this.scheduler.runSubmissions();
		}
		return this.scheduler.pendingEvents() == 0;
	}

	@Override
	public String toString() {
		return "VirtualClock[t=" + this.scheduler.now() + " ns]";
	}

}
