package io.sonde.store.internal.continuity;

import java.time.Instant;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.sonde.store.RedisDataLoss;
import io.sonde.store.RedisEpoch;

/** The epoch and the loss record as JSON strings in Redis. */
final class ContinuityCodec {

	private final ObjectMapper json;

	private final ObjectReader epochs;

	private final ObjectReader losses;

	ContinuityCodec(ObjectMapper json) {
		this.json = json;
		// Fields a later version adds are no reason to take an epoch for a foreign one.
		this.epochs = json.readerFor(RedisEpoch.class).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
		this.losses = json.readerFor(RedisDataLoss.class).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
	}

	String write(Object value) {
		try {
			return this.json.writeValueAsString(value);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write " + value + " as JSON", ex);
		}
	}

	/**
	 * The epoch, or null when there is none. Text this version cannot read (written by
	 * hand, or by another program) is an epoch of its own: not the one Sonde knew.
	 */
	RedisEpoch epoch(String text) {
		if (text == null) {
			return null;
		}
		try {
			RedisEpoch epoch = this.epochs.readValue(text);
			if (epoch.id() != null) {
				return epoch;
			}
		}
		catch (JsonProcessingException ex) {
			// Falls through: an unreadable epoch is still an epoch, just not ours.
		}
		return new RedisEpoch("unreadable: " + text, Instant.EPOCH, "unknown", null, null);
	}

	/** The loss record, or null when there is none or it cannot be read. */
	RedisDataLoss loss(String text) {
		if (text == null) {
			return null;
		}
		try {
			return this.losses.readValue(text);
		}
		catch (JsonProcessingException ex) {
			return new RedisDataLoss(Instant.EPOCH, "unknown", "unreadable loss record: " + text, null, null,
					java.util.List.of());
		}
	}

}
