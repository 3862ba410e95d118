package io.sonde.topology.internal;

import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

import io.sonde.topology.TopologyRejected;

/**
 * Typed access to the fields of one JSON object of a topology document; every failure is
 * a {@link TopologyRejected} naming the field's JSON path.
 */
final class JsonFields {

	private final JsonNode node;

	private final String path;

	private JsonFields(JsonNode node, String path) {
		this.node = node;
		this.path = path;
	}

	/**
	 * The object at {@code path}, which may hold only {@code allowed} fields: the format
	 * makes unknown fields errors, so a misspelt one is reported instead of silently
	 * taking its default (TOPOLOGY_FORMAT.md, "Document").
	 */
	static JsonFields of(JsonNode node, String path, Set<String> allowed) {
		if (node == null || !node.isObject()) {
			throw new TopologyRejected(path, "must be a JSON object");
		}
		Iterator<String> names = node.fieldNames();
		while (names.hasNext()) {
			String field = names.next();
			if (!allowed.contains(field)) {
				throw new TopologyRejected(at(path, field), "is not a field of this format (allowed here: "
						+ String.join(", ", new TreeSet<>(allowed)) + ")");
			}
		}
		return new JsonFields(node, path);
	}

	String path() {
		return this.path;
	}

	String pathOf(String field) {
		return at(this.path, field);
	}

	boolean has(String field) {
		JsonNode value = this.node.get(field);
		return value != null && !value.isNull();
	}

	JsonNode get(String field) {
		return this.node.get(field);
	}

	String requiredText(String field) {
		String text = optionalText(field);
		if (text == null) {
			throw new TopologyRejected(pathOf(field), "is missing");
		}
		return text;
	}

	String optionalText(String field) {
		JsonNode value = this.node.get(field);
		if (value == null || value.isNull()) {
			return null;
		}
		if (!value.isTextual() || value.asText().isBlank()) {
			throw new TopologyRejected(pathOf(field), "must be a non-empty string");
		}
		return value.asText();
	}

	long requiredInteger(String field, long min, long max) {
		if (!has(field)) {
			throw new TopologyRejected(pathOf(field), "is missing");
		}
		return integer(field, min, max, 0);
	}

	long integer(String field, long min, long max, long fallback) {
		JsonNode value = this.node.get(field);
		if (value == null || value.isNull()) {
			return fallback;
		}
		if (!value.isIntegralNumber() || !value.canConvertToLong()) {
			throw new TopologyRejected(pathOf(field), "must be an integer, got " + value);
		}
		long number = value.longValue();
		if (number < min || number > max) {
			throw new TopologyRejected(pathOf(field), "must be within " + min + ".." + max + ", got " + number);
		}
		return number;
	}

	double probability(String field, double fallback) {
		JsonNode value = this.node.get(field);
		if (value == null || value.isNull()) {
			return fallback;
		}
		if (!value.isNumber()) {
			throw new TopologyRejected(pathOf(field), "must be a number, got " + value);
		}
		double number = value.doubleValue();
		if (!(number >= 0.0 && number <= 1.0)) {
			throw new TopologyRejected(pathOf(field), "must be within 0..1, got " + value);
		}
		return number;
	}

	static String at(String path, String field) {
		return path.isEmpty() ? field : path + "." + field;
	}

}
