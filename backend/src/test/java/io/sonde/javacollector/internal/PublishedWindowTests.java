package io.sonde.javacollector.internal;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The published window's bounds: entries stay for the window after Redis acknowledged
 * them, and never take more than the byte bound, the oldest leaving first.
 */
class PublishedWindowTests {

	private static PublishedEntry entry(long seq) {
		return PublishedEntry.group(PublishedEntryTests.events("7", seq, 1), 256).get(0);
	}

	private static PublishedEntry acknowledged(long seq, long atMillis) {
		PublishedEntry entry = entry(seq);
		entry.acknowledged(seq + "-0", atMillis);
		return entry;
	}

	@Test
	void keepsEntriesUntilTheirWindowHasPassed() {
		PublishedWindow window = new PublishedWindow(Duration.ofSeconds(1), 1 << 20);
		window.add(acknowledged(1, 0), 0);
		window.add(acknowledged(2, 500), 500);
		window.add(acknowledged(3, 900), 900);

		window.expire(1000);
		assertThat(window.entries()).extracting(PublishedEntry::id).containsExactly("1-0", "2-0", "3-0");
		window.expire(1600);
		assertThat(window.entries()).extracting(PublishedEntry::id).containsExactly("3-0");
		assertThat(window.events()).isEqualTo(1);
		assertThat(window.bytes()).isEqualTo(entry(3).bytes());
		assertThat(window.overflow()).isZero();
	}

	@Test
	void pushesTheOldestOutPastTheByteBoundCountingThoseStillInTheirWindow() {
		long one = entry(1).bytes();
		PublishedWindow window = new PublishedWindow(Duration.ofSeconds(5), 3 * one);
		for (long seq = 1; seq <= 3; seq++) {
			window.add(acknowledged(seq, seq), seq);
		}
		assertThat(window.bytes()).isEqualTo(3 * one);
		assertThat(window.overflow()).isZero();

		window.add(acknowledged(4, 4), 4);
		assertThat(window.entries()).extracting(PublishedEntry::id).containsExactly("2-0", "3-0", "4-0");
		assertThat(window.bytes()).isLessThanOrEqualTo(3 * one);
		assertThat(window.overflow()).as("seq 1 left 4 ms after its reply, not 5 s").isEqualTo(1);

		// Past their window the byte bound's removals are no overflow.
		window.add(acknowledged(5, 10_000), 10_000);
		assertThat(window.entries()).extracting(PublishedEntry::id).containsExactly("3-0", "4-0", "5-0");
		assertThat(window.overflow()).isEqualTo(1);
	}

	@Test
	void keepsNoEntryLargerThanTheBound() {
		PublishedEntry entry = acknowledged(1, 0);
		PublishedWindow window = new PublishedWindow(Duration.ofSeconds(5), entry.bytes() - 1);

		window.add(entry, 0);

		assertThat(window.entries()).isEmpty();
		assertThat(window.overflow()).isEqualTo(1);
	}

	@Test
	void keepsNothingWhenTheWindowIsZero() {
		PublishedWindow window = new PublishedWindow(Duration.ZERO, 1 << 20);

		window.add(acknowledged(1, 0), 0);

		assertThat(window.enabled()).isFalse();
		assertThat(window.entries()).isEmpty();
		assertThat(window.overflow()).isZero();
	}

	@Test
	void listsWhatItKeepsOldestFirst() {
		PublishedWindow window = new PublishedWindow(Duration.ofSeconds(5), 1 << 20);
		for (long seq = 1; seq <= 300; seq++) {
			window.add(acknowledged(seq, seq), seq);
		}
		List<PublishedEntry> entries = window.entries();
		assertThat(entries).hasSize(300);
		assertThat(entries.get(0).id()).isEqualTo("1-0");
		assertThat(entries.get(299).id()).isEqualTo("300-0");
		assertThat(window.events()).isEqualTo(300);
	}

}
