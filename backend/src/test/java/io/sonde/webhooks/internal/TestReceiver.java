package io.sonde.webhooks.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A webhook receiver on 127.0.0.1 (the JDK's HTTP server) that verifies every request
 * with {@link SignatureVerifier} against the secrets it is told, answers 400 to a request
 * that fails verification, and otherwise answers the scripted responses in turn (then 200
 * for good).
 */
final class TestReceiver implements AutoCloseable {

	private final HttpServer server;

	private final ConcurrentLinkedQueue<Scripted> script = new ConcurrentLinkedQueue<>();

	private final List<Received> received = new CopyOnWriteArrayList<>();

	private volatile List<String> secrets = List.of();

	private final Clock clock;

	TestReceiver(Clock clock) throws IOException {
		this.clock = clock;
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
		this.server.createContext("/", this::handle);
		this.server.start();
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/hook";
	}

	int port() {
		return this.server.getAddress().getPort();
	}

	void verifyWith(String... secrets) {
		this.secrets = List.of(secrets);
	}

	/** The next answers, in order: a status and its headers. */
	void answer(int status, Map<String, String> headers) {
		this.script.add(new Scripted(status, headers));
	}

	List<Received> received() {
		return new ArrayList<>(this.received);
	}

	private void handle(HttpExchange exchange) throws IOException {
		Instant at = this.clock.instant();
		String body;
		try (InputStream in = exchange.getRequestBody()) {
			body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		String id = exchange.getRequestHeaders().getFirst("webhook-id");
		String timestamp = exchange.getRequestHeaders().getFirst("webhook-timestamp");
		String signature = exchange.getRequestHeaders().getFirst("webhook-signature");
		List<String> verifiedBy = new ArrayList<>();
		String rejection = null;
		for (String secret : this.secrets) {
			String why = SignatureVerifier.rejection(secret, id, timestamp, signature, body, at);
			if (why == null) {
				verifiedBy.add(secret);
			}
			else {
				rejection = why;
			}
		}
		Scripted answer = verifiedBy.isEmpty() ? new Scripted(400, Map.of()) : this.script.poll();
		if (answer == null) {
			answer = new Scripted(200, Map.of());
		}
		this.received.add(new Received(at, exchange.getRequestURI().getPath(), id, timestamp, signature, body,
				verifiedBy, verifiedBy.isEmpty() ? rejection : null, answer.status()));
		answer.headers().forEach(exchange.getResponseHeaders()::add);
		exchange.sendResponseHeaders(answer.status(), -1);
		exchange.close();
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	record Scripted(int status, Map<String, String> headers) {

	}

	/** One request as it arrived, with what the verifier said. */
	record Received(Instant at, String path, String webhookId, String timestamp, String signature, String body,
			List<String> verifiedBy, String rejection, int answered) {

	}

}
