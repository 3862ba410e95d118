package io.sonde.core.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A module's records kept as JSON in Redis, with Redis failing as the module's own error:
 * each store keeps its keys and types, and says what its callers catch when Redis does
 * not answer ({@code notStored}), with or without the operation that failed.
 */
public final class RedisJson {

	private final StringRedisTemplate redis;

	private final ObjectMapper json;

	private final BiFunction<String, DataAccessException, ? extends RuntimeException> notStored;

	/**
	 * @param notStored the module's error for a Redis that did not answer, with its cause
	 */
	public RedisJson(StringRedisTemplate redis, ObjectMapper json,
			Function<DataAccessException, ? extends RuntimeException> notStored) {
		this(redis, json, (what, ex) -> notStored.apply(ex));
	}

	/**
	 * @param notStored the module's error for a Redis that did not answer, from what was
	 * being done (as named to {@link #call(String, Supplier)}; null when unnamed) and the
	 * cause
	 */
	public RedisJson(StringRedisTemplate redis, ObjectMapper json,
			BiFunction<String, DataAccessException, ? extends RuntimeException> notStored) {
		this.redis = redis;
		this.json = json;
		this.notStored = notStored;
	}

	/** The template, for what a store does beyond JSON values (inside {@link #call}). */
	public StringRedisTemplate redis() {
		return this.redis;
	}

	/** Runs an operation on Redis; Redis failing is the module's error. */
	public <T> T call(Supplier<T> operation) {
		return call(null, operation);
	}

	/**
	 * Runs an operation on Redis; Redis failing is the module's error, told {@code what}
	 * was being done ({@code "store alert rule r1"}).
	 */
	public <T> T call(String what, Supplier<T> operation) {
		try {
			return operation.get();
		}
		catch (DataAccessException ex) {
			throw this.notStored.apply(what, ex);
		}
	}

	/** Runs an operation on Redis that answers nothing. */
	public void run(Runnable operation) {
		run(null, operation);
	}

	/** Runs an operation on Redis that answers nothing, told {@code what} it does. */
	public void run(String what, Runnable operation) {
		call(what, () -> {
			operation.run();
			return null;
		});
	}

	/** The value at {@code field} of hash {@code key}, read as {@code type}. */
	public <T> Optional<T> hashValue(String key, String field, Class<T> type) {
		return call(() -> {
			Object stored = this.redis.opsForHash().get(key, field);
			return (stored != null) ? Optional.of(read((String) stored, type)) : Optional.<T>empty();
		});
	}

	/** Every value of hash {@code key}, read as {@code type}, in no order. */
	public <T> List<T> hashValues(String key, Class<T> type) {
		return call(() -> {
			List<T> all = new ArrayList<>();
			for (Object stored : this.redis.opsForHash().values(key)) {
				all.add(read((String) stored, type));
			}
			return all;
		});
	}

	public String write(Object value) {
		try {
			return this.json.writeValueAsString(value);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", ex);
		}
	}

	public <T> T read(String stored, Class<T> type) {
		try {
			return this.json.readValue(stored, type);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(
					"a stored " + type.getSimpleName() + " in Redis is unreadable: " + ex.getMessage(), ex);
		}
	}

}
