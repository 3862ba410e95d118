package io.sonde.web.dashboard.events;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import io.sonde.events.EventQuery;
import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;
import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

/**
 * The Events page, its live stream (fed here by publishing {@link EventsAppended} as the
 * event log does) and its history (a test double of the event store); the page in a
 * browser runs in e2e-tests.
 */
@WebMvcTest(controllers = EventsPageController.class)
@Import({ WebSliceTestConfiguration.class, EventsLiveFeed.class, EventsPageControllerTests.Store.class })
class EventsPageControllerTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private ApplicationEventPublisher events;

	@Autowired
	private RecordingHistory history;

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void rendersTheFiltersTheStreamAndTheContextPanelWithEventsCurrentInTheNavigation() throws Exception {
		String page = this.mvc.perform(get("/events"))
			.andExpect(status().isOk())
			.andExpect(view().name("events"))
			.andReturn()
			.getResponse()
			.getContentAsString();

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
	void streamsOnlyTheEventsMatchingTheFiltersWithTheirStreamIds() throws Exception {
		MvcResult stream = this.mvc
			.perform(get("/events/live").param("metric", "hop_latency")
				.param("switch", "7")
				.accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(request().asyncStarted())
			.andReturn();
		awaitContent(stream, ":events");

		this.events.publishEvent(new EventsAppended(List.of(TestEvents.queueOccupancy("1700000000000-0", 40),
				TestEvents.hopLatency("1700000000000-1", 250))));

		String body = awaitContent(stream, "event:event");
		assertThat(stream.getResponse().getContentType()).startsWith(MediaType.TEXT_EVENT_STREAM_VALUE);
		assertThat(body).startsWith("retry:1000\n:events\n\n")
			.contains("id:1700000000000-1\nevent:event\ndata:{\"id\":\"1700000000000-1\"")
			.contains("\"kind\":\"changed\",\"metric\":\"hop_latency\"")
			.contains("\"flow\":\"10.0.0.2:5000>10.1.0.3:6000/17\",\"path\":[13,5,1,7,15]")
			.doesNotContain("queue_occupancy");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void aReconnectingStreamGetsWhatItMissedAfterItsLastEventId() throws Exception {
		this.events.publishEvent(new EventsAppended(List.of(TestEvents.hopLatency("1800000001000-0", 110),
				TestEvents.hopLatency("1800000001000-1", 120), TestEvents.hopLatency("1800000001001-0", 130))));

		MvcResult stream = this.mvc
			.perform(get("/events/live").header("Last-Event-ID", "1800000001000-0").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(request().asyncStarted())
			.andReturn();

		String body = awaitContent(stream, "id:1800000001001-0");
		assertThat(body).contains("id:1800000001000-1").doesNotContain("id:1800000001000-0\n").doesNotContain("gap");
		assertThat(body.indexOf("1800000001000-1")).isLessThan(body.indexOf("1800000001001-0"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void saysSoWhenWhatAReconnectingStreamMissedIsNoLongerKept() throws Exception {
		this.events.publishEvent(new EventsAppended(List.of(TestEvents.hopLatency("1700000002000-0", 110))));

		MvcResult stream = this.mvc
			.perform(get("/events/live").param("since", "1600000000000-0").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(request().asyncStarted())
			.andReturn();

		String body = awaitContent(stream, "event:gap");
		assertThat(body).contains("event:gap\ndata:{").contains("\"after\":\"1600000000000-0\"");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void countsWhatASlowStreamCouldNotTakeInsteadOfHoldingUpThePublisher() throws Exception {
		MvcResult stream = this.mvc
			.perform(get("/events/live").param("metric", "queue_occupancy").accept(MediaType.TEXT_EVENT_STREAM))
			.andExpect(request().asyncStarted())
			.andReturn();
		awaitContent(stream, ":events");
		List<TelemetryEvent> burst = new ArrayList<>();
		for (int index = 0; index < EventsLiveFeed.BACKLOG + 250; index++) {
			burst.add(TestEvents.queueOccupancy("1700000003000-" + index, index));
		}

		this.events.publishEvent(new EventsAppended(burst));

		String body = awaitContent(stream, "event:lost");
		assertThat(body).contains("event:lost\ndata:{\"count\":250}");
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

	private static String awaitContent(MvcResult stream, String expected) throws Exception {
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		String content = stream.getResponse().getContentAsString();
		while (!content.contains(expected) && System.nanoTime() < deadline) {
			Thread.sleep(20);
			content = stream.getResponse().getContentAsString();
		}
		assertThat(content).contains(expected);
		return content;
	}

	/** The event store's query, as a test double. */
	static final class RecordingHistory implements EventHistory {

		final AtomicReference<EventQuery> lastQuery = new AtomicReference<>();

		final AtomicReference<String> lastCursor = new AtomicReference<>();

		@Override
		public EventPage find(EventQuery query, String cursor, int limit) {
			this.lastQuery.set(query);
			this.lastCursor.set(cursor);
			return new EventPage(List.of(TestEvents.hopLatency("1700000000000-1", 250)), "c2");
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Store {

		@Bean
		RecordingHistory recordingHistory() {
			return new RecordingHistory();
		}

	}

}
