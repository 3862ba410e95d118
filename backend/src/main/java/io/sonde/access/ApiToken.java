package io.sonde.access;

import java.time.Instant;

/**
 * An API token as listed: never the token, nor its hash.
 *
 * @param id stable id (revocation names it)
 * @param name what the token is for; the caller's name in the audit log
 * @param role what its bearer may do
 * @param source configured (read-only) or stored
 * @param createdBy who issued it
 * @param createdAt when
 * @param expiresAt when it stops working, null for never
 * @param lastUsedAt when it last authenticated a request (to the minute), null if never
 * @param revokedAt when it was revoked, null while not
 */
public record ApiToken(String id, String name, Role role, AccountSource source, String createdBy, Instant createdAt,
		Instant expiresAt, Instant lastUsedAt, Instant revokedAt) {

	/** Whether the token authenticates requests at {@code now}. */
	public boolean activeAt(Instant now) {
		return this.revokedAt == null && (this.expiresAt == null || now.isBefore(this.expiresAt));
	}

}
