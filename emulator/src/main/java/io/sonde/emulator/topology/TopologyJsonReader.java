package io.sonde.emulator.topology;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.MacAddress;

/**
 * Turns a parsed {@code sonde-topology} document into a {@link Topology}, naming the JSON
 * path of the first problem it meets, or every topology-level problem at once.
 */
final class TopologyJsonReader {

	private static final Set<String> ROOT_FIELDS = Set.of("format", "version", "name", "linkDefaults", "switches",
			"hosts", "links");

	private static final Set<String> SWITCH_FIELDS = Set.of("name", "deviceId", "p4RuntimePort", "mac", "role");

	private static final Set<String> HOST_FIELDS = Set.of("name", "ipv4", "mac");

	private static final Set<String> LINK_PARAMETER_FIELDS = Set.of("bandwidthBitsPerSecond", "propagationDelayNanos",
			"jitterNanos", "lossProbability", "queueCapacityPackets", "framingOverheadBytes");

	private static final Set<String> LINK_FIELDS;

	static {
		HashSet<String> fields = new HashSet<>(LINK_PARAMETER_FIELDS);
		fields.add("a");
		fields.add("b");
		LINK_FIELDS = Set.copyOf(fields);
	}

	private final String source;

	TopologyJsonReader(String source) {
		this.source = source;
	}

	Topology topology(JsonNode root) {
		requireObject(root, "the document");
		onlyFields(root, ROOT_FIELDS, "the document");
		String format = text(root, "format", "", true);
		if (!TopologyJson.FORMAT.equals(format)) {
			throw reject("format is '" + format + "', expected '" + TopologyJson.FORMAT + "'");
		}
		long version = integer(root, "version", "", 1, Integer.MAX_VALUE, null);
		if (version != TopologyJson.VERSION) {
			throw reject("version " + version + " is not supported (this emulator reads version " + TopologyJson.VERSION
					+ ")");
		}
		String name = text(root, "name", "", true);
		LinkParameters defaults = TopologyJson.BUILT_IN_LINK_DEFAULTS;
		if (root.has("linkDefaults")) {
			JsonNode node = root.get("linkDefaults");
			requireObject(node, "linkDefaults");
			onlyFields(node, LINK_PARAMETER_FIELDS, "linkDefaults");
			defaults = linkParameters(node, "linkDefaults", defaults);
		}
		List<SwitchSpec> switches = new ArrayList<>();
		forEach(root, "switches", (node, path) -> switches.add(switchSpec(node, path)));
		List<HostSpec> hosts = new ArrayList<>();
		forEach(root, "hosts", (node, path) -> hosts.add(hostSpec(node, path)));
		List<LinkSpec> links = new ArrayList<>();
		LinkParameters linkDefaults = defaults;
		forEach(root, "links", (node, path) -> links.add(linkSpec(node, path, linkDefaults)));
		try {
			return new Topology(name, switches, hosts, links);
		}
		catch (TopologyInvalid ex) {
			throw new TopologyFileRejected(this.source, String.join("; ", ex.problems()), ex);
		}
	}

	private SwitchSpec switchSpec(JsonNode node, String path) {
		requireObject(node, path);
		onlyFields(node, SWITCH_FIELDS, path);
		String name = text(node, "name", path, true);
		long deviceId = integer(node, "deviceId", path, 0, Long.MAX_VALUE, null);
		int grpcPort = (int) integer(node, "p4RuntimePort", path, 0, 0xffff, 0L);
		String mac = text(node, "mac", path, false);
		String role = text(node, "role", path, false);
		return new SwitchSpec(name, deviceId, grpcPort,
				(mac != null) ? mac(mac, path + ".mac") : SwitchSpec.defaultMac(deviceId), role);
	}

	private HostSpec hostSpec(JsonNode node, String path) {
		requireObject(node, path);
		onlyFields(node, HOST_FIELDS, path);
		String name = text(node, "name", path, true);
		Ipv4Address ipv4 = ipv4(text(node, "ipv4", path, true), path + ".ipv4");
		String mac = text(node, "mac", path, false);
		return new HostSpec(name, ipv4, (mac != null) ? mac(mac, path + ".mac") : HostSpec.defaultMac(ipv4));
	}

	private LinkSpec linkSpec(JsonNode node, String path, LinkParameters defaults) {
		requireObject(node, path);
		onlyFields(node, LINK_FIELDS, path);
		Endpoint a = endpoint(text(node, "a", path, true), path + ".a");
		Endpoint b = endpoint(text(node, "b", path, true), path + ".b");
		return new LinkSpec(a, b, linkParameters(node, path, defaults));
	}

