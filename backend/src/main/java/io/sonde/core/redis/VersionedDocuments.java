package io.sonde.core.redis;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * A document kept in versions (each with its author and comment, in the version record)
 * in Redis: hash {@code versions} (number -> the version as JSON), string {@code current}
 * (the number in force) and counter {@code sequence} (the last number handed out). A
 * version is written before it is made current, so a failure between the two leaves the
 * previous one in force. A module adds versions through its {@link DocumentHistory}.
 *
 * @param <V> the module's version record
 */
public final class VersionedDocuments<V> {

	private final RedisJson store;

	private final Keys keys;

	private final Class<V> type;

	private final ToLongFunction<V> number;

	/**
	 * @param number a version's number, as stored in its record
	 */
	public VersionedDocuments(RedisJson store, Keys keys, Class<V> type, ToLongFunction<V> number) {
		this.store = store;
		this.keys = keys;
		this.type = type;
		this.number = number;
	}

	/** A new version number, never handed out before ({@link DocumentHistory#add}). */
	long nextVersion() {
		return this.store.call(() -> {
			Long next = this.store.redis().opsForValue().increment(this.keys.sequence());
			return (next != null) ? next : 1;
		});
	}

	void saveAndMakeCurrent(V version) {
		String number = Long.toString(this.number.applyAsLong(version));
		String stored = this.store.write(version);
		this.store.run(() -> {
			this.store.redis().opsForHash().put(this.keys.versions(), number, stored);
			this.store.redis().opsForValue().set(this.keys.current(), number);
		});
	}

	/** The version in force; empty before the first. */
	public Optional<V> current() {
		return currentVersion().flatMap(this::version);
	}

	/** The number of the version in force; empty before the first. */
	public Optional<Long> currentVersion() {
		return this.store.call(() -> Optional.ofNullable(this.store.redis().opsForValue().get(this.keys.current())))
			.map(Long::parseLong);
	}

	public Optional<V> version(long version) {
		return this.store.hashValue(this.keys.versions(), Long.toString(version), this.type);
	}

	/** Every version, newest first. */
	public List<V> all() {
		List<V> versions = this.store.hashValues(this.keys.versions(), this.type);
		versions.sort(Comparator.comparingLong(this.number).reversed());
		return versions;
	}

	/**
	 * Where one document's versions live.
	 *
	 * @param versions hash: number -> version as JSON
	 * @param current string: the number in force
	 * @param sequence counter: the last number handed out
	 */
	public record Keys(String versions, String current, String sequence) {
	}

}
