package io.sonde.emulator.sim;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VirtualClockTests {

	private static final Instant EPOCH = Instant.parse("2026-11-23T12:00:00Z");

	@Test
	void javaClockViewReadsTheEpochPlusEmulatedTime() {
		EventScheduler scheduler = new EventScheduler();
		VirtualClock clock = new VirtualClock(scheduler, EPOCH);
		Clock view = clock.asJavaClock();
		assertThat(view.instant()).isEqualTo(EPOCH);
		clock.runUntil(1_500_000_123L);
		assertThat(view.instant()).isEqualTo(EPOCH.plusNanos(1_500_000_123L));
		assertThat(view.millis()).isEqualTo(EPOCH.toEpochMilli() + 1500);
		assertThat(view.getZone()).isEqualTo(ZoneOffset.UTC);
		assertThat(view.withZone(ZoneId.of("Europe/Stockholm")).instant()).isEqualTo(view.instant());
	}

	@Test
	void handlersReadTheEventTimeThroughTheJavaClock() {
		EventScheduler scheduler = new EventScheduler();
		VirtualClock clock = new VirtualClock(scheduler, EPOCH);
		Clock view = clock.asJavaClock();
		Instant[] seen = new Instant[1];
		scheduler.schedule(42_000, () -> seen[0] = view.instant());
		clock.runFor(1_000_000);
		assertThat(seen[0]).isEqualTo(EPOCH.plusNanos(42_000));
		assertThat(clock.nowNanos()).isEqualTo(1_000_000);
	}

}
