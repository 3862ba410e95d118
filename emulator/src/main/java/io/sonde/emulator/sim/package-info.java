/**
 * Time for the emulator: a discrete-event scheduler and the two clocks that drive it.
 * <p>
 * {@link io.sonde.emulator.sim.EventScheduler} keeps every future event in one heap
 * ordered by (time in nanoseconds, sequence number), so two events due at the same
 * nanosecond always fire in the order they were scheduled and a run is reproducible for a
 * seed. Events are a handler, a subject and a {@code long} argument: the handlers are
 * long-lived objects (a link, a queue, a traffic generator), so the hot path allocates
 * nothing per event.
 * <p>
 * Two clocks drive the same scheduler. {@link io.sonde.emulator.sim.VirtualClock} fires
 * events as fast as the CPU allows ({@code runUntil(t)}): for tests and paper
 * reproductions. {@link io.sonde.emulator.sim.RealTimeClock} fires each event when the
 * wall clock reaches it (1:1), from a single thread that sleeps until the next event: for
 * the demo. Other threads (gRPC) never touch the heap: they
 * {@link io.sonde.emulator.sim.EventScheduler#submit submit} work that the driving thread
 * runs at the current emulated time. Code that reads time takes the
 * {@link java.time.Clock} view of either clock.
 * <p>
 * Randomness is per component ({@link io.sonde.emulator.sim.RandomStreams}): each link or
 * generator draws from its own {@link java.util.SplittableRandom} derived from the root
 * seed and the component's name, so adding a component does not change the draws of the
 * others.
 */
package io.sonde.emulator.sim;
