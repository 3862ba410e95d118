package io.sonde.labeling.coverage;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.sonde.labeling.CoverageMeasured;
import io.sonde.labeling.CoverageSample;
import io.sonde.labeling.LabelStatesUpdated;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;
import io.sonde.switches.InstalledEntity;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The coverage meter's rounds on a hand-driven clock: counter rises make ports active,
 * applied items cover them, INT-label's counters give bandwidth occupation and packet
 * counts, and a window closes only after a read taken past its end.
 */
class CoverageMeterTests {

	private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

	private final MovingClock clock = new MovingClock(T0.plusMillis(10));

	private final Counters counters = new Counters();

	private final List<Object> published = new ArrayList<>();

	private final CoverageMeter meter = new CoverageMeter(this.counters,
			new CoverageHistory(null, Duration.ofMinutes(5)),
			new TelemetryFreshness(Map::of, (id) -> null, (from, to) -> null), this.published::add, this.clock,
			Duration.ofHours(1));

	@Test
	void aPortWhoseCounterRoseIsActiveAndAnAppliedItemCoversIt() {
		this.meter.tick();
		this.counters.sent("leaf-1", 1, 10, 10_000);
		this.counters.sent("leaf-1", 2, 10, 10_000);
		this.clock.set(T0.plusMillis(150));
		this.meter.labelStatesUpdated(updated(new PortKey("leaf-1", 1), T0.plusMillis(120)));

		this.clock.set(T0.plusMillis(202));
		List<CoverageSample> closed = this.meter.tick();

		assertThat(closed).singleElement().satisfies((sample) -> {
			assertThat(sample.start()).isEqualTo(T0.plusMillis(100));
			assertThat(sample.end()).isEqualTo(T0.plusMillis(200));
			assertThat(sample.active()).isEqualTo(2);
			assertThat(sample.covered()).isEqualTo(1);
			assertThat(sample.rate()).isEqualTo(0.5);
		});
		assertThat(this.published).containsExactly(new CoverageMeasured(closed.get(0)));
		assertThat(this.meter.current()).isEqualTo(closed.get(0));
	}

	@Test
	void bandwidthOccupationIsIntBytesOverEgressBytesAndCountsComeFromTheLabelCounters() {
		this.meter.tick();
		this.counters.sent("leaf-1", 1, 100, 100_000);
		this.counters.carried("leaf-1", 1, 2, 10);
		this.counters.labeled("leaf-1", 1, 1, 7);
		this.counters.labeled("leaf-1", 1, 0, 50);
		this.counters.exported("leaf-1", 3, 4);

		this.clock.set(T0.plusMillis(202));
		CoverageSample sample = this.meter.tick().get(0);

		assertThat(sample.bandwidthOccupation()).isEqualTo(10 * (2 + 32 * 2) / 100_000.0);
		assertThat(sample.labeledPackets()).isEqualTo(7);
		assertThat(sample.exportedPackets()).isEqualTo(4);
	}

	@Test
	void aPortOutsideTheTopologysCablesIsNotActive() {
		this.counters.cabled.put("leaf-1", Set.of(1));
		this.meter.tick();
		this.counters.sent("leaf-1", 1, 1, 100);
		this.counters.sent("leaf-1", 510, 1, 100);

		this.clock.set(T0.plusMillis(202));

		assertThat(this.meter.tick().get(0).active()).isEqualTo(1);
	}

	@Test
	void aPortActiveAcrossSeveralWindowsBetweenTwoReadsIsActiveInEach() {
		this.meter.tick();
		this.counters.sent("leaf-1", 1, 30, 3_000);

		this.clock.set(T0.plusMillis(402));
		List<CoverageSample> closed = this.meter.tick();

		assertThat(closed).hasSize(3).allSatisfy((sample) -> {
			assertThat(sample.active()).isEqualTo(1);
			assertThat(sample.rate()).isEqualTo(0.0);
		});
	}

