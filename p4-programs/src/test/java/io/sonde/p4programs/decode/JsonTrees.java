package io.sonde.p4programs.decode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Compares JSON documents field by field and names the first difference by its path, e.g.
 * {@code $.int.hops[2].egress_ts: expected 17 but was 18}. Key order counts: the output
 * schema fixes it.
 */
final class JsonTrees {

	private static final ObjectMapper MAPPER = new ObjectMapper()
		.enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

	private JsonTrees() {
	}

	static JsonNode parse(String json) {
		try {
			return MAPPER.readTree(json);
		}
		catch (JsonProcessingException ex) {
			throw new AssertionError("not JSON: " + json, ex);
		}
	}

	/**
	 * The first difference, or empty when the documents are equal including key order.
	 */
	static Optional<String> firstDifference(String expected, String actual) {
		return firstDifference("$", parse(expected), parse(actual));
	}

	static Optional<String> firstDifference(String path, JsonNode expected, JsonNode actual) {
		if (expected.getNodeType() != actual.getNodeType()) {
			return Optional.of(path + ": expected " + expected + " but was " + actual);
		}
		if (expected.isObject()) {
			return objectDifference(path, expected, actual);
		}
		if (expected.isArray()) {
			for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
				Optional<String> difference = firstDifference(path + "[" + i + "]", expected.get(i), actual.get(i));
				if (difference.isPresent()) {
					return difference;
				}
			}
			return (expected.size() == actual.size()) ? Optional.empty()
					: Optional.of(path + ": expected " + expected.size() + " elements but was " + actual.size());
		}
		return expected.equals(actual) ? Optional.empty()
				: Optional.of(path + ": expected " + expected + " but was " + actual);
	}

	private static Optional<String> objectDifference(String path, JsonNode expected, JsonNode actual) {
		List<String> expectedKeys = keys(expected);
		List<String> actualKeys = keys(actual);
		for (String key : expectedKeys) {
			if (!actual.has(key)) {
				return Optional.of(path + "." + key + ": missing");
			}
			Optional<String> difference = firstDifference(path + "." + key, expected.get(key), actual.get(key));
			if (difference.isPresent()) {
				return difference;
			}
		}
		for (String key : actualKeys) {
			if (!expected.has(key)) {
				return Optional.of(path + "." + key + ": not expected, was " + actual.get(key));
			}
		}
		return expectedKeys.equals(actualKeys) ? Optional.empty()
				: Optional.of(path + ": keys in order " + actualKeys + ", expected " + expectedKeys);
	}

	private static List<String> keys(JsonNode node) {
		List<String> keys = new ArrayList<>();
		for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
			keys.add(fields.next().getKey());
		}
		return keys;
	}

}
