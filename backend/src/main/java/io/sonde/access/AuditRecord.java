package io.sonde.access;

import java.time.Instant;

/**
 * One state-changing request or sign-in attempt.
 *
 * @param id the record's id in the log (also the paging cursor); null before it is
 * written
 * @param at when the request ended
 * @param actor the user or token name; {@code anonymous} when none was authenticated
 * @param via {@code API}, {@code DASHBOARD} or {@code LOGIN}
 * @param method the HTTP method
 * @param path the request path (no query string: it may carry secrets)
 * @param remoteAddress the client's address as the server saw it
 * @param status the HTTP status answered
 * @param outcome allowed, denied or failed
 */
public record AuditRecord(String id, Instant at, String actor, String via, String method, String path,
		String remoteAddress, int status, AuditOutcome outcome) {

	public static final String VIA_API = "API";

	public static final String VIA_DASHBOARD = "DASHBOARD";

	public static final String VIA_LOGIN = "LOGIN";

	public AuditRecord withId(String newId) {
		return new AuditRecord(newId, this.at, this.actor, this.via, this.method, this.path, this.remoteAddress,
				this.status, this.outcome);
	}

}
