package io.sonde.emulator.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.UnknownLink;
import io.sonde.emulator.run.UnknownSwitch;

/**
 * One request of the control protocol: routes it to the network's operation and answers
 * with the JSON of the result, or with {@code {"error": ...}} and the status the package
 * description lists. Every failure is answered; none escapes to the HTTP server.
 */
final class ControlExchange implements HttpHandler {

	private static final System.Logger LOG = System.getLogger(ControlExchange.class.getName());

	/** Bodies are a handful of numbers. */
	private static final int MAX_BODY_BYTES = 16 * 1024;

	private final EmulatedNetwork network;

	ControlExchange(EmulatedNetwork network) {
		this.network = network;
	}

	@Override
	public void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			int status = 200;
			JsonNode answer;
			try {
				answer = route(exchange);
			}
			catch (UnknownSwitch | UnknownLink | NoSuchOperation ex) {
				status = 404;
				answer = ControlJson.error(ex.getMessage());
			}
			catch (WrongMethod ex) {
				status = 405;
				answer = ControlJson.error(ex.getMessage());
			}
			catch (IllegalArgumentException ex) {
				status = 400;
				answer = ControlJson.error(ex.getMessage());
			}
			catch (UncheckedIOException ex) {
				status = 409;
				answer = ControlJson.error(ex.getMessage());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				status = 503;
				answer = ControlJson.error("the emulator is shutting down");
			}
			catch (RuntimeException ex) {
				LOG.log(Level.WARNING, "control request " + exchange.getRequestURI() + " failed", ex);
				status = 500;
				answer = ControlJson.error("the emulator failed: " + ex);
			}
			byte[] body = ControlJson.MAPPER.writeValueAsBytes(answer);
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(status, body.length);
			exchange.getResponseBody().write(body);
		}
	}

	private JsonNode route(HttpExchange exchange) throws IOException, InterruptedException {
		List<String> path = segments(exchange.getRequestURI().getRawPath());
		String method = exchange.getRequestMethod();
		if (path.size() == 2 && path.get(1).equals("status")) {
			requireMethod(method, "GET");
			return ControlJson.write(this.network.faultStatus());
		}
		if (path.size() == 4 && path.get(1).equals("switches")) {
			requireMethod(method, "POST");
			String name = path.get(2);
			return switch (path.get(3)) {
				case "stop" -> ControlJson.write(this.network.stopSwitch(name));
				case "start" -> ControlJson.write(this.network.startSwitch(name));
				case "restart" ->
					ControlJson.write(this.network.restartSwitch(name, ControlJson.downFor(body(exchange))));
				default -> throw new NoSuchOperation(exchange);
			};
		}
		if (path.size() == 4 && path.get(1).equals("links")) {
			requireMethod(method, "POST");
			String link = path.get(2);
			return switch (path.get(3)) {
				case "down" -> ControlJson.write(this.network.setLinkUp(link, false));
				case "up" -> ControlJson.write(this.network.setLinkUp(link, true));
				case "clear" -> ControlJson.write(this.network.resetLink(link));
				case "change" ->
					ControlJson.write(this.network.changeLink(link, ControlJson.linkChange(body(exchange))));
				default -> throw new NoSuchOperation(exchange);
			};
		}
		throw new NoSuchOperation(exchange);
	}

	/**
	 * {@code /v1/a/b} as {@code [v1, a, b]}, each decoded; anything but v1 is unknown.
	 */
	private static List<String> segments(String rawPath) {
		List<String> parts = Arrays.stream(rawPath.split("/"))
			.filter((part) -> !part.isEmpty())
			.map((part) -> URLDecoder.decode(part, StandardCharsets.UTF_8))
			.toList();
		return (!parts.isEmpty() && parts.get(0).equals("v1")) ? parts : List.of();
	}

	private static void requireMethod(String method, String expected) {
		if (!method.equals(expected)) {
			throw new WrongMethod(method + " is not allowed here; use " + expected);
		}
	}

	/** The request's JSON body; an empty body reads as {}. */
	private static JsonNode body(HttpExchange exchange) throws IOException {
		InputStream in = exchange.getRequestBody();
		byte[] bytes = in.readNBytes(MAX_BODY_BYTES + 1);
		if (bytes.length > MAX_BODY_BYTES) {
			throw new IllegalArgumentException("the body is longer than " + MAX_BODY_BYTES + " bytes");
		}
		if (bytes.length == 0) {
			return ControlJson.MAPPER.createObjectNode();
		}
		try {
			return ControlJson.MAPPER.readTree(bytes);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalArgumentException("the body is not JSON: " + ex.getOriginalMessage());
		}
	}

	/** A path the protocol does not have. */
	private static final class NoSuchOperation extends RuntimeException {

		NoSuchOperation(HttpExchange exchange) {
			super("no such control operation: " + exchange.getRequestMethod() + " " + exchange.getRequestURI()
					+ " (GET /v1/status, POST /v1/switches/NAME/stop|start|restart, "
					+ "POST /v1/links/LINK/down|up|change|clear)");
		}

	}

	/** A known path with the wrong method. */
	private static final class WrongMethod extends RuntimeException {

		WrongMethod(String message) {
			super(message);
		}

	}

}
