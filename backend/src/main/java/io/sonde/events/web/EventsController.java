package io.sonde.events.web;

import io.sonde.events.EventLog;
import io.sonde.events.EventPage;
import io.sonde.events.EventQuery;
import io.sonde.events.EventStream;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** The event log over HTTP: history pages and the live stream. */
@RestController
@RequestMapping("/api/v1/events")
@Tag(name = "Events", description = "Telemetry events of every collector: stored history and the live stream")
class EventsController {

	private static final int DEFAULT_LIMIT = 100;

	private final EventLog log;

	private final EventStream stream;

	EventsController(EventLog log, EventStream stream) {
		this.log = log;
		this.stream = stream;
	}

	@GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Stored events matching the filters, newest first, one page at a time")
	EventPage events(
			@Parameter(description = "inclusive, ISO-8601 instant") @RequestParam(required = false) String from,
			@Parameter(description = "exclusive, ISO-8601 instant") @RequestParam(required = false) String to,
			@Parameter(
					description = "event kinds, comma-separated (new_key, changed, threshold, recovery, coverage)") @RequestParam(
							required = false) String kind,
			@Parameter(description = "metrics, comma-separated (flow_latency, hop_latency, ...)") @RequestParam(
					required = false) String metric,
			@Parameter(description = "a switch id: its events and the flows whose path crosses it") @RequestParam(
					name = "switch", required = false) String switchId,
			@Parameter(description = "text contained in the flow, e.g. 10.0.0.2:5000>10.1.0.3") @RequestParam(
					required = false) String flow,
			@Parameter(description = "a source, e.g. xdp:node-1/eth0") @RequestParam(required = false) String source,
			@Parameter(description = "page size, 1 to 1000 (default 100)") @RequestParam(required = false) String limit,
			@Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor) {
		EventQuery query = EventQueryParameters.parse(from, to, kind, metric, switchId, flow, source);
		return this.log.query(query, cursor, EventQueryParameters.limit(limit, DEFAULT_LIMIT));
	}

	@GetMapping(path = "/stream", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	@Operation(summary = "Live events matching the filters as server-sent events",
			description = "SSE events: telemetry (id = the live-stream entry and the event's place in it, "
					+ "1764000000000-3:17; data = the event), gap (resume point trimmed), "
					+ "lost (this client fell behind; data.missed = events not sent). Reconnect with Last-Event-ID to "
					+ "get what was missed.")
	SseEmitter stream(@RequestParam(required = false) String from, @RequestParam(required = false) String to,
			@RequestParam(required = false) String kind, @RequestParam(required = false) String metric,
			@RequestParam(name = "switch", required = false) String switchId,
			@RequestParam(required = false) String flow, @RequestParam(required = false) String source,
			@RequestHeader(name = "Last-Event-ID", required = false) String lastEventId) {
		EventQuery query = EventQueryParameters.parse(from, to, kind, metric, switchId, flow, source);
		return this.stream.open(query, lastEventId);
	}

}
