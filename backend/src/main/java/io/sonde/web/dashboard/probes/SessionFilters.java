package io.sonde.web.dashboard.probes;

import java.time.Instant;
import java.time.format.DateTimeParseException;

import io.sonde.probes.Algorithm;
import io.sonde.probes.SessionQuery;
import io.sonde.probes.SessionStatus;

/**
 * The session history's filters as the Probes page sends them (query parameters, blank
 * when unset), parsed into the orchestrator's query; a bad one is a 400 naming it.
 */
final class SessionFilters {

	/** Sessions the page lists and charts at most. */
	static final int MAX_LIMIT = 200;

	private SessionFilters() {
	}

	static SessionQuery parse(String status, String algorithm, String from, String to, String limit) {
		return new SessionQuery(status(status), instant("from", from), instant("to", to), algorithm(algorithm),
				limit(limit));
	}

	private static SessionStatus status(String text) {
		if (blank(text)) {
			return null;
		}
		return SessionStatus.ofLabel(text.strip())
			.orElseThrow(() -> new InvalidProbeRequest("status",
					"'" + text + "' is none of running, completed, incomplete, failed, interrupted"));
	}

	private static Algorithm algorithm(String text) {
		if (blank(text)) {
			return null;
		}
		try {
			return Algorithm.named(text);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidProbeRequest("algorithm", "'" + text + "' is neither gpint nor euler");
		}
	}

	private static Instant instant(String field, String text) {
		if (blank(text)) {
			return null;
		}
		try {
			return Instant.parse(text.strip());
		}
		catch (DateTimeParseException ex) {
			throw new InvalidProbeRequest(field, "'" + text + "' is not an ISO-8601 instant (2026-11-23T10:15:30Z)");
		}
	}

	private static int limit(String text) {
		if (blank(text)) {
			return 50;
		}
		try {
			int limit = Integer.parseInt(text.strip());
			if (limit >= 1 && limit <= MAX_LIMIT) {
				return limit;
			}
		}
		catch (NumberFormatException ex) {
			// answered below
		}
		throw new InvalidProbeRequest("limit", "'" + text + "' is not a number from 1 to " + MAX_LIMIT);
	}

	private static boolean blank(String text) {
		return text == null || text.isBlank();
	}

}
