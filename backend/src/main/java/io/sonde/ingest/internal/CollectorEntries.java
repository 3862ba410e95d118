package io.sonde.ingest.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import io.sonde.ingest.CollectorEventKind;
import io.sonde.ingest.CollectorMetric;

/**
 * An entry of {@code sonde:stream:events} (xdp-collector/REDIS_CONTRACT.md) to
 * {@link TelemetryEvent}s, checking every field the contract gives: version 2, a batch of
 * events one per line of its {@code events} field, and version 1, one event per entry,
 * which collectors not yet upgraded still write. Fields it does not know are ignored, as
 * the contract asks.
 */
final class CollectorEntries {

	private CollectorEntries() {
	}

	/**
	 * Every event of one entry; a line that breaks the contract is rejected alone, an
	 * entry that does (no version, a count that does not match its lines) whole.
	 */
	static EntryEvents read(Map<String, String> entry) {
		EntryEvents out = new EntryEvents();
		String version = entry.get("v");
		if ("1".equals(version)) {
			try {
				out.events.add(event(entry::get, EntryOrigin.of(entry::get)));
			}
			catch (MalformedEntry ex) {
				out.rejected.add(new Rejected(-1, null, ex));
			}
			return out;
		}
		try {
			if (version == null) {
				throw new MalformedEntry(DeadLetterReason.MISSING_FIELD, "v", "missing");
			}
			if (!"2".equals(version)) {
				throw new MalformedEntry(DeadLetterReason.WRONG_VERSION, "v",
						"contract version " + version + ", not 1 or 2");
			}
			// The origin fields are the entry's: checked once, shared by its events.
			EntryOrigin origin = EntryOrigin.of(entry::get);
			long count = unsigned(entry::get, "count");
			List<EventLine> lines = EventLine.split(required(entry::get, "events"));
			if (count != lines.size()) {
				throw new MalformedEntry(DeadLetterReason.BAD_BATCH, "count",
						"says " + count + " events, the entry holds " + lines.size() + " lines");
			}
			for (int i = 0; i < lines.size(); i++) {
				EventLine line = lines.get(i);
				try {
					out.events.add(event(line, origin));
				}
				catch (MalformedEntry ex) {
					out.rejected.add(new Rejected(i, line.text(), ex));
				}
			}
		}
		catch (MalformedEntry ex) {
			out.events.clear();
			out.rejected.clear();
			out.rejected.add(new Rejected(-1, null, ex));
		}
		return out;
	}

	/** The events of one entry and what in it broke the contract. */
	static final class EntryEvents {

		final List<TelemetryEvent> events = new ArrayList<>();

		final List<Rejected> rejected = new ArrayList<>();

	}

	/**
	 * What broke the contract: one line ({@code index} from 0, its text) or the whole
	 * entry ({@code index} -1).
	 */
	record Rejected(int index, String line, MalformedEntry cause) {

	}

	/**
	 * An event's fields by name: a version-1 entry, or a version-2 line
	 * ({@link EventLine}, which parses numbers without making strings of them).
	 */
	interface Fields {

		/** The field's text; null when absent. */
		String get(String name) throws MalformedEntry;

		/** A required unsigned decimal. */
		default long unsigned(String name) throws MalformedEntry {
			return parseUnsigned(name, required(this, name));
		}

		/** An unsigned decimal; null when absent. */
		default Long optionalUnsigned(String name) throws MalformedEntry {
			String value = get(name);
			return (value != null) ? parseUnsigned(name, value) : null;
		}

	}

	/**
	 * Whose events an entry holds: {@code <collector>/<node>/<ifname>/<run>/}, the prefix
	 * of its events' origins, and {@code <collector>:<node>/<ifname>}, their source; the
	 * collector kind is {@code xdp} when the entry does not name one (the XDP daemon), or
	 * {@code java} (the backend's UDP collector). Made once an entry, so its events share
	 * one source string (hashed once where sources are looked up).
	 */
	record EntryOrigin(String originPrefix, String source) {

		private static final java.util.regex.Pattern COLLECTOR = java.util.regex.Pattern
			.compile("[a-z][a-z0-9_]{0,15}");

