package io.sonde.web.dashboard.events;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import io.sonde.events.EventLog;
import io.sonde.events.EventPage;
import io.sonde.events.EventQuery;
import io.sonde.events.EventQueryRejected;
import io.sonde.events.EventStream;
import io.sonde.events.OrderedAppends;
import io.sonde.events.TelemetryEvent;
import io.sonde.web.DashboardPages;
import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Events page, its live stream and its history over test doubles of the events
 * module's stream and store (their own behaviour, resuming, gaps and back-pressure, is
 * tested in the events module); the page in a browser, over the real pipeline, runs in
 * e2e-tests.
 */
@WebMvcTest(controllers = EventsPageController.class)
@Import({ WebSliceTestConfiguration.class, EventsPageControllerTests.Doubles.class })
class EventsPageControllerTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private RecordingStream stream;

	@Autowired
	private RecordingEventLog history;

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void rendersTheFiltersTheStreamAndTheContextPanelWithEventsCurrentInTheNavigation() throws Exception {
		String page = DashboardPages.rendered(this.mvc, "/events", "events");

		assertThat(page).contains("<h1>Events</h1>")
			.contains("href=\"/events\" aria-current=\"page\">Events</a>")
			.contains("href=\"/metrics\">Metrics</a>")
			.contains("data-live-url=\"/events/live\"")
			.contains("data-history-available=\"true\"")
			.contains("<option value=\"new_key\">new_key</option>")
			.contains("<option value=\"queue_occupancy\">queue_occupancy</option>")
			.contains("<label for=\"filter-switch\">Switch id</label>")
			.contains("id=\"pause\"")
			.contains("<h2 id=\"context-heading\">Event context</h2>");
	}

	@Test
	void refusesTheLiveStreamWithoutASessionAsProblemDetails() throws Exception {
		this.mvc.perform(get("/events/live").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(status().isUnauthorized())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void streamsWhatTheEventStreamSendsForThePagesFilters() throws Exception {
		MvcResult stream = this.mvc
			.perform(get("/events/live").param("metric", "hop_latency")
				.param("kind", "changed")
				.param("switch", "7")
				.param("flow", "10.0.0.2:5000")
				.accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(request().asyncStarted())
			.andReturn();

		String body = DashboardPages.streamedUntil(stream, "event:telemetry");
		assertThat(stream.getResponse().getContentType()).startsWith(MediaType.TEXT_EVENT_STREAM_VALUE);
		assertThat(body).contains("id:1700000000000-1\nevent:telemetry\ndata:{\"metric\":\"hop_latency\"}");
		EventQuery asked = this.stream.lastQuery.get();
		assertThat(asked.metrics()).containsExactly("hop_latency");
		assertThat(asked.kinds()).extracting(Enum::name).containsExactly("CHANGED");
		assertThat(asked.switchId()).isEqualTo(7L);
		assertThat(asked.flow()).isEqualTo("10.0.0.2:5000");
		assertThat(this.stream.lastEventId.get()).isNull();
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void resumesAfterTheLastEventIdOfAReconnectingEventSourceOrTheSinceOfAReopenedOne() throws Exception {
		this.mvc
			.perform(get("/events/live").header("Last-Event-ID", "1700000001000-0").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(request().asyncStarted());
		assertThat(this.stream.lastEventId.get()).isEqualTo("1700000001000-0");

		this.mvc.perform(get("/events/live").param("since", "1700000002000-3").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(request().asyncStarted());
		assertThat(this.stream.lastEventId.get()).isEqualTo("1700000002000-3");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void refusesAResumePointTheEventStreamCannotUseNamingTheField() throws Exception {
		this.mvc.perform(get("/events/live").header("Last-Event-ID", "yesterday").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(status().isBadRequest())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.field").value("Last-Event-ID"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void refusesAnUnknownKindNamingTheField() throws Exception {
		this.mvc.perform(get("/events/live").param("kind", "sideways").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(status().isBadRequest())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.field").value("kind"));
		this.mvc.perform(get("/events/history").param("switch", "core"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("switch"));
		this.mvc.perform(get("/events/history").param("from", "yesterday"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("from"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void pagesThroughHistoryWithTheFiltersAndTheStoresCursor() throws Exception {
		this.mvc
			.perform(get("/events/history").param("kind", "changed")
				.param("metric", "hop_latency")
				.param("from", "2026-11-23T10:00:00Z")
				.param("cursor", "c1")
				.param("limit", "2"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.events[0].id").value("1700000000000-1"))
			.andExpect(jsonPath("$.events[0].flow").value("10.0.0.2:5000>10.1.0.3:6000/17"))
			.andExpect(jsonPath("$.next").value("c2"));

		EventQuery asked = this.history.lastQuery.get();
		assertThat(asked.metrics()).containsExactly("hop_latency");
		assertThat(asked.kinds()).extracting(Enum::name).containsExactly("CHANGED");
		assertThat(asked.from()).hasToString("2026-11-23T10:00:00Z");
		assertThat(this.history.lastCursor.get()).isEqualTo("c1");
	}

	/**
	 * The events module's live stream, as a test double: sends one event at once and
	 * remembers what it was asked for.
	 */
	static final class RecordingStream implements EventStream {

		final AtomicReference<EventQuery> lastQuery = new AtomicReference<>();

		final AtomicReference<String> lastEventId = new AtomicReference<>();

		@Override
		public SseEmitter open(EventQuery query, String lastEventId) {
			if (lastEventId != null && !lastEventId.matches("\\d+(-\\d+)?")) {
				throw new EventQueryRejected("Last-Event-ID", "not a stream id: '" + lastEventId + "'");
			}
			this.lastQuery.set(query);
			this.lastEventId.set(lastEventId);
			SseEmitter emitter = new SseEmitter(10_000L);
			try {
				emitter.send(SseEmitter.event()
					.id("1700000000000-1")
					.name("telemetry")
					.data("{\"metric\":\"hop_latency\"}", MediaType.TEXT_PLAIN));
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			return emitter;
		}

	}

	/** The event log's query, as a test double; the page never appends. */
	static final class RecordingEventLog implements EventLog {

		final AtomicReference<EventQuery> lastQuery = new AtomicReference<>();

		final AtomicReference<String> lastCursor = new AtomicReference<>();

		@Override
		public EventPage query(EventQuery query, String cursor, int limit) {
			this.lastQuery.set(query);
			this.lastCursor.set(cursor);
			return new EventPage(List.of(TestEvents.hopLatency("1700000000000-1", 250)), "c2");
		}

		@Override
		public List<TelemetryEvent> append(List<TelemetryEvent> events) {
			throw new UnsupportedOperationException("the Events page only reads the log");
		}

		@Override
		public OrderedAppends ordered() {
			throw new UnsupportedOperationException("the Events page only reads the log");
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Doubles {

		@Bean
		RecordingEventLog recordingEventLog() {
			return new RecordingEventLog();
		}

		@Bean
		RecordingStream recordingStream() {
			return new RecordingStream();
		}

	}

}
