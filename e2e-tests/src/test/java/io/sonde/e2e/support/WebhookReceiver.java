package io.sonde.e2e.support;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.sun.net.httpserver.HttpServer;

/**
 * A webhook receiver on 127.0.0.1: answers every POST with 204 and keeps what arrived, in
 * order, for the test to take.
 */
public final class WebhookReceiver implements AutoCloseable {

	private final HttpServer server;

	private final BlockingQueue<Delivery> deliveries = new LinkedBlockingQueue<>();

	private WebhookReceiver(HttpServer server) {
		this.server = server;
	}

	/** Listens on a free port of 127.0.0.1. */
	public static WebhookReceiver start() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		WebhookReceiver receiver = new WebhookReceiver(server);
		server.createContext("/", (exchange) -> {
			try (InputStream body = exchange.getRequestBody()) {
				Map<String, String> headers = exchange.getRequestHeaders()
					.entrySet()
					.stream()
					.collect(Collectors.toMap((header) -> header.getKey().toLowerCase(java.util.Locale.ROOT),
							(header) -> String.join(",", header.getValue()), (first, second) -> first));
				receiver.deliveries.add(new Delivery(Instant.now(), exchange.getRequestMethod(),
						exchange.getRequestURI().getPath(), headers, body.readAllBytes()));
			}
			exchange.sendResponseHeaders(204, -1);
			exchange.close();
		});
		server.start();
		return receiver;
	}

	/** {@code http://127.0.0.1:port/hooks}. */
	public String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/hooks";
	}

	/** The next delivery, waiting at most {@code wait}; null when none came. */
	public Delivery next(Duration wait) throws InterruptedException {
		return this.deliveries.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	/**
	 * One request as received.
	 *
	 * @param at when it arrived
	 * @param headers by lower-case name
	 * @param body the raw bytes, as signed
	 */
	public record Delivery(Instant at, String method, String path, Map<String, String> headers, byte[] body) {

		public String text() {
			return new String(this.body, StandardCharsets.UTF_8);
		}

		public String header(String name) {
			return this.headers.get(name);
		}

	}

}