	private LinkParameters linkParameters(JsonNode node, String path, LinkParameters defaults) {
		long bandwidth = integer(node, "bandwidthBitsPerSecond", path, 1, Long.MAX_VALUE / 1_000_000_000L,
				defaults.bandwidthBitsPerSecond());
		long delay = integer(node, "propagationDelayNanos", path, 0, Long.MAX_VALUE / 4,
				defaults.propagationDelayNanos());
		long jitter = integer(node, "jitterNanos", path, 0, Long.MAX_VALUE / 4, defaults.jitterNanos());
		double loss = probability(node, "lossProbability", path, defaults.lossProbability());
		int queue = (int) integer(node, "queueCapacityPackets", path, 1, Integer.MAX_VALUE,
				(long) defaults.queueCapacityPackets());
		int overhead = (int) integer(node, "framingOverheadBytes", path, 0, 1_000,
				(long) defaults.framingOverheadBytes());
		return new LinkParameters(bandwidth, delay, jitter, loss, queue, overhead);
	}

	private interface ElementReader {

		void read(JsonNode node, String path);

	}

	private void forEach(JsonNode root, String field, ElementReader reader) {
		JsonNode array = root.get(field);
		if (array == null || array.isNull()) {
			return;
		}
		if (!array.isArray()) {
			throw reject(field + " must be an array");
		}
		for (int i = 0; i < array.size(); i++) {
			String path = field + "[" + i + "]";
			try {
				reader.read(array.get(i), path);
			}
			catch (IllegalArgumentException ex) {
				throw reject(path + ": " + ex.getMessage());
			}
		}
	}

	private void requireObject(JsonNode node, String path) {
		if (!node.isObject()) {
			throw reject(path + " must be a JSON object");
		}
	}

	private void onlyFields(JsonNode node, Set<String> allowed, String path) {
		Iterator<String> names = node.fieldNames();
		while (names.hasNext()) {
			String field = names.next();
			if (!allowed.contains(field)) {
				throw reject(at(path, field) + " is not a field of this format (allowed: "
						+ String.join(", ", new TreeSet<>(allowed)) + ")");
			}
		}
	}

	private String text(JsonNode node, String field, String path, boolean required) {
		JsonNode value = node.get(field);
		if (value == null || value.isNull()) {
			if (required) {
				throw reject(at(path, field) + " is missing");
			}
			return null;
		}
		if (!value.isTextual() || value.asText().isBlank()) {
			throw reject(at(path, field) + " must be a non-empty string");
		}
		return value.asText();
	}

	private long integer(JsonNode node, String field, String path, long min, long max, Long fallback) {
		JsonNode value = node.get(field);
		if (value == null || value.isNull()) {
			if (fallback == null) {
				throw reject(at(path, field) + " is missing");
			}
			return fallback;
		}
		if (!value.isIntegralNumber() || !value.canConvertToLong()) {
			throw reject(at(path, field) + " must be an integer, got " + value);
		}
		long number = value.longValue();
		if (number < min || number > max) {
			throw reject(at(path, field) + " must be within " + min + ".." + max + ", got " + number);
		}
		return number;
	}

	private double probability(JsonNode node, String field, String path, double fallback) {
		JsonNode value = node.get(field);
		if (value == null || value.isNull()) {
			return fallback;
		}
		if (!value.isNumber()) {
			throw reject(at(path, field) + " must be a number, got " + value);
		}
		double number = value.doubleValue();
		if (!(number >= 0.0 && number <= 1.0)) {
			throw reject(at(path, field) + " must be within 0..1, got " + value);
		}
		return number;
	}

	private MacAddress mac(String text, String path) {
		try {
			return MacAddress.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw reject(path + ": " + ex.getMessage());
		}
	}

	private Ipv4Address ipv4(String text, String path) {
		try {
			return Ipv4Address.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw reject(path + ": " + ex.getMessage());
		}
	}

	private Endpoint endpoint(String text, String path) {
		try {
			return Endpoint.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw reject(path + ": " + ex.getMessage());
		}
	}

	private static String at(String path, String field) {
		return path.isEmpty() ? field : path + "." + field;
	}

	private TopologyFileRejected reject(String problem) {
		return new TopologyFileRejected(this.source, problem);
	}

}
