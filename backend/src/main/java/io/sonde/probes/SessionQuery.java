package io.sonde.probes;

import java.time.Instant;

/**
 * Which sessions of the history to list, newest first; null fields do not filter.
 *
 * @param status only sessions in this status
 * @param from only sessions started at or after
 * @param to only sessions started at or before
 * @param algorithm only sessions planned with this algorithm
 * @param limit at most this many, 1 to {@link #MAX_LIMIT}
 */
public record SessionQuery(SessionStatus status, Instant from, Instant to, Algorithm algorithm, int limit) {

	public static final int MAX_LIMIT = 1000;

	public SessionQuery {
		if (limit < 1 || limit > MAX_LIMIT) {
			throw new SessionRequestRejected("limit", "must be 1 to " + MAX_LIMIT + ", got " + limit);
		}
		if (from != null && to != null && from.isAfter(to)) {
			throw new SessionRequestRejected("from", "is after 'to'");
		}
	}

}
