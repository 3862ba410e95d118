package io.sonde.emulator.sim;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EventSchedulerTests {

	private final EventScheduler scheduler = new EventScheduler();

	private final VirtualClock clock = new VirtualClock(this.scheduler, Instant.EPOCH);

	@Test
	void firesEventsInTimeOrderWhateverTheSchedulingOrder() {
		SplittableRandom random = new SplittableRandom(7);
		List<Long> fired = new ArrayList<>();
		EventHandler record = (subject, argument) -> fired.add(this.scheduler.now());
		// More events than the heap's initial capacity, so it also has to grow.
		for (int i = 0; i < 5000; i++) {
			this.scheduler.schedule(random.nextLong(1_000_000), record, null, 0);
		}
		this.clock.runUntil(1_000_000);
		assertThat(fired).hasSize(5000).isSorted();
	}

	@Test
	void firesEventsDueAtTheSameNanosecondInSchedulingOrder() {
		List<Long> order = new ArrayList<>();
		EventHandler record = (subject, argument) -> order.add(argument);
		for (long i = 0; i < 100; i++) {
			this.scheduler.schedule(500, record, null, i);
			this.scheduler.schedule(400, record, null, 1000 + i);
		}
		this.clock.runUntil(500);
		List<Long> expected = new ArrayList<>();
		for (long i = 0; i < 100; i++) {
			expected.add(1000 + i);
		}
		for (long i = 0; i < 100; i++) {
			expected.add(i);
		}
		assertThat(order).isEqualTo(expected);
	}

	@Test
	void handlerSeesTheEventTimeAndItsSubjectAndArgument() {
		AtomicReference<String> seen = new AtomicReference<>();
		this.scheduler.schedule(1234,
				(subject, argument) -> seen.set(subject + "@" + this.scheduler.now() + "#" + argument), "packet", 42);
		this.clock.runUntil(2000);
		assertThat(seen).hasValue("packet@1234#42");
		assertThat(this.scheduler.now()).isEqualTo(2000);
	}

	@Test
	void runUntilLeavesLaterEventsPending() {
		List<Long> fired = new ArrayList<>();
		this.scheduler.schedule(100, () -> fired.add(this.scheduler.now()));
		this.scheduler.schedule(300, () -> fired.add(this.scheduler.now()));
		long count = this.clock.runUntil(200);
		assertThat(count).isEqualTo(1);
		assertThat(fired).containsExactly(100L);
		assertThat(this.scheduler.pendingEvents()).isEqualTo(1);
		assertThat(this.scheduler.nextEventTime()).isEqualTo(300);
		this.clock.runFor(100);
		assertThat(fired).containsExactly(100L, 300L);
	}

	@Test
	void rejectsAnEventInThePast() {
		this.clock.runUntil(1000);
		assertThatThrownBy(() -> this.scheduler.schedule(999, () -> {
		})).isInstanceOf(EventInThePast.class).hasMessageContaining("999").hasMessageContaining("1000");
		assertThatThrownBy(() -> this.scheduler.scheduleAfter(-1, (s, a) -> {
		}, null, 0)).isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void runsSubmittedWorkOnTheDrivingThreadBetweenEvents() throws InterruptedException {
		List<String> log = new ArrayList<>();
		this.scheduler.schedule(10, () -> log.add("event@" + this.scheduler.now()));
		Thread other = new Thread(() -> this.scheduler.submit(() -> log.add("submitted@" + this.scheduler.now())));
		other.start();
		other.join();
		assertThat(log).isEmpty();
		this.clock.runUntil(20);
		assertThat(log).containsExactly("submitted@0", "event@10");
	}

	@Test
	void runUntilIdleStopsWhenNothingIsLeftOrAtTheGuard() {
		EventHandler forever = new EventHandler() {
			@Override
			public void handle(Object subject, long argument) {
				EventSchedulerTests.this.scheduler.scheduleAfter(1, this, null, 0);
			}
		};
		this.scheduler.schedule(0, forever, null, 0);
		assertThat(this.clock.runUntilIdle(100)).isFalse();
		assertThat(this.scheduler.firedEvents()).isEqualTo(100);

		EventScheduler finite = new EventScheduler();
		finite.schedule(5, () -> {
		});
		assertThat(new VirtualClock(finite, Instant.EPOCH).runUntilIdle(100)).isTrue();
	}

	@Test
	void aRunIsTheSameForTheSameSeedAndDiffersForAnother() {
		assertThat(trace(42)).isEqualTo(trace(42));
		assertThat(trace(42)).isNotEqualTo(trace(43));
	}

	/**
	 * A small random model: three components each reschedule themselves after a delay
	 * from their own stream; the trace is who fired when.
	 */
	private static List<String> trace(long seed) {
		EventScheduler scheduler = new EventScheduler();
		RandomStreams randoms = new RandomStreams(seed);
		List<String> trace = new ArrayList<>();
		for (String name : List.of("a", "b", "c")) {
			SplittableRandom random = randoms.forComponent(name);
			EventHandler component = new EventHandler() {
				@Override
				public void handle(Object subject, long argument) {
					trace.add(name + "@" + scheduler.now());
					scheduler.scheduleAfter(random.nextLong(1, 50), this, null, 0);
				}
			};
			scheduler.schedule(0, component, null, 0);
		}
		new VirtualClock(scheduler, Instant.EPOCH).runUntil(10_000);
		return trace;
	}

}
