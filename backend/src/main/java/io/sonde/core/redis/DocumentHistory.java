package io.sonde.core.redis;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * A document changed only by adding versions ({@link VersionedDocuments}): each change, a
 * rollback too, is a new version in force from now, made by the module's record from its
 * number, author, time, comment, document and kind.
 *
 * @param <D> the document
 * @param <K> the module's kinds of change
 * @param <V> the module's version record
 */
public final class DocumentHistory<D, K, V> {

	private final VersionedDocuments<V> versions;

	private final Clock clock;

	private final VersionRecord<D, K, V> record;

	public DocumentHistory(VersionedDocuments<V> versions, Clock clock, VersionRecord<D, K, V> record) {
		this.versions = versions;
		this.clock = clock;
		this.record = record;
	}

	/**
	 * Stores the document as a new version and puts it in force.
	 * @param comment null for none
	 */
	public V add(D document, String author, String comment, K kind) {
		V version = this.record.of(this.versions.nextVersion(), author, this.clock.instant(),
				(comment != null) ? comment : "", document, kind);
		this.versions.saveAndMakeCurrent(version);
		return version;
	}

	/** The version a rollback to {@code number} restores, or the module's error. */
	public V rollbackTarget(long number, LongFunction<? extends RuntimeException> notFound) {
		return this.versions.version(number).orElseThrow(() -> notFound.apply(number));
	}

	/** A rollback's comment: the version it restored. */
	public static String rollbackComment(long number) {
		return "rollback to version " + number;
	}

	/** The version in force; empty before the first. */
	public Optional<V> current() {
		return this.versions.current();
	}

	/** The number of the version in force; empty before the first. */
	public Optional<Long> currentVersion() {
		return this.versions.currentVersion();
	}

	public Optional<V> version(long number) {
		return this.versions.version(number);
	}

	/** Every version, newest first. */
	public List<V> all() {
		return this.versions.all();
	}

	/**
	 * The module's version record's constructor.
	 *
	 * @param <D> the document
	 * @param <K> the kinds of change
	 * @param <V> the version record
	 */
	@FunctionalInterface
	public interface VersionRecord<D, K, V> {

		V of(long number, String author, Instant at, String comment, D document, K kind);

	}

}
