package io.sonde.events.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.sonde.events.TelemetryEvent;

/**
 * Events as a live-stream entry and back: one field, {@code events}, the events one per
 * line ({@link LiveEventCodec}), at most {@link #MAX_EVENTS} of them, and
 * {@link #SOURCES}. One entry per batch rather than per event: Redis and its client pay
 * per entry and per field, and the ingest appends up to 200,000 events a second (make
 * bench-ingest). An event's id is its entry's id and its place in it ({@link EventId}).
 */
final class LiveEntries {

	static final String FIELD = "events";

	/**
	 * The distinct sources of the entry's events, comma-separated: the tail skips
	 * decoding an entry no client's source filter wants.
	 */
	static final String SOURCES = "sources";

	/** Events per entry: small enough that a resume re-reads little. */
	static final int MAX_EVENTS = 200;

	/** The field of the entries written before batching: one event each, as JSON. */
	private static final String SINGLE_FIELD = "event";

	private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

	private LiveEntries() {
	}

	/** The entries of a batch, up to {@link #MAX_EVENTS} events each, in its order. */
	static List<Map<String, byte[]>> of(List<TelemetryEvent> events) {
		List<Map<String, byte[]>> entries = new ArrayList<>(events.size() / MAX_EVENTS + 1);
		for (int from = 0; from < events.size(); from += MAX_EVENTS) {
			entries.add(fields(events.subList(from, Math.min(events.size(), from + MAX_EVENTS))));
		}
		return entries;
	}

	/**
	 * One entry's fields for {@code events}, UTF-8 (ids are not written: the entry gives
	 * them).
	 */
	static Map<String, byte[]> fields(List<TelemetryEvent> events) {
		Set<String> sources = new LinkedHashSet<>();
		StringBuilder lines = new StringBuilder(events.size() * 300);
		String lastSource = null;
		for (TelemetryEvent event : events) {
			// A collector's events share one source string: added once a run of them.
			if (event.source() != lastSource) {
				lastSource = event.source();
				sources.add(lastSource);
			}
			LiveEventCodec.write(lines, event);
		}
		// Encoded here: String.getBytes copies ASCII text whole, where the Redis client's
		// string codec encodes it a character at a time (a tenth of the ingest's time).
		return Map.of(FIELD, lines.toString().getBytes(StandardCharsets.UTF_8), SOURCES,
				String.join(",", sources).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * False when no event of the entry can be of {@code source}; true when it may be, or
	 * when the entry does not say.
	 */
	static boolean mayHoldSource(Map<String, String> fields, String source) {
		String sources = fields.get(SOURCES);
		if (sources == null) {
			return true;
		}
		for (String one : sources.split(",")) {
			if (one.equals(source)) {
				return true;
			}
		}
		return false;
	}

	/** The events of entry {@code id}, each with its {@link EventId}. */
	static List<TelemetryEvent> events(String id, Map<String, String> fields) {
		try {
			String batch = fields.get(FIELD);
			if (batch != null) {
				return LiveEventCodec.read(id, batch);
			}
			String single = fields.get(SINGLE_FIELD);
			if (single != null) {
				return List.of(JSON.readValue(single, TelemetryEvent.class).withId(EventId.text(id, 0)));
			}
		}
		catch (JsonProcessingException ex) {
			throw new IllegalArgumentException("not an event: " + ex.getOriginalMessage(), ex);
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException("not events: " + ex.getMessage(), ex);
		}
		throw new IllegalArgumentException("neither an '" + FIELD + "' nor an '" + SINGLE_FIELD + "' field");
	}

}
