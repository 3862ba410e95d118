package io.sonde.javacollector.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One version-2 entry of the events stream: the origin fields once, {@code count}, and
 * each event as a line of {@code events}, as the daemon writes it. Once Redis
 * acknowledged it, it carries the id Redis gave it and stays in the
 * {@link PublishedWindow} for a while, so that a Redis that forgot it gets it again with
 * the same fields.
 */
final class PublishedEntry {

	/** What a kept entry costs beyond its characters: the objects that hold them. */
	static final int OVERHEAD_BYTES = 256;

	private final Map<String, String> fields;

	private final int count;

	private final String seqs;

	private String id;

	private long ackedMillis;

	private PublishedEntry(Map<String, String> fields, int count, String seqs) {
		this.fields = fields;
		this.count = count;
		this.seqs = seqs;
	}

	/**
	 * Groups events (each its origin and own fields, {@link EventFields#of}) into entries
	 * of up to {@code perEntry} events of one origin, in order.
	 */
	static List<PublishedEntry> group(List<Map<String, String>> events, int perEntry) {
		List<PublishedEntry> entries = new ArrayList<>();
		int from = 0;
		while (from < events.size()) {
			int to = from + 1;
			while (to < events.size() && to - from < perEntry && sameOrigin(events.get(from), events.get(to))) {
				to++;
			}
			entries.add(of(events.subList(from, to)));
			from = to;
		}
		return entries;
	}

	private static boolean sameOrigin(Map<String, String> one, Map<String, String> other) {
		for (String name : EventFields.ORIGIN) {
			if (!Objects.equals(one.get(name), other.get(name))) {
				return false;
			}
		}
		return true;
	}

	private static PublishedEntry of(List<Map<String, String>> events) {
		StringBuilder lines = new StringBuilder(events.size() * 280);
		SeqRuns seqs = new SeqRuns();
		for (Map<String, String> event : events) {
			event.forEach((name, value) -> {
				if (!EventFields.ORIGIN.contains(name)) {
					lines.append(name).append('=').append(value).append(' ');
				}
			});
			lines.setCharAt(lines.length() - 1, '\n');
			seqs.add(Long.parseLong(event.get("seq")));
		}
		Map<String, String> fields = new LinkedHashMap<>();
		for (String name : EventFields.ORIGIN) {
			fields.put(name, events.get(0).get(name));
		}
		fields.put("count", Integer.toString(events.size()));
		fields.put("events", lines.toString());
		return new PublishedEntry(fields, events.size(), seqs.finish());
	}

	/** The stream entry's fields, in the order they are written. */
	Map<String, String> fields() {
		return this.fields;
	}

	/** Events in the entry. */
	int count() {
		return this.count;
	}

	/** The events' seqs as runs: {@code 1-256}, or {@code 1-9,11-256} around a gap. */
	String seqs() {
		return this.seqs;
	}

	/**
	 * {@code <collector>/<node>/<ifname>/<run>}: with {@code /<seq>}, an event's origin.
	 */
	String origin() {
		return this.fields.get("collector") + "/" + this.fields.get("node") + "/" + this.fields.get("ifname") + "/"
				+ this.fields.get("run");
	}

	/** The id Redis gave it, once acknowledged (re-published: the latest). */
	String id() {
		return this.id;
	}

	void acknowledged(String id, long nowMillis) {
		this.id = id;
		this.ackedMillis = nowMillis;
	}

	/** Re-published under this id (its old one, or a new one). */
	void republishedAs(String id) {
		this.id = id;
	}

	long ackedMillis() {
		return this.ackedMillis;
	}

	/** What keeping it costs, about: one byte a character (ASCII) and its objects. */
	long bytes() {
		long bytes = OVERHEAD_BYTES;
		for (Map.Entry<String, String> field : this.fields.entrySet()) {
			bytes += field.getKey().length() + field.getValue().length();
		}
		return bytes + this.seqs.length();
	}

	/** Consecutive seqs as {@code first-last} runs, comma-separated. */
	private static final class SeqRuns {

		private final StringBuilder text = new StringBuilder();

		private long first = -1;

		private long last = -1;

		void add(long seq) {
			if (this.first >= 0 && seq == this.last + 1) {
				this.last = seq;
				return;
			}
			close();
			this.first = seq;
			this.last = seq;
		}

		private void close() {
			if (this.first < 0) {
				return;
			}
			if (!this.text.isEmpty()) {
				this.text.append(',');
			}
			this.text.append(this.first);
			if (this.last != this.first) {
				this.text.append('-').append(this.last);
			}
		}

		String finish() {
			close();
			this.first = -1;
			return this.text.toString();
		}

	}

}