		static EntryOrigin of(Fields fields) throws MalformedEntry {
			String collector = fields.get("collector");
			if (collector == null) {
				collector = "xdp";
			}
			else if (!COLLECTOR.matcher(collector).matches()) {
				throw new MalformedEntry(DeadLetterReason.ILL_TYPED_FIELD, "collector",
						"not a collector kind ([a-z][a-z0-9_]{0,15}): " + collector);
			}
			String node = text(fields, "node");
			String ifname = text(fields, "ifname");
			long run = unsigned(fields, "run");
			return new EntryOrigin(collector + "/" + node + "/" + ifname + "/" + Long.toUnsignedString(run) + "/",
					collector + ":" + node + "/" + ifname);
		}

	}

	private static TelemetryEvent event(Fields fields, EntryOrigin origin) throws MalformedEntry {
		long seq = unsigned(fields, "seq");
		String kindName = required(fields, "kind");
		CollectorEventKind kind;
		try {
			kind = CollectorEventKind.ofWireName(kindName);
		}
		catch (IllegalArgumentException ex) {
			throw new MalformedEntry(DeadLetterReason.UNKNOWN_KIND, "kind", "unknown kind " + kindName);
		}
		String metricName = required(fields, "metric");
		CollectorMetric metric;
		try {
			metric = CollectorMetric.ofWireName(metricName);
		}
		catch (IllegalArgumentException ex) {
			throw new MalformedEntry(DeadLetterReason.UNKNOWN_METRIC, "metric", "unknown metric " + metricName);
		}
		// The store keeps nanoseconds in a signed 64-bit time (db-migrations V4):
		// up to 2262.
		long tsNs = bounded(fields, "ts_ns", Long.MAX_VALUE);
		double value = asDouble(unsigned(fields, "value"));
		double previous = asDouble(unsigned(fields, "previous"));

		EventFlow flow = null;
		Long switchId = null;
		Long queueId = null;
		Long port = null;
		List<Long> path = List.of();
		String key;
		switch (metric) {
			case FLOW_PATH, FLOW_LATENCY -> {
				flow = flow(fields);
				if (metric == CollectorMetric.FLOW_PATH) {
					path = path(fields);
				}
				key = flow.toString();
			}
			case HOP_LATENCY -> {
				flow = flow(fields);
				switchId = unsigned(fields, "switch_id");
				key = flow + "@" + Long.toUnsignedString(switchId);
			}
			case QUEUE_OCCUPANCY, QUEUE_CONGESTION -> {
				switchId = unsigned(fields, "switch_id");
				queueId = unsigned(fields, "queue_id");
				key = "switch=" + Long.toUnsignedString(switchId) + "/queue=" + Long.toUnsignedString(queueId);
			}
			case LINK_UTILIZATION -> {
				switchId = unsigned(fields, "switch_id");
				port = unsigned(fields, "egress_id");
				key = "switch=" + Long.toUnsignedString(switchId) + "/port=" + Long.toUnsignedString(port);
			}
			default -> throw new IllegalStateException("unhandled metric " + metric);
		}
		TelemetryEvent.ReportRef report = null;
		Long reportSeq = optionalUnsigned(fields, "report_seq");
		Long reportHwId = optionalUnsigned(fields, "report_hw_id");
		Long reportNode = optionalUnsigned(fields, "report_node_id");
		if (reportSeq != null || reportHwId != null || reportNode != null) {
			if (reportHwId != null && reportHwId > 63) {
				throw new MalformedEntry(DeadLetterReason.ILL_TYPED_FIELD, "report_hw_id",
						"over 6 bits: " + reportHwId);
			}
			report = new TelemetryEvent.ReportRef(reportNode, reportSeq,
					(reportHwId != null) ? reportHwId.intValue() : null);
		}
		Instant detectedAt = Instant.ofEpochSecond(Long.divideUnsigned(tsNs, 1_000_000_000L),
				Long.remainderUnsigned(tsNs, 1_000_000_000L));
		boolean newKey = kind == CollectorEventKind.NEW_KEY;
		return new TelemetryEvent(null, origin.originPrefix() + Long.toUnsignedString(seq), origin.source(), detectedAt,
				newKey ? EventKind.NEW_KEY : EventKind.CHANGED, metric.wireName(), key, value, newKey ? null : previous,
				switchId, queueId, port, flow, path, report);
	}

