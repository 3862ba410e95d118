package io.sonde.javacollector.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Events into version-2 entries: the origin once, a line an event, the seqs as runs. */
class PublishedEntryTests {

	@Test
	void groupsEventsOfOneOriginIntoEntriesOfAtMostTheBatchInOrder() {
		List<PublishedEntry> entries = PublishedEntry.group(events("7", 1, 5), 2);

		assertThat(entries).extracting(PublishedEntry::count).containsExactly(2, 2, 1);
		assertThat(entries).extracting(PublishedEntry::seqs).containsExactly("1-2", "3-4", "5");
		assertThat(entries.get(0).fields()).containsEntry("v", "2")
			.containsEntry("collector", "java")
			.containsEntry("run", "7")
			.containsEntry("count", "2")
			.containsEntry("events", "seq=1 kind=changed\nseq=2 kind=changed\n");
		assertThat(entries.get(0).fields().keySet()).containsExactly("v", "collector", "node", "ifname", "run", "count",
				"events");
		assertThat(entries.get(0).origin()).isEqualTo("java/node-a/udp/7");
	}

	@Test
	void startsANewEntryWhereTheOriginChanges() {
		List<Map<String, String>> events = events("7", 1, 2);
		events.addAll(events("8", 1, 2));

		assertThat(PublishedEntry.group(events, 256)).extracting(PublishedEntry::origin)
			.containsExactly("java/node-a/udp/7", "java/node-a/udp/8");
	}

	@Test
	void listsTheSeqsAsRunsAroundAGap() {
		List<Map<String, String>> events = events("7", 1, 3);
		events.addAll(events("7", 6, 1));
		events.addAll(events("7", 9, 2));

		assertThat(PublishedEntry.group(events, 256)).singleElement()
			.satisfies((entry) -> assertThat(entry.seqs()).isEqualTo("1-3,6,9-10"));
	}

	/**
	 * {@code n} events from seq {@code first} of one run, as {@link EventFields} lays
	 * them out.
	 */
	static List<Map<String, String>> events(String run, long first, int n) {
		List<Map<String, String>> events = new ArrayList<>();
		for (long seq = first; seq < first + n; seq++) {
			Map<String, String> event = new LinkedHashMap<>();
			event.put("v", "2");
			event.put("collector", "java");
			event.put("node", "node-a");
			event.put("ifname", "udp");
			event.put("run", run);
			event.put("seq", Long.toString(seq));
			event.put("kind", "changed");
			events.add(event);
		}
		return events;
	}

}
