package io.sonde.events.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;

/**
 * An event as one line of a live-stream entry: {@code name=value} pairs separated by
 * spaces, the shape of the collectors' contract lines, written and read by hand: Jackson
 * costs more per event, and the live stream carries every ingested event (make
 * bench-ingest, docs/BENCHMARKS.md). Values are percent-escaped ({@code %}, space,
 * {@code =}, newline); the detection time is Unix epoch nanoseconds (to the year 2262);
 * absent attributes are left out.
 */
final class LiveEventCodec {

	private LiveEventCodec() {
	}

	static void write(StringBuilder out, TelemetryEvent event) {
		text(out, "origin", event.origin());
		text(out, "source", event.source());
		Instant at = event.detectedAt();
		out.append("ts=").append(at.getEpochSecond() * 1_000_000_000L + at.getNano()).append(' ');
		out.append("kind=").append(event.kind().name()).append(' ');
		text(out, "metric", event.metric());
		text(out, "key", event.key());
		out.append("value=");
		decimal(out, event.value());
		if (event.previous() != null) {
			out.append("previous=");
			decimal(out, event.previous());
		}
		number(out, "switch", event.switchId());
		number(out, "queue", event.queueId());
		number(out, "port", event.port());
		EventFlow flow = event.flow();
		if (flow != null) {
			text(out, "src", flow.srcIp());
			text(out, "dst", flow.dstIp());
			out.append("sport=").append(flow.srcPort()).append(' ');
			out.append("dport=").append(flow.dstPort()).append(' ');
			out.append("proto=").append(flow.protocol()).append(' ');
		}
		if (!event.path().isEmpty()) {
			out.append("path=");
			for (int i = 0; i < event.path().size(); i++) {
				out.append((i == 0) ? "" : ",").append(event.path().get(i).longValue());
			}
			out.append(' ');
		}
		TelemetryEvent.ReportRef report = event.report();
		if (report != null) {
			number(out, "rnode", report.nodeId());
			number(out, "rseq", report.sequence());
			number(out, "rhw", (report.hwId() != null) ? report.hwId().longValue() : null);
		}
		out.setCharAt(out.length() - 1, '\n');
	}

