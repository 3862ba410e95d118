package io.sonde.access.web;

import java.time.Instant;

import io.sonde.access.AccessRequestRejected;
import io.sonde.access.AuditLog;
import io.sonde.access.AuditOutcome;
import io.sonde.access.AuditPage;
import io.sonde.access.AuditQuery;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping(path = "/api/v1/access/audit", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Access")
class AuditController {

	private final AuditLog audit;

	AuditController(AuditLog audit) {
		this.audit = audit;
	}

	@GetMapping
	@Operation(summary = "Audit records, newest first: every state-changing request and sign-in attempt")
	AuditPage find(@RequestParam(required = false) String actor, @RequestParam(required = false) String method,
			@Parameter(description = "the path starts with this") @RequestParam(required = false) String path,
			@RequestParam(required = false) AuditOutcome outcome, @RequestParam(required = false) Instant from,
			@RequestParam(required = false) Instant to, @RequestParam(defaultValue = "100") int limit,
			@Parameter(description = "a page's nextCursor") @RequestParam(required = false) String cursor) {
		return this.audit.find(query(actor, method, path, outcome, from, to, limit, cursor));
	}

	static AuditQuery query(String actor, String method, String path, AuditOutcome outcome, Instant from, Instant to,
			int limit, String cursor) {
		if (limit < 1 || limit > AuditQuery.MAX_LIMIT) {
			throw new AccessRequestRejected("limit", "must be between 1 and " + AuditQuery.MAX_LIMIT);
		}
		if (from != null && to != null && !from.isBefore(to)) {
			throw new AccessRequestRejected("to", "must be after 'from'");
		}
		if (cursor != null && !cursor.matches("\\d+-\\d+")) {
			throw new AccessRequestRejected("cursor", "is not a cursor this log handed out");
		}
		return new AuditQuery(blankToNull(actor), blankToNull(method), blankToNull(path), outcome, from, to, limit,
				blankToNull(cursor));
	}

	private static String blankToNull(String text) {
		return (text == null || text.isBlank()) ? null : text.trim();
	}

}