	@Test
	void withNoTrafficTheRateIsOneAndNothingIsActive() {
		this.meter.tick();
		this.clock.set(T0.plusMillis(202));

		CoverageSample sample = this.meter.tick().get(0);

		assertThat(sample.active()).isZero();
		assertThat(sample.rate()).isEqualTo(1.0);
		assertThat(sample.bandwidthOccupation()).isZero();
	}

	@Test
	void aCounterResetCountsTheNewValueAsGrowth() {
		CounterSnapshot before = new CounterSnapshot("s", Map.of(1, 1_000L), 50_000, 100, 6_600, 10);
		CounterSnapshot after = new CounterSnapshot("s", Map.of(1, 5L), 400, 2, 132, 1);

		CounterDelta delta = CounterDelta.between(before, after);

		assertThat(delta.ports()).containsExactly(1);
		assertThat(delta)
			.extracting(CounterDelta::trafficBytes, CounterDelta::intBytes, CounterDelta::labeled,
					CounterDelta::exports)
			.containsExactly(400L, 132L, 2L, 1L);
		assertThat(CounterDelta.between(null, after)).isEqualTo(CounterDelta.NONE);
	}

	@Test
	void theHistoryReturnsTheWindowsOfTheSpanAskedFor() {
		this.meter.tick();
		this.clock.set(T0.plusMillis(1_002));
		this.meter.tick();

		assertThat(this.meter.history(Duration.ofMinutes(1))).hasSize(9);
		assertThat(this.meter.history(Duration.ofMillis(300))).extracting(CoverageSample::end)
			.containsExactly(T0.plusMillis(700), T0.plusMillis(800), T0.plusMillis(900), T0.plusMillis(1_000));
	}

	private static LabelStatesUpdated updated(PortKey port, Instant at) {
		return new LabelStatesUpdated(List.of(new PortLabelState(port, 1, 1, 1, 0, 0, at)), at);
	}

	/** Switch counters the test moves by hand, read as a switch would answer them. */
	static final class Counters implements CoverageSources {

		final Map<String, Set<Integer>> cabled = new HashMap<>();

		private final Map<String, Map<String, Map<Integer, long[]>>> cells = new HashMap<>();

		void sent(String name, int port, long packets, long bytes) {
			add(name, "egress", port, packets, bytes);
		}

		void carried(String name, int port, int items, long packets) {
			add(name, "carried", port * SwitchCounterReader.CARRIED_CELLS + items, packets, 0);
		}

		void labeled(String name, int port, int reason, long packets) {
			add(name, "decisions", port * SwitchCounterReader.DECISION_CELLS + reason, packets, 0);
		}

		void exported(String name, int port, long packets) {
			add(name, "exports", port, packets, 0);
		}

		private void add(String name, String counter, int index, long packets, long bytes) {
			long[] cell = this.cells.computeIfAbsent(name, (key) -> new HashMap<>())
				.computeIfAbsent(counter, (key) -> new HashMap<>())
				.computeIfAbsent(index, (key) -> new long[2]);
			cell[0] += packets;
			cell[1] += bytes;
		}

		@Override
		public int telemetryIntervalMs() {
			return 100;
		}

		@Override
		public List<String> connectedSwitches() {
			return List.of("leaf-1");
		}

		@Override
		public Map<String, Set<Integer>> cabledPorts() {
			return this.cabled;
		}

		@Override
		public CounterSnapshot read(String switchName) {
			return SwitchCounterReader.snapshot(switchName, entities(switchName, "egress"),
					entities(switchName, "decisions"), entities(switchName, "carried"),
					entities(switchName, "exports"));
		}

		private List<InstalledEntity> entities(String name, String counter) {
			List<InstalledEntity> list = new ArrayList<>();
			this.cells.getOrDefault(name, Map.of())
				.getOrDefault(counter, Map.of())
				.forEach((index, cell) -> list.add(new InstalledEntity("counter", counter, Map.of("index", "" + index),
						Map.of("packets", "" + cell[0], "bytes", "" + cell[1]), 0)));
			return list;
		}

	}

	static final class MovingClock extends Clock {

		private Instant now;

		MovingClock(Instant now) {
			this.now = now;
		}

		void set(Instant at) {
			this.now = at;
		}

		@Override
		public java.time.ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
