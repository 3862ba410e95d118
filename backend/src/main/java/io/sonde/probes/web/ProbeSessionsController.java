package io.sonde.probes.web;

import java.net.URI;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import io.sonde.probes.Algorithm;
import io.sonde.probes.ProbeOrchestrator;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.ProbeSessionNotFound;
import io.sonde.probes.SessionQuery;
import io.sonde.probes.SessionRequest;
import io.sonde.probes.SessionRequestRejected;
import io.sonde.probes.SessionStatus;

import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Probing sessions: run one now, the history, one session. */
@RestController
@RequestMapping("/api/v1/probes/sessions")
@Tag(name = "Probes", description = "GPINT probe telemetry: probe paths over the topology")
class ProbeSessionsController {

	private final ProbeOrchestrator orchestrator;

	ProbeSessionsController(ProbeOrchestrator orchestrator) {
		this.orchestrator = orchestrator;
	}

	@PostMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Run a probing session now",
			description = "Plans the paths (around components earlier sessions marked unavailable and links reported "
					+ "down), sends one probe per path to its first switch and collects them with the data recovery "
					+ "loop, in the background. The answer is the session as started; follow its Location.")
	@ApiResponse(responseCode = "202", description = "Started; Location names the session")
	@ApiResponse(responseCode = "400",
			description = "Rejected; the problem's 'field' names it (algorithm, k, c, profile)",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	@ApiResponse(responseCode = "409", description = "A session is running already, or no topology is imported",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	ResponseEntity<ProbeSession> start(@RequestBody(required = false) SessionBody body) {
		SessionRequest request = (body != null) ? body.request() : SessionRequest.CONFIGURED;
		ProbeSession started = this.orchestrator.start(request);
		return ResponseEntity.accepted().location(URI.create("/api/v1/probes/sessions/" + started.id())).body(started);
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "The session history, newest first")
	@ApiResponse(responseCode = "200", description = "The sessions that match")
	@ApiResponse(responseCode = "400", description = "A filter is malformed; the problem's 'field' names it",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	List<ProbeSession> sessions(
			@Parameter(description = "running, completed, incomplete, failed or interrupted") @RequestParam(
					required = false) String status,
			@Parameter(description = "started at or after, ISO-8601 (2026-11-27T10:00:00Z)") @RequestParam(
					required = false) String from,
			@Parameter(description = "started at or before, ISO-8601") @RequestParam(required = false) String to,
			@Parameter(description = "gpint or euler") @RequestParam(required = false) String algorithm,
			@Parameter(description = "at most this many, 1 to 1000") @RequestParam(defaultValue = "50") int limit) {
		SessionStatus wanted = null;
		if (status != null) {
			wanted = SessionStatus.ofLabel(status)
				.orElseThrow(() -> new SessionRequestRejected("status",
						"must be running, completed, incomplete, failed or interrupted, got '" + status + "'"));
		}
		Algorithm planned = null;
		if (algorithm != null) {
			try {
				planned = Algorithm.named(algorithm);
			}
			catch (IllegalArgumentException ex) {
				throw new SessionRequestRejected("algorithm", "must be gpint or euler, got '" + algorithm + "'");
			}
		}
		return this.orchestrator
			.sessions(new SessionQuery(wanted, instant("from", from), instant("to", to), planned, limit));
	}

	@GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "One session: its paths, telemetry per switch, latency, lost and recovery probes, "
			+ "components marked unavailable or congested, and why it was re-planned")
	@ApiResponse(responseCode = "200", description = "The session")
	@ApiResponse(responseCode = "404", description = "No such session",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	ProbeSession session(@PathVariable String id) {
		return this.orchestrator.session(id).orElseThrow(() -> new ProbeSessionNotFound(id));
	}

	private static Instant instant(String field, String text) {
		if (text == null) {
			return null;
		}
		try {
			return Instant.parse(text);
		}
		catch (DateTimeParseException ex) {
			throw new SessionRequestRejected(field,
					"must be an ISO-8601 instant such as 2026-11-27T10:00:00Z, got '" + text + "'");
		}
	}

}
