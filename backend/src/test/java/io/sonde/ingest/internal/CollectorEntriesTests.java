package io.sonde.ingest.internal;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.events.TelemetryEvent;
import io.sonde.ingest.CollectorEntriesFixture;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both versions of the contract read to the same events; a bad line is rejected alone, an
 * entry that breaks the contract as a whole is rejected whole.
 */
class CollectorEntriesTests {

	private static final long T0 = 1_764_000_000_000_000_000L;

	@Test
	void aBatchReadsAsItsEventsWouldOneByOne() {
		Map<Integer, Map<String, String>> every = CollectorEntriesFixture.everyMetric("n1", T0);
		List<Map<String, String>> ones = every.keySet().stream().sorted().map(every::get).toList();

		CollectorEntries.EntryEvents batch = CollectorEntries.read(CollectorEntriesFixture.batch(ones));

		assertThat(batch.rejected).isEmpty();
		List<TelemetryEvent> oneByOne = ones.stream()
			.map((fields) -> CollectorEntries.read(fields).events.get(0))
			.toList();
		assertThat(batch.events).hasSize(6).isEqualTo(oneByOne);
		assertThat(batch.events.get(0).origin()).isEqualTo("xdp/n1/eth0/1700000000000/1");
	}

	@Test
	void aBadLineIsRejectedAloneWithItsPlaceAndText() {
		Map<String, String> illTyped = CollectorEntriesFixture.hopLatency("n1", 2, T0, 5);
		illTyped.put("value", "5.5");
		Map<String, String> entry = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("n1", 1, T0, 4), illTyped,
					CollectorEntriesFixture.hopLatency("n1", 3, T0, 6)));
		entry.put("events", entry.get("events") + "seq=4 kind changed\n");
		entry.put("count", "4");

		CollectorEntries.EntryEvents read = CollectorEntries.read(entry);

		assertThat(read.events).extracting(TelemetryEvent::value).containsExactly(4.0, 6.0);
		assertThat(read.rejected).hasSize(2);
		assertThat(read.rejected.get(0).index()).isEqualTo(1);
		assertThat(read.rejected.get(0).line()).contains("value=5.5");
		assertThat(read.rejected.get(0).cause().reason()).isEqualTo(DeadLetterReason.ILL_TYPED_FIELD);
		assertThat(read.rejected.get(0).cause().field()).isEqualTo("value");
		assertThat(read.rejected.get(1).index()).isEqualTo(3);
		assertThat(read.rejected.get(1).cause().reason()).isEqualTo(DeadLetterReason.BAD_LINE);
	}

	@Test
	void numbersOfALineAreCheckedAsInAnEntryOfOne() {
		// Each line's value field in turn: the largest 64-bit value, the largest of 18
		// digits (read in one pass), one past the largest 64-bit value, a sign, nothing,
		// a number too long, a letter among short digits.
		List<String> values = List.of("18446744073709551615", "999999999999999999", "18446744073709551616", "-1", "",
				"000000000000000000001", "12a");
		List<Map<String, String>> ones = new java.util.ArrayList<>();
		for (int i = 0; i < values.size(); i++) {
			Map<String, String> one = CollectorEntriesFixture.hopLatency("n1", i + 1, T0, 4);
			one.put("value", values.get(i));
			ones.add(one);
		}

		CollectorEntries.EntryEvents batch = CollectorEntries.read(CollectorEntriesFixture.batch(ones));

		assertThat(batch.events).extracting(TelemetryEvent::value)
			.containsExactly(18446744073709551615.0, 999999999999999999.0);
		assertThat(batch.rejected).extracting(CollectorEntries.Rejected::index).containsExactly(2, 3, 4, 5, 6);
		for (CollectorEntries.Rejected rejected : batch.rejected) {
			Map<String, String> alone = ones.get(rejected.index());
			MalformedEntry single = CollectorEntries.read(alone).rejected.get(0).cause();
			assertThat(rejected.cause().reason()).isEqualTo(DeadLetterReason.ILL_TYPED_FIELD);
			assertThat(rejected.cause().getMessage()).isEqualTo(single.getMessage());
		}
	}

	@Test
	void aDetectionTimeBeyondWhatTheStoreHoldsIsRejected() {
		// The events table keeps signed 64-bit nanoseconds: 2262-04-11 is the last day.
		Map<String, String> last = CollectorEntriesFixture.hopLatency("n1", 1, T0, 4);
		last.put("ts_ns", Long.toString(Long.MAX_VALUE));
		Map<String, String> beyond = CollectorEntriesFixture.hopLatency("n1", 2, T0, 4);
		beyond.put("ts_ns", Long.toUnsignedString(Long.MAX_VALUE + 1));

		CollectorEntries.EntryEvents batch = CollectorEntries
			.read(CollectorEntriesFixture.batch(List.of(last, beyond)));

		assertThat(batch.events).extracting(TelemetryEvent::detectedAt)
			.containsExactly(Instant.ofEpochSecond(0, Long.MAX_VALUE));
		assertThat(batch.rejected).singleElement().satisfies((rejected) -> {
			assertThat(rejected.index()).isEqualTo(1);
			assertThat(rejected.cause().reason()).isEqualTo(DeadLetterReason.ILL_TYPED_FIELD);
			assertThat(rejected.cause().field()).isEqualTo("ts_ns");
		});
	}

	@Test
	void anEntryThatBreaksTheContractIsRejectedWhole() {
		Map<String, String> miscounted = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("n1", 1, T0, 4)));
		miscounted.put("count", "3");
		Map<String, String> noEvents = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("n1", 1, T0, 4)));
		noEvents.remove("events");
		Map<String, String> future = CollectorEntriesFixture.hopLatency("n1", 1, T0, 4);
		future.put("v", "3");
		Map<String, String> unversioned = CollectorEntriesFixture.hopLatency("n1", 1, T0, 4);
		unversioned.remove("v");
		Map<String, String> nodeless = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("n1", 1, T0, 4)));
		nodeless.remove("node");
		Map<String, String> badRun = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("n1", 1, T0, 4)));
		badRun.put("run", "-1");
		Map<String, String> badCollector = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("n1", 1, T0, 4)));
		badCollector.put("collector", "Java collector");

		assertWhole(miscounted, DeadLetterReason.BAD_BATCH, "count");
		assertWhole(noEvents, DeadLetterReason.MISSING_FIELD, "events");
		assertWhole(future, DeadLetterReason.WRONG_VERSION, "v");
		assertWhole(unversioned, DeadLetterReason.MISSING_FIELD, "v");
		// The origin fields are the entry's: without them no line has an origin.
		assertWhole(nodeless, DeadLetterReason.MISSING_FIELD, "node");
		assertWhole(badRun, DeadLetterReason.ILL_TYPED_FIELD, "run");
		assertWhole(badCollector, DeadLetterReason.ILL_TYPED_FIELD, "collector");
	}

	@Test
	void theCollectorKindNamesTheSourceAndTheOrigin() {
		Map<String, String> java = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("n1", 1, T0, 4)));
		java.put("collector", "java");
		java.put("ifname", "udp");
		Map<String, String> unnamed = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("n1", 1, T0, 4)));

		assertThat(CollectorEntries.read(java).events).singleElement().satisfies((event) -> {
			assertThat(event.source()).isEqualTo("java:n1/udp");
			assertThat(event.origin()).isEqualTo("java/n1/udp/1700000000000/1");
		});
		assertThat(CollectorEntries.read(unnamed).events).singleElement()
			.satisfies((event) -> assertThat(event.source()).isEqualTo("xdp:n1/eth0"));
	}

	@Test
	void aLineCannotChangeWhoseEventItIs() {
		Map<String, String> entry = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("n1", 1, T0, 4)));
		entry.put("events", entry.get("events").replace("\n", " node=other run=9\n"));

		CollectorEntries.EntryEvents read = CollectorEntries.read(entry);

		assertThat(read.events).singleElement()
			.satisfies((event) -> assertThat(event.origin()).isEqualTo("xdp/n1/eth0/1700000000000/1"));
	}

	private static void assertWhole(Map<String, String> entry, DeadLetterReason reason, String field) {
		CollectorEntries.EntryEvents read = CollectorEntries.read(entry);
		assertThat(read.events).isEmpty();
		assertThat(read.rejected).singleElement().satisfies((rejected) -> {
			assertThat(rejected.index()).isEqualTo(-1);
			assertThat(rejected.cause().reason()).isEqualTo(reason);
			assertThat(rejected.cause().field()).isEqualTo(field);
		});
	}

}
