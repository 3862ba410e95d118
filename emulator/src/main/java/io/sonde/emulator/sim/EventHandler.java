package io.sonde.emulator.sim;

/**
 * What runs when an event fires. Implemented by long-lived components (links, queues,
 * generators) so scheduling an event allocates nothing: the per-event state travels in
 * {@code subject} and {@code argument}.
 */
@FunctionalInterface
public interface EventHandler {

	/**
	 * Called on the scheduler's thread when the event is due;
	 * {@link EventScheduler#now()} is the event's time.
	 * @param subject the object given when the event was scheduled (may be null)
	 * @param argument the number given when the event was scheduled
	 */
	void handle(Object subject, long argument);

}
