package io.sonde.access;

import java.time.Instant;

/**
 * A filter over the audit log; null fields match anything. Records come newest first.
 *
 * @param actor exact actor name
 * @param method exact HTTP method
 * @param pathPrefix the path starts with this
 * @param outcome exact outcome
 * @param from at or after
 * @param to before
 * @param limit at most this many records (1..1000)
 * @param cursor continue after the record with this id (a page's {@code nextCursor})
 */
public record AuditQuery(String actor, String method, String pathPrefix, AuditOutcome outcome, Instant from, Instant to,
		int limit, String cursor) {

	public static final int MAX_LIMIT = 1000;

	public static AuditQuery latest(int limit) {
		return new AuditQuery(null, null, null, null, null, null, limit, null);
	}

	public boolean matches(AuditRecord record) {
		return (this.actor == null || this.actor.equals(record.actor()))
				&& (this.method == null || this.method.equalsIgnoreCase(record.method()))
				&& (this.pathPrefix == null || record.path().startsWith(this.pathPrefix))
				&& (this.outcome == null || this.outcome == record.outcome())
				&& (this.from == null || !record.at().isBefore(this.from))
				&& (this.to == null || record.at().isBefore(this.to));
	}

}