	private static EventFlow flow(Fields fields) throws MalformedEntry {
		String src = address(fields, "src_ip");
		String dst = address(fields, "dst_ip");
		int srcPort = (int) bounded(fields, "src_port", 0xFFFF);
		int dstPort = (int) bounded(fields, "dst_port", 0xFFFF);
		int protocol = (int) bounded(fields, "protocol", 0xFF);
		return new EventFlow(src, dst, srcPort, dstPort, protocol);
	}

	private static List<Long> path(Fields fields) throws MalformedEntry {
		String text = required(fields, "path");
		List<Long> path = new ArrayList<>();
		for (String sw : text.split(",", -1)) {
			path.add(parseUnsigned("path", sw));
		}
		return path;
	}

	private static String address(Fields fields, String name) throws MalformedEntry {
		String text = required(fields, name);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			boolean ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == '.'
					|| c == ':';
			if (!ok) {
				throw new MalformedEntry(DeadLetterReason.ILL_TYPED_FIELD, name, "not an IP address: " + text);
			}
		}
		if (text.isEmpty()) {
			throw new MalformedEntry(DeadLetterReason.ILL_TYPED_FIELD, name, "empty");
		}
		return text;
	}

	private static String required(Fields fields, String name) throws MalformedEntry {
		String value = fields.get(name);
		if (value == null) {
			throw missing(name);
		}
		return value;
	}

	static MalformedEntry missing(String name) {
		return new MalformedEntry(DeadLetterReason.MISSING_FIELD, name, "missing");
	}

	/** Text that goes into an origin: no '/' that would make two origins equal. */
	private static String text(Fields fields, String name) throws MalformedEntry {
		String value = required(fields, name);
		if (value.isEmpty() || value.indexOf('/') >= 0) {
			throw new MalformedEntry(DeadLetterReason.ILL_TYPED_FIELD, name, "empty or contains '/': " + value);
		}
		return value;
	}

	private static long unsigned(Fields fields, String name) throws MalformedEntry {
		return fields.unsigned(name);
	}

	private static Long optionalUnsigned(Fields fields, String name) throws MalformedEntry {
		return fields.optionalUnsigned(name);
	}

	private static long bounded(Fields fields, String name, long max) throws MalformedEntry {
		long value = unsigned(fields, name);
		if (Long.compareUnsigned(value, max) > 0) {
			throw new MalformedEntry(DeadLetterReason.ILL_TYPED_FIELD, name, "over " + max + ": " + value);
		}
		return value;
	}

	private static long parseUnsigned(String name, String text) throws MalformedEntry {
		return parseUnsigned(name, text, 0, text.length());
	}

	/**
	 * {@code text[from, to)} as an unsigned 64-bit decimal: digits only, no sign, no more
	 * than 64 bits. In place, so a contract line's numbers never become strings.
	 */
	static long parseUnsigned(String name, String text, int from, int to) throws MalformedEntry {
		if (from < to && to - from <= 18) {
			// Up to 18 digits cannot overflow: one pass, the common case.
			long value = 0;
			for (int i = from; i < to; i++) {
				int digit = text.charAt(i) - '0';
				if (digit < 0 || digit > 9) {
					throw notUnsigned(name, text, from, to);
				}
				value = value * 10 + digit;
			}
			return value;
		}
		boolean digits = from < to && to - from <= 20;
		for (int i = from; digits && i < to; i++) {
			char c = text.charAt(i);
			digits = c >= '0' && c <= '9';
		}
		if (digits) {
			try {
				return Long.parseUnsignedLong(text, from, to, 10);
			}
			catch (NumberFormatException ex) {
				// over 64 bits: reported below
			}
		}
		throw notUnsigned(name, text, from, to);
	}

	private static MalformedEntry notUnsigned(String name, String text, int from, int to) {
		return new MalformedEntry(DeadLetterReason.ILL_TYPED_FIELD, name,
				"not an unsigned decimal: " + text.substring(from, to));
	}

	/** An unsigned 64-bit value as a double. */
	private static double asDouble(long unsigned) {
		return (unsigned >= 0) ? unsigned : ((double) (unsigned >>> 1)) * 2.0 + (unsigned & 1);
	}

}
