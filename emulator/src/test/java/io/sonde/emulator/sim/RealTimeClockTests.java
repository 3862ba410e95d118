package io.sonde.emulator.sim;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RealTimeClockTests {

	private static final long MILLI = 1_000_000L;

	@Test
	void firesEventsInOrderAndNotBeforeTheirWallClockTime() throws InterruptedException {
		EventScheduler scheduler = new EventScheduler();
		List<Long> dueTimes = List.of(30 * MILLI, 10 * MILLI, 20 * MILLI, 20 * MILLI, 40 * MILLI);
		List<long[]> fired = new CopyOnWriteArrayList<>();
		CountDownLatch done = new CountDownLatch(dueTimes.size());
		long[] wallStart = new long[1];
		for (long due : dueTimes) {
			scheduler.schedule(due, (subject, argument) -> {
				fired.add(new long[] { scheduler.now(), System.nanoTime() - wallStart[0] });
				done.countDown();
			}, null, 0);
		}
		try (RealTimeClock clock = new RealTimeClock(scheduler, WallClock.SYSTEM, Instant.EPOCH)) {
			wallStart[0] = System.nanoTime();
			clock.start();
			assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
		}
		assertThat(fired).extracting(times -> times[0])
			.containsExactly(10 * MILLI, 20 * MILLI, 20 * MILLI, 30 * MILLI, 40 * MILLI);
		// The wall clock had reached each event's time when it fired (start was taken
		// before the clock's own start, so this bound is safe).
		assertThat(fired).allSatisfy(times -> assertThat(times[1]).isGreaterThanOrEqualTo(times[0]));
	}

	@Test
	void runsSubmissionsFromOtherThreadsOnItsOwnThreadAtTheCurrentTime() throws InterruptedException {
		EventScheduler scheduler = new EventScheduler();
		AtomicReference<String> thread = new AtomicReference<>();
		CountDownLatch ran = new CountDownLatch(1);
		long[] submittedAt = new long[1];
		try (RealTimeClock clock = new RealTimeClock(scheduler, WallClock.SYSTEM, Instant.EPOCH)) {
			clock.start();
			// Real time passes on purpose: emulated time must follow the wall clock while
			// idle.
			Thread.sleep(20);
			scheduler.submit(() -> {
				thread.set(Thread.currentThread().getName());
				submittedAt[0] = scheduler.now();
				ran.countDown();
			});
			assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
		}
		assertThat(thread).hasValue("emulator-real-time");
		// Emulated time followed the wall clock while idle.
		assertThat(submittedAt[0]).isGreaterThanOrEqualTo(20 * MILLI);
	}

	@Test
	void javaClockViewAdvancesWithTheWallClockWhileRunning() throws InterruptedException {
		Instant epoch = Instant.parse("2026-11-23T12:00:00Z");
		EventScheduler scheduler = new EventScheduler();
		try (RealTimeClock clock = new RealTimeClock(scheduler, WallClock.SYSTEM, epoch)) {
			Clock view = clock.asJavaClock();
			clock.start();
			Instant first = view.instant();
			// Real time passes on purpose: the view must advance with it.
			Thread.sleep(30);
			Instant later = view.instant();
			assertThat(first).isAfterOrEqualTo(epoch);
			assertThat(later).isAfterOrEqualTo(first.plusMillis(25));
		}
	}

	@Test
	void keepsRunningWhenAHandlerThrows() throws InterruptedException {
		EventScheduler scheduler = new EventScheduler();
		CountDownLatch after = new CountDownLatch(1);
		scheduler.schedule(MILLI, () -> {
			throw new IllegalStateException("a broken handler");
		});
		scheduler.schedule(2 * MILLI, after::countDown);
		try (RealTimeClock clock = new RealTimeClock(scheduler, WallClock.SYSTEM, Instant.EPOCH)) {
			clock.start();
			assertThat(after.await(5, TimeUnit.SECONDS)).isTrue();
			assertThat(clock.failedEvents()).isEqualTo(1);
		}
	}

	@Test
	void stopsItsThreadOnClose() {
		EventScheduler scheduler = new EventScheduler();
		RealTimeClock clock = new RealTimeClock(scheduler, WallClock.SYSTEM, Instant.EPOCH);
		clock.start();
		assertThat(clock.isRunning()).isTrue();
		clock.close();
		assertThat(clock.isRunning()).isFalse();
		assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("emulator-real-time"));
	}

}
