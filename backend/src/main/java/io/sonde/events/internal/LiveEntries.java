package io.sonde.events.internal;

import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.sonde.events.TelemetryEvent;

/**
 * A {@link TelemetryEvent} as a live-stream entry and back: one field, {@code event}, the
 * event as JSON (detection time ISO-8601 to the nanosecond). One field rather than one
 * per attribute: the entry is encoded, stored and decoded once per event at ingest rates,
 * and Redis and the client pay per field (measured with make bench-ingest).
 */
final class LiveEntries {

	static final String FIELD = "event";

	private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
		.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

	private LiveEntries() {
	}

	static Map<String, String> fields(TelemetryEvent event) {
		try {
			return Map.of(FIELD, JSON.writeValueAsString(event.withId(null)));
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write an event as JSON", ex);
		}
	}

	static TelemetryEvent event(String id, Map<String, String> fields) {
		String json = fields.get(FIELD);
		if (json == null) {
			throw new IllegalArgumentException("no '" + FIELD + "' field");
		}
		try {
			return JSON.readValue(json, TelemetryEvent.class).withId(id);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalArgumentException("not an event: " + ex.getOriginalMessage(), ex);
		}
	}

}
