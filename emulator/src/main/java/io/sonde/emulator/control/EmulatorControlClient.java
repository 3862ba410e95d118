package io.sonde.emulator.control;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sonde.emulator.run.LinkChange;
import io.sonde.emulator.run.LinkStatus;
import io.sonde.emulator.run.NetworkStatus;
import io.sonde.emulator.run.SwitchStatus;

/**
 * Speaks the control protocol (package description) to a running emulator: what
 * {@code sonde-emulator ctl} does, for tests and tools in Java. Each call is one HTTP
 * request; a refusal is a {@link ControlRequestRefused} with the emulator's message, no
 * answer at all an {@link EmulatorControlUnreachable}.
 * <p>
 * Links are named by one end, {@code node:port}, or by their two nodes, {@code a/b}.
 */
public final class EmulatorControlClient {

	/** How long an answer may take, beyond a restart's down time. */
	private static final Duration ANSWER_WITHIN = Duration.ofSeconds(30);

	private final InetSocketAddress address;

	private final HttpClient http;

	public EmulatorControlClient(InetSocketAddress address) {
		this.address = address;
		this.http = HttpClient.newBuilder()
			.connectTimeout(Duration.ofSeconds(5))
			.version(HttpClient.Version.HTTP_1_1)
			.build();
	}

	/** The control channel on 127.0.0.1:{@code port}. */
	public static EmulatorControlClient onPort(int port) {
		return new EmulatorControlClient(new InetSocketAddress(EmulatorControlServer.LOOPBACK, port));
	}

	public InetSocketAddress address() {
		return this.address;
	}

	/** Every switch and link with its state. */
	public NetworkStatus status() {
		return ControlJson.networkStatus(call("GET", "/v1/status", null, ANSWER_WITHIN));
	}

	/** Cuts a switch's power; it stays down until {@link #start}. */
	public SwitchStatus stop(String switchName) {
		return ControlJson.switchStatus(call("POST", switchPath(switchName, "stop"), null, ANSWER_WITHIN));
	}

	/** Powers a stopped switch on; it answers with no pipeline. */
	public SwitchStatus start(String switchName) {
		return ControlJson.switchStatus(call("POST", switchPath(switchName, "start"), null, ANSWER_WITHIN));
	}

	/**
	 * A power cycle: stopped, down for {@code downFor}, started; returns when it is up
	 * again, its {@code since} being when it came back.
	 */
	public SwitchStatus restart(String switchName, Duration downFor) {
		ObjectNode body = ControlJson.MAPPER.createObjectNode().put("downForMillis", downFor.toMillis());
		return ControlJson
			.switchStatus(call("POST", switchPath(switchName, "restart"), body, ANSWER_WITHIN.plus(downFor)));
	}

	/** Cuts a link: both directions drop everything until {@link #linkUp}. */
	public LinkStatus linkDown(String link) {
		return ControlJson.linkStatus(call("POST", linkPath(link, "down"), null, ANSWER_WITHIN));
	}

	public LinkStatus linkUp(String link) {
		return ControlJson.linkStatus(call("POST", linkPath(link, "up"), null, ANSWER_WITHIN));
	}

	/** Changes a link's loss, delay, jitter or bandwidth. */
	public LinkStatus changeLink(String link, LinkChange change) {
		return ControlJson.linkStatus(call("POST", linkPath(link, "change"), ControlJson.write(change), ANSWER_WITHIN));
	}

	/** Gives a link back the topology's loss, delay, jitter and bandwidth. */
	public LinkStatus clearLink(String link) {
		return ControlJson.linkStatus(call("POST", linkPath(link, "clear"), null, ANSWER_WITHIN));
	}

	private static String switchPath(String name, String operation) {
		return "/v1/switches/" + segment(name) + "/" + operation;
	}

	private static String linkPath(String link, String operation) {
		return "/v1/links/" + segment(link) + "/" + operation;
	}

	private static String segment(String value) {
		if (value == null || value.isBlank()) {
			throw new IllegalArgumentException("a switch or link name is needed");
		}
		return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
	}

	private JsonNode call(String method, String path, JsonNode body, Duration timeout) {
		URI uri = URI.create("http://" + this.address.getHostString() + ":" + this.address.getPort() + path);
		HttpRequest.BodyPublisher publisher = (body != null)
				? HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8)
				: HttpRequest.BodyPublishers.noBody();
		HttpRequest request = HttpRequest.newBuilder(uri)
			.method(method, publisher)
			.header("Content-Type", "application/json")
			.timeout(timeout)
			.build();
		HttpResponse<String> response;
		try {
			response = this.http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new EmulatorControlUnreachable(this.address, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EmulatorControlUnreachable(this.address, ex);
		}
		JsonNode answer = parse(response);
		if (response.statusCode() != 200) {
			String message = answer.path("error").asText("the emulator answered " + response.statusCode());
			throw new ControlRequestRefused(response.statusCode(), message);
		}
		return answer;
	}

	private JsonNode parse(HttpResponse<String> response) {
		try {
			return ControlJson.MAPPER.readTree(response.body());
		}
		catch (JsonProcessingException ex) {
			throw new ControlRequestRefused(response.statusCode(),
					"what answers at " + this.address.getHostString() + ":" + this.address.getPort()
							+ " is not an emulator's control channel: " + ex.getOriginalMessage());
		}
	}

}
