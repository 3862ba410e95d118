package io.sonde.web.dashboard.events;

import java.util.List;
import java.util.Map;

import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.EventPage;
import io.sonde.events.EventQuery;
import io.sonde.events.EventQueryRejected;
import io.sonde.events.EventStream;
import io.sonde.web.dashboard.metrics.MetricNames;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The Events page: the live stream ({@code /events/live}, the events module's
 * {@link EventStream}: filtered on the server, resumable with Last-Event-ID, with gap and
 * lost notices) and history mode ({@code /events/history}, pages of past events from its
 * {@link EventLog}; while no bean of it exists the page says history is not available).
 * Both are here and not under {@code /api} because the browser signs in with its session,
 * not a token.
 */
@Controller
public class EventsPageController {

	/** Largest history page a browser may ask for. */
	static final int MAX_PAGE = 500;

	private final EventStream live;

	private final ObjectProvider<EventLog> history;

	public EventsPageController(EventStream live, ObjectProvider<EventLog> history) {
		this.live = live;
		this.history = history;
	}

	@GetMapping("/events")
	public String events(Model model) {
		model.addAttribute("kinds",
				List.of(EventKind.values())
					.stream()
					.map((kind) -> kind.name().toLowerCase(java.util.Locale.ROOT))
					.toList());
		model.addAttribute("metrics", MetricNames.KNOWN);
		model.addAttribute("historyAvailable", this.history.getIfAvailable() != null);
		return "events";
	}

	/**
	 * The events matching the filters as they are appended; with {@code Last-Event-ID}
	 * (sent by a reconnecting EventSource) or {@code since} (a page that reopens its
	 * stream after a filter change), first those it missed.
	 */
	@GetMapping(path = "/events/live", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	public SseEmitter live(@RequestParam(name = "kind", required = false) List<String> kinds,
			@RequestParam(name = "metric", required = false) List<String> metrics,
			@RequestParam(name = "switch", required = false) String switchId,
			@RequestParam(name = "flow", required = false) String flow,
			@RequestParam(name = "since", required = false) String since,
			@RequestHeader(name = "Last-Event-ID", required = false) String lastEventId) {
		EventQuery filter = EventFilters.parse(kinds, metrics, switchId, flow);
		String resumeAfter = (lastEventId != null && !lastEventId.isBlank()) ? lastEventId : since;
		try {
			return this.live.open(filter, (resumeAfter != null && !resumeAfter.isBlank()) ? resumeAfter : null);
		}
		catch (EventQueryRejected rejected) {
			throw new InvalidEventFilter(rejected.field(), rejected.getMessage());
		}
	}

	/** A page of past events, newest first; 503 while no event store answers. */
	@GetMapping(path = "/events/history", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<?> history(@RequestParam(name = "kind", required = false) List<String> kinds,
			@RequestParam(name = "metric", required = false) List<String> metrics,
			@RequestParam(name = "switch", required = false) String switchId,
			@RequestParam(name = "flow", required = false) String flow,
			@RequestParam(name = "from", required = false) String from,
			@RequestParam(name = "to", required = false) String to,
			@RequestParam(name = "cursor", required = false) String cursor,
			@RequestParam(name = "limit", defaultValue = "100") String limitText) {
		EventQuery query = EventFilters.parse(kinds, metrics, switchId, flow, from, to);
		int limit = limit(limitText);
		EventLog store = this.history.getIfAvailable();
		if (store == null) {
			return problem(HttpStatus.SERVICE_UNAVAILABLE, "Event history is not available",
					"no event store answers queries in this service", null);
		}
		EventPage page;
		try {
			page = store.query(query, (cursor != null && !cursor.isBlank()) ? cursor : null, limit);
		}
		catch (EventQueryRejected rejected) {
			throw new InvalidEventFilter(rejected.field(), rejected.getMessage());
		}
		return ResponseEntity.ok(Map.of("events", page.events().stream().map(EventRow::of).toList(), "next",
				(page.nextCursor() != null) ? page.nextCursor() : ""));
	}

	private static int limit(String text) {
		try {
			int limit = Integer.parseInt(text.trim());
			if (limit >= 1 && limit <= MAX_PAGE) {
				return limit;
			}
		}
		catch (NumberFormatException ex) {
			// answered below
		}
		throw new InvalidEventFilter("limit", "'" + text + "' is not a number from 1 to " + MAX_PAGE);
	}

	/**
	 * 400 naming the field, as problem details even to an EventSource (the content type
	 * is set here, so the request's Accept does not refuse it).
	 */
	@ExceptionHandler(InvalidEventFilter.class)
	ResponseEntity<ProblemDetail> invalidFilter(InvalidEventFilter invalid) {
		return problem(HttpStatus.BAD_REQUEST, "Invalid filter", invalid.getMessage(), invalid.field());
	}

	private static ResponseEntity<ProblemDetail> problem(HttpStatus status, String title, String detail, String field) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setTitle(title);
		if (field != null) {
			problem.setProperty("field", field);
		}
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

}
