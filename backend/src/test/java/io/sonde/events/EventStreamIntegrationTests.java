package io.sonde.events;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live stream over SSE: a client reconnecting with Last-Event-ID gets what it missed,
 * or a {@code gap} when the live stream has trimmed it; a client that does not read gets
 * {@code lost} and slows neither the event log nor the other clients.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "sonde.events.live-maxlen=20", "sonde.events.client-queue=2000" })
// The context closes with the class: cached, it would keep retrying the class's Redis
// (and whatever else it started) through every later test, and gRPC threads would throw
// into their awaits.
@DirtiesContext
class EventStreamIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final Instant T0 = Instant.parse("2026-11-02T00:00:00Z");

	@LocalServerPort
	int port;

	@Autowired
	EventLog eventLog;

	@DynamicPropertySource
	static void redisAndTokens(DynamicPropertyRegistry properties) {
		redis.register(properties);
		ApiCaller.registerTokens(properties);
	}

	private static List<TelemetryEvent> events(String source, int from, int count) {
		List<TelemetryEvent> events = new ArrayList<>(count);
		for (int i = from; i < from + count; i++) {
			events.add(new TelemetryEvent(null, "test/" + source + "/" + i, source, T0.plusMillis(i), EventKind.CHANGED,
					"queue_occupancy", "switch=1/queue=" + (i % 8), i, i - 1.0, 1L, (long) (i % 8), null, null,
					List.of(), null));
		}
		return events;
	}

	private static String origin(SseClient.Message message) throws Exception {
		return JSON.readTree(message.data()).get("origin").asText();
	}

	@Test
	void aClientReconnectingWithLastEventIdGetsWhatItMissed() throws Exception {
		String source = "resume";
		String lastSeen;
		try (SseClient first = SseClient.open(this.port, "/api/v1/events/stream?source=" + source,
				ApiCaller.VIEWER_TOKEN, null)) {
			assertThat(first.status()).isEqualTo(200);
			Thread.sleep(300);
			List<TelemetryEvent> appended = this.eventLog.append(events(source, 0, 3));
			List<SseClient.Message> got = first.collect("telemetry", 3, Duration.ofSeconds(10));
			assertThat(got).extracting(SseClient.Message::id)
				.containsExactlyElementsOf(appended.stream().map(TelemetryEvent::id).toList());
			lastSeen = got.get(1).id();
		}
		this.eventLog.append(events(source, 3, 3));

		try (SseClient again = SseClient.open(this.port, "/api/v1/events/stream?source=" + source,
				ApiCaller.VIEWER_TOKEN, lastSeen)) {
			List<SseClient.Message> missed = again.collect("telemetry", 4, Duration.ofSeconds(10));
			List<String> origins = new ArrayList<>();
			for (SseClient.Message message : missed) {
				origins.add(origin(message));
			}
			assertThat(origins).containsExactly("test/resume/2", "test/resume/3", "test/resume/4", "test/resume/5");
			// Then live as usual, without a gap.
			this.eventLog.append(events(source, 6, 1));
			SseClient.Message next = again.next(Duration.ofSeconds(10));
			assertThat(next.event()).isEqualTo("telemetry");
			assertThat(origin(next)).isEqualTo("test/resume/6");
		}
	}

	@Test
	void aClientResumingAfterATrimmedIdGetsAGapThenWhatIsLeft() throws Exception {
		String source = "trimmed";
		List<TelemetryEvent> first = this.eventLog.append(events(source, 0, 1));
		for (int batch = 0; batch < 10; batch++) {
			this.eventLog.append(events(source, 1 + batch * 1000, 1000));
		}
		try (SseClient late = SseClient.open(this.port, "/api/v1/events/stream?source=" + source,
				ApiCaller.VIEWER_TOKEN, first.get(0).id())) {
			SseClient.Message gap = late.next(Duration.ofSeconds(10));
			assertThat(gap.event()).isEqualTo("gap");
			JsonNode data = JSON.readTree(gap.data());
			assertThat(data.get("after").asText()).isEqualTo(first.get(0).id());
			String resumedFrom = data.get("resumedFrom").asText();
			SseClient.Message firstKept = late.next(Duration.ofSeconds(10));
			assertThat(firstKept.event()).isEqualTo("telemetry");
			assertThat(firstKept.id()).isEqualTo(resumedFrom);
			// MAXLEN ~ 20 keeps at least 20 entries of up to 200 events (the batches of
			// 1,000 make five full ones each).
			List<SseClient.Message> rest = late.collect("telemetry", 10_000, Duration.ofSeconds(5));
			assertThat(rest.size() + 1).isBetween(20 * 200, 10_000);
			assertThat(origin(rest.get(rest.size() - 1))).isEqualTo("test/trimmed/10000");
		}
	}

	@Test
	void aClientThatDoesNotReadGetsLostAndSlowsNothing() throws Exception {
		String source = "flood";
		int total = 10_000;
		try (Socket slow = new Socket()) {
			slow.setReceiveBufferSize(4096);
			slow.connect(new java.net.InetSocketAddress("127.0.0.1", this.port));
			OutputStream request = slow.getOutputStream();
			request.write(("GET /api/v1/events/stream?source=" + source + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
					+ "Accept: text/event-stream\r\nAuthorization: Bearer " + ApiCaller.VIEWER_TOKEN + "\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			request.flush();
			try (SseClient fast = SseClient.open(this.port, "/api/v1/events/stream?source=" + source,
					ApiCaller.VIEWER_TOKEN, null)) {
				assertThat(fast.status()).isEqualTo(200);
				Thread.sleep(300);
				long slowest = 0;
				String padding = "x".repeat(2000);
				for (int batch = 0; batch < total / 500; batch++) {
					long start = System.nanoTime();
					this.eventLog.append(events(source, batch * 500, 500).stream()
						.map((e) -> new TelemetryEvent(null, e.origin(), e.source(), e.detectedAt(), e.kind(),
								e.metric(), e.key() + padding, e.value(), e.previous(), e.switchId(), e.queueId(),
								e.port(), e.flow(), e.path(), e.report()))
						.toList());
					slowest = Math.max(slowest, System.nanoTime() - start);
					// The reading client keeps up with 5,000 events/s; the
					// sleeper with none.
					Thread.sleep(100);
				}
				// The reading client is not held up by the sleeper: every event is either
				// sent to it or counted in a lost event (on a busy machine it may fall
				// behind a burst itself, the last events included).
				long received = 0;
				long lostByFast = 0;
				long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
				while (received + lostByFast < total && System.nanoTime() < deadline) {
					SseClient.Message message = fast.next(Duration.ofSeconds(1));
					if (message == null) {
						continue;
					}
					assertThat(message.event()).isNotEqualTo("gap");
					if (message.event().equals("lost")) {
						lostByFast += JSON.readTree(message.data()).get("missed").asLong();
					}
					else if (message.event().equals("telemetry")) {
						received++;
					}
				}
				assertThat(received + lostByFast).as("events sent to the reading client or counted lost")
					.isEqualTo(total);
				assertThat(received).as("events sent to the reading client").isPositive();
				assertThat(Duration.ofNanos(slowest)).isLessThan(Duration.ofSeconds(5));
			}
			// The sleeper wakes up: somewhere in what it gets is how much it missed.
			slow.setSoTimeout(10_000);
			BufferedReader reader = new BufferedReader(
					new InputStreamReader(slow.getInputStream(), StandardCharsets.UTF_8));
			// Raw HTTP/1.1: chunk sizes come between the lines, so look for
			// the data itself.
			Pattern lost = Pattern.compile("\\{\"missed\":(\\d+)\\}");
			long missed = 0;
			int telemetry = 0;
			String line;
			while (missed == 0 && (line = reader.readLine()) != null) {
				Matcher found = lost.matcher(line);
				if (found.find()) {
					missed = Long.parseLong(found.group(1));
				}
				else if (line.equals("event:telemetry")) {
					telemetry++;
				}
			}
			assertThat(missed).isPositive();
			assertThat(telemetry + missed).isLessThanOrEqualTo(total);
		}
	}

}
