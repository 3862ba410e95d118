package io.sonde.store.internal.influxdb;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.store.LineProtocolStrings;
import io.sonde.store.MetricPoint;

/**
 * Points as InfluxDB line protocol, rendered straight into one buffer: the client's
 * {@code Point} sorts tags in a tree map and escapes through regular expressions, which
 * cost more than the store's own parsing at ingest rates (make bench-ingest). Same output
 * rules: names escaped, strings quoted, integers with {@code i}, non-finite floats left
 * out (line protocol has none), a point without a field left out.
 */
final class LineProtocol {

	private LineProtocol() {
	}

	static String of(List<MetricPoint> points) {
		StringBuilder out = new StringBuilder(points.size() * 200);
		for (MetricPoint point : points) {
			append(out, point);
		}
		return out.toString();
	}

	private static void append(StringBuilder out, MetricPoint point) {
		int start = out.length();
		name(out, point.measurement(), false);
		for (Map.Entry<String, String> tag : point.tags().entrySet()) {
			if (tag.getValue() == null || tag.getValue().isEmpty()) {
				continue;
			}
			out.append(',');
			name(out, tag.getKey(), true);
			out.append('=');
			name(out, tag.getValue(), true);
		}
		char separator = ' ';
		for (Map.Entry<String, Object> field : point.fields().entrySet()) {
			int before = out.length();
			out.append(separator);
			name(out, field.getKey(), true);
			out.append('=');
			if (!value(out, field.getValue())) {
				out.setLength(before);
				continue;
			}
			separator = ',';
		}
		if (separator == ' ') {
			out.setLength(start);
			return;
		}
		Instant time = point.time();
		out.append(' ').append(time.getEpochSecond() * 1_000_000_000L + time.getNano()).append('\n');
	}

	/** False when the value has no line-protocol form (NaN, infinities). */
	private static boolean value(StringBuilder out, Object value) {
		if (value instanceof Double || value instanceof Float) {
			double number = ((Number) value).doubleValue();
			if (!Double.isFinite(number)) {
				return false;
			}
			double magnitude = Math.abs(number);
			if (magnitude == 0 || (magnitude >= 1e-3 && magnitude < 1e7)) {
				out.append(number);
			}
			else {
				out.append(BigDecimal.valueOf(number).toPlainString());
			}
		}
		else if (value instanceof Number number) {
			out.append(number.longValue()).append('i');
		}
		else if (value instanceof Boolean flag) {
			out.append(flag.booleanValue());
		}
		else {
			LineProtocolStrings.appendQuoted(out, String.valueOf(value));
		}
		return true;
	}

	/**
	 * A measurement (commas and spaces escaped) or a tag or field name or tag value (also
	 * '=').
	 */
	private static void name(StringBuilder out, String text, boolean escapeEquals) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == ',' || c == ' ' || (escapeEquals && c == '=')) {
				out.append('\\');
			}
			else if (c == '\n') {
				// A newline would end the point: line protocol cannot carry one here.
				out.append("\\n");
				continue;
			}
			out.append(c);
		}
	}

}
