package io.sonde.ingest;

import java.time.Instant;
import java.util.Map;

/**
 * What the ingest of {@code sonde:stream:events} has done since this backend started: a
 * read-only view for accounting and metrics. Every number only grows.
 */
public interface IngestStatistics {

	/**
	 * Events read from the stream (new deliveries and claimed ones): a version-2 entry
	 * counts its lines, an entry parked whole counts one.
	 */
	long read();

	/** Events the event log stored (and so were acknowledged). */
	long stored();

	/**
	 * Entries parked in the dead-letter stream, by reason: {@code wrong_version},
	 * {@code missing_field}, {@code ill_typed_field}, {@code unknown_metric},
	 * {@code unknown_kind}. Every reason is present, 0 when none.
	 */
	Map<String, Long> deadLettered();

	/** Entries claimed from consumers that left them pending too long. */
	long claimed();

	/** The last failure (Redis or the store), null when none so far. */
	String lastError();

	/** When {@link #lastError()} happened, null when none so far. */
	Instant lastErrorAt();

}