	private static void text(StringBuilder out, String name, String value) {
		out.append(name).append('=');
		if (!needsEscaping(value)) {
			// The common case, appended whole rather than char by char.
			out.append(value).append(' ');
			return;
		}
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			switch (c) {
				case '%' -> out.append("%25");
				case ' ' -> out.append("%20");
				case '=' -> out.append("%3D");
				case '\n' -> out.append("%0A");
				default -> out.append(c);
			}
		}
		out.append(' ');
	}

	/**
	 * Whether the value holds a character {@link #text} escapes. Every value of every
	 * event passes through here: four {@code indexOf} scans, which the JIT turns into
	 * vector compares, rather than one loop testing a character at a time (that loop
	 * stood out in the ingest thread's profile, make bench-ingest under JFR).
	 */
	private static boolean needsEscaping(String value) {
		return value.indexOf(' ') >= 0 || value.indexOf('=') >= 0 || value.indexOf('%') >= 0
				|| value.indexOf('\n') >= 0;
	}

	/**
	 * A whole value as an integer ({@code 250}, what most metrics are, without the cost
	 * of rendering a double); any other, -0.0 included, as Java writes a double.
	 */
	private static void decimal(StringBuilder out, double value) {
		long whole = (long) value;
		if (whole == value && Math.abs(whole) < (1L << 53) && (whole != 0 || Double.doubleToRawLongBits(value) == 0)) {
			out.append(whole);
		}
		else {
			out.append(value);
		}
		out.append(' ');
	}

	private static void number(StringBuilder out, String name, Long value) {
		if (value != null) {
			out.append(name).append('=').append(value.longValue()).append(' ');
		}
	}

	/** Every event of entry {@code entryId}'s text, each with its {@link EventId}. */
	static List<TelemetryEvent> read(String entryId, String text) {
		List<TelemetryEvent> events = new ArrayList<>();
		int start = 0;
		while (start < text.length()) {
			int end = text.indexOf('\n', start);
			if (end < 0) {
				end = text.length();
			}
			if (end > start) {
				events.add(readLine(EventId.text(entryId, events.size()), text, start, end));
			}
			start = end + 1;
		}
		return events;
	}

	private static TelemetryEvent readLine(String id, String text, int from, int to) {
		Fields f = new Fields();
		int start = from;
		while (start < to) {
			int end = text.indexOf(' ', start);
			if (end < 0 || end > to) {
				end = to;
			}
			int equals = text.indexOf('=', start);
			if (equals < 0 || equals >= end) {
				throw new IllegalArgumentException("not a name=value pair at " + start);
			}
			f.set(text.substring(start, equals), text, equals + 1, end);
			start = end + 1;
		}
		EventFlow flow = (f.src != null) ? new EventFlow(f.src, f.dst, (int) f.sport, (int) f.dport, (int) f.proto)
				: null;
		TelemetryEvent.ReportRef report = (f.rnode != null || f.rseq != null || f.rhw != null)
				? new TelemetryEvent.ReportRef(f.rnode, f.rseq, (f.rhw != null) ? f.rhw.intValue() : null) : null;
		return new TelemetryEvent(id, f.origin, f.source, f.ts, f.kind, f.metric, f.key, f.value, f.previous, f.sw,
				f.queue, f.port, flow, f.path, report);
	}

	/** The attributes of one line as they are read. */
	private static final class Fields {

		String origin;

		String source;

		Instant ts;

		EventKind kind;

		String metric;

		String key;

		double value;

		Double previous;

		Long sw;

		Long queue;

		Long port;

		String src;

		String dst;

		long sport;

		long dport;

		long proto;

		List<Long> path = List.of();

		Long rnode;

		Long rseq;

		Long rhw;

		void set(String name, String text, int from, int to) {
			switch (name) {
				case "origin" -> this.origin = unescape(text, from, to);
				case "source" -> this.source = unescape(text, from, to);
				case "ts" -> {
					long nanos = Long.parseLong(text, from, to, 10);
					this.ts = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
							Math.floorMod(nanos, 1_000_000_000L));
				}
				case "kind" -> this.kind = EventKind.valueOf(text.substring(from, to));
				case "metric" -> this.metric = unescape(text, from, to);
				case "key" -> this.key = unescape(text, from, to);
				case "value" -> this.value = Double.parseDouble(text.substring(from, to));
				case "previous" -> this.previous = Double.parseDouble(text.substring(from, to));
				case "switch" -> this.sw = Long.parseLong(text, from, to, 10);
				case "queue" -> this.queue = Long.parseLong(text, from, to, 10);
				case "port" -> this.port = Long.parseLong(text, from, to, 10);
				case "src" -> this.src = unescape(text, from, to);
				case "dst" -> this.dst = unescape(text, from, to);
				case "sport" -> this.sport = Long.parseLong(text, from, to, 10);
				case "dport" -> this.dport = Long.parseLong(text, from, to, 10);
				case "proto" -> this.proto = Long.parseLong(text, from, to, 10);
				case "path" -> {
					List<Long> switches = new ArrayList<>();
					int start = from;
					while (start < to) {
						int comma = text.indexOf(',', start);
						int end = (comma < 0 || comma > to) ? to : comma;
						switches.add(Long.parseLong(text, start, end, 10));
						start = end + 1;
					}
					this.path = switches;
				}
				case "rnode" -> this.rnode = Long.parseLong(text, from, to, 10);
				case "rseq" -> this.rseq = Long.parseLong(text, from, to, 10);
				case "rhw" -> this.rhw = Long.parseLong(text, from, to, 10);
				default -> {
					// A name a newer backend writes: left for it.
				}
			}
		}

		private static String unescape(String text, int from, int to) {
			boolean escaped = false;
			for (int i = from; i < to && !escaped; i++) {
				escaped = text.charAt(i) == '%';
			}
			if (!escaped) {
				return text.substring(from, to);
			}
			StringBuilder out = new StringBuilder(to - from);
			for (int i = from; i < to; i++) {
				char c = text.charAt(i);
				if (c == '%' && i + 2 < to) {
					out.append((char) Integer.parseInt(text, i + 1, i + 3, 16));
					i += 2;
				}
				else {
					out.append(c);
				}
			}
			return out.toString();
		}

	}

}
