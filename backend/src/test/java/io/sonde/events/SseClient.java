package io.sonde.events;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A server-sent-events client for tests: reads a stream on a thread of its own and queues
 * each event as it completes.
 */
public final class SseClient implements AutoCloseable {

	private final BlockingQueue<Message> messages = new LinkedBlockingQueue<>();

	private final CompletableFuture<HttpResponse<Stream<String>>> response;

	private volatile Stream<String> lines;

	private SseClient(HttpClient http, HttpRequest request) {
		this.response = http.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
		this.response.thenAcceptAsync((answer) -> {
			this.lines = answer.body();
			read(answer.body());
		});
	}

	/** Opens {@code path} on the backend at {@code port} with a bearer token. */
	public static SseClient open(int port, String path, String token, String lastEventId) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.header("Accept", "text/event-stream")
			.header("Authorization", "Bearer " + token)
			.GET();
		if (lastEventId != null) {
			request.header("Last-Event-ID", lastEventId);
		}
		return new SseClient(HttpClient.newHttpClient(), request.build());
	}

	public int status() throws Exception {
		return this.response.get(10, TimeUnit.SECONDS).statusCode();
	}

	private void read(Stream<String> body) {
		String id = null;
		String event = null;
		StringBuilder data = new StringBuilder();
		try {
			for (String line : (Iterable<String>) body::iterator) {
				if (line.isEmpty()) {
					if (event != null || data.length() > 0) {
						this.messages.add(new Message(id, (event != null) ? event : "message", data.toString()));
					}
					id = null;
					event = null;
					data.setLength(0);
				}
				else if (line.startsWith("id:")) {
					id = line.substring(3).trim();
				}
				else if (line.startsWith("event:")) {
					event = line.substring(6).trim();
				}
				else if (line.startsWith("data:")) {
					if (data.length() > 0) {
						data.append('\n');
					}
					data.append(line.substring(5).stripLeading());
				}
			}
		}
		catch (RuntimeException ex) {
			// closed
		}
	}

	/** The next event, or null after {@code timeout}. */
	public Message next(Duration timeout) throws InterruptedException {
		return this.messages.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

	/** Events of this name until {@code count} arrived or {@code timeout} passed. */
	public List<Message> collect(String name, int count, Duration timeout) throws InterruptedException {
		List<Message> found = new ArrayList<>();
		long deadline = System.nanoTime() + timeout.toNanos();
		while (found.size() < count && System.nanoTime() < deadline) {
			Message message = this.messages.poll(10, TimeUnit.MILLISECONDS);
			if (message != null && message.event().equals(name)) {
				found.add(message);
			}
		}
		return found;
	}

	@Override
	public void close() {
		Stream<String> open = this.lines;
		if (open != null) {
			open.close();
		}
		this.response.cancel(true);
	}

	/** One server-sent event. */
	public record Message(String id, String event, String data) {
	}

}
