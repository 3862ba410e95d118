package io.sonde.emulator.control;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.run.LinkChange;
import io.sonde.emulator.run.LinkStatus;
import io.sonde.emulator.run.NetworkStatus;
import io.sonde.emulator.run.SwitchStatus;

/**
 * The control protocol's JSON (package description), both ways: the server writes
 * statuses and reads request bodies, the client the other way round. A request body is
 * read strictly: an unknown field or a value of the wrong type is an
 * {@link IllegalArgumentException} naming the field.
 */
final class ControlJson {

	static final ObjectMapper MAPPER = new ObjectMapper();

	private static final Set<String> CHANGE_FIELDS = Set.of("lossProbability", "delayNanos", "jitterNanos",
			"bandwidthBitsPerSecond");

	private static final Set<String> RESTART_FIELDS = Set.of("downForMillis");

	private ControlJson() {
	}

	static ObjectNode error(String message) {
		return MAPPER.createObjectNode().put("error", message);
	}

	static ObjectNode write(NetworkStatus status) {
		ObjectNode node = MAPPER.createObjectNode().put("network", status.network());
		ArrayNode switches = node.putArray("switches");
		status.switches().forEach((s) -> switches.add(write(s)));
		ArrayNode links = node.putArray("links");
		status.links().forEach((l) -> links.add(write(l)));
		return node;
	}

	static ObjectNode write(SwitchStatus status) {
		return MAPPER.createObjectNode()
			.put("name", status.name())
			.put("deviceId", status.deviceId())
			.put("address", status.address())
			.put("up", status.up())
			.put("since", status.since().toString())
			.put("programmed", status.programmed())
			.put("droppedWhileDown", status.droppedWhileDown());
	}

	static ObjectNode write(LinkStatus status) {
		ObjectNode node = MAPPER.createObjectNode()
			.put("name", status.name())
			.put("a", status.a())
			.put("b", status.b())
			.put("up", status.up());
		node.set("parameters", write(status.parameters()));
		node.set("configured", write(status.configured()));
		return node.put("deliveredPackets", status.deliveredPackets())
			.put("lostPackets", status.lostPackets())
			.put("droppedWhileDown", status.droppedWhileDown());
	}

	static ObjectNode write(LinkParameters parameters) {
		return MAPPER.createObjectNode()
			.put("lossProbability", parameters.lossProbability())
			.put("propagationDelayNanos", parameters.propagationDelayNanos())
			.put("jitterNanos", parameters.jitterNanos())
			.put("bandwidthBitsPerSecond", parameters.bandwidthBitsPerSecond())
			.put("queueCapacityPackets", parameters.queueCapacityPackets())
			.put("framingOverheadBytes", parameters.framingOverheadBytes());
	}

	static ObjectNode write(LinkChange change) {
		ObjectNode node = MAPPER.createObjectNode();
		if (change.lossProbability() != null) {
			node.put("lossProbability", change.lossProbability());
		}
		if (change.delay() != null) {
			node.put("delayNanos", change.delay().toNanos());
		}
		if (change.jitter() != null) {
			node.put("jitterNanos", change.jitter().toNanos());
		}
		if (change.bandwidthBitsPerSecond() != null) {
			node.put("bandwidthBitsPerSecond", change.bandwidthBitsPerSecond());
		}
		return node;
	}

	/** A change request's body. */
	static LinkChange linkChange(JsonNode body) {
		requireOnly(body, CHANGE_FIELDS);
		Double loss = body.has("lossProbability") ? number(body, "lossProbability") : null;
		Duration delay = body.has("delayNanos") ? Duration.ofNanos(whole(body, "delayNanos")) : null;
		Duration jitter = body.has("jitterNanos") ? Duration.ofNanos(whole(body, "jitterNanos")) : null;
		Long bandwidth = body.has("bandwidthBitsPerSecond") ? whole(body, "bandwidthBitsPerSecond") : null;
		return new LinkChange(loss, delay, jitter, bandwidth);
	}

	/** A restart request's body: the down time, 0 when not given. */
	static Duration downFor(JsonNode body) {
		requireOnly(body, RESTART_FIELDS);
		return body.has("downForMillis") ? Duration.ofMillis(whole(body, "downForMillis")) : Duration.ZERO;
	}

	static NetworkStatus networkStatus(JsonNode node) {
		List<SwitchStatus> switches = new ArrayList<>();
		node.path("switches").forEach((s) -> switches.add(switchStatus(s)));
		List<LinkStatus> links = new ArrayList<>();
		node.path("links").forEach((l) -> links.add(linkStatus(l)));
		return new NetworkStatus(text(node, "network"), switches, links);
	}

	static SwitchStatus switchStatus(JsonNode node) {
		return new SwitchStatus(text(node, "name"), node.path("deviceId").asLong(), text(node, "address"),
				node.path("up").asBoolean(), instant(node, "since"), node.path("programmed").asBoolean(),
				node.path("droppedWhileDown").asLong());
	}

	static LinkStatus linkStatus(JsonNode node) {
		return new LinkStatus(text(node, "name"), text(node, "a"), text(node, "b"), node.path("up").asBoolean(),
				parameters(node.path("parameters")), parameters(node.path("configured")),
				node.path("deliveredPackets").asLong(), node.path("lostPackets").asLong(),
				node.path("droppedWhileDown").asLong());
	}

	private static LinkParameters parameters(JsonNode node) {
		return new LinkParameters(node.path("bandwidthBitsPerSecond").asLong(),
				node.path("propagationDelayNanos").asLong(), node.path("jitterNanos").asLong(),
				node.path("lossProbability").asDouble(), node.path("queueCapacityPackets").asInt(),
				node.path("framingOverheadBytes").asInt());
	}

	private static void requireOnly(JsonNode body, Set<String> fields) {
		if (!body.isObject()) {
			throw new IllegalArgumentException("the body must be a JSON object");
		}
		for (Iterator<String> names = body.fieldNames(); names.hasNext();) {
			String name = names.next();
			if (!fields.contains(name)) {
				throw new IllegalArgumentException(
						"unknown field '" + name + "'; known: " + String.join(", ", fields.stream().sorted().toList()));
			}
		}
	}

	private static double number(JsonNode body, String field) {
		JsonNode value = body.get(field);
		if (!value.isNumber()) {
			throw new IllegalArgumentException(field + " must be a number, got " + value);
		}
		return value.asDouble();
	}

	private static long whole(JsonNode body, String field) {
		JsonNode value = body.get(field);
		if (!value.isIntegralNumber() || !value.canConvertToLong()) {
			throw new IllegalArgumentException(field + " must be a whole number, got " + value);
		}
		return value.asLong();
	}

	private static String text(JsonNode node, String field) {
		JsonNode value = node.get(field);
		if (value == null || !value.isTextual()) {
			throw new IllegalStateException("the emulator's answer lacks '" + field + "': " + node);
		}
		return value.asText();
	}

	private static Instant instant(JsonNode node, String field) {
		try {
			return Instant.parse(text(node, field));
		}
		catch (DateTimeParseException ex) {
			throw new IllegalStateException("the emulator's answer has no time in '" + field + "': " + node, ex);
		}
	}

}
