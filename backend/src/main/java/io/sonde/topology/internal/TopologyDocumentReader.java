package io.sonde.topology.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.sonde.topology.LinkEnd;
import io.sonde.topology.LinkProperties;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyHost;
import io.sonde.topology.TopologyLink;
import io.sonde.topology.TopologyRejected;
import io.sonde.topology.TopologySwitch;

/**
 * Reads a {@code sonde-topology} version 1 document (the emulator's export; the format is
 * documented in docs/TOPOLOGY_FORMAT.md) into a {@link Topology}, or rejects it naming
 * the JSON path of the first problem.
 * <p>
 * Stricter than the format in two places, because the backend must reach every switch: a
 * switch needs its P4Runtime port (0, "a free port at start", is only meaningful to the
 * emulator; its export carries the real ports), and its device id must not be 0
 * (P4Runtime section 5.1: device_id must be non-zero since version 1.5; the emulator's
 * switches refuse 0 too).
 */
public final class TopologyDocumentReader {

	static final String FORMAT = "sonde-topology";

	static final int VERSION = 1;

	/**
	 * Format v1 switches listen on the loopback only (TOPOLOGY_FORMAT.md,
	 * {@code p4RuntimePort}).
	 */
	static final String P4RUNTIME_HOST = "127.0.0.1";

	/** Ports 0..511, as the emulator's switches have (TOPOLOGY_FORMAT.md, "Link"). */
	static final int MAX_PORT = 511;

	private static final Set<String> ROOT_FIELDS = Set.of("format", "version", "name", "linkDefaults", "switches",
			"hosts", "links");

	private static final Set<String> SWITCH_FIELDS = Set.of("name", "deviceId", "p4RuntimePort", "mac", "role");

	private static final Set<String> HOST_FIELDS = Set.of("name", "ipv4", "mac");

	private static final Set<String> LINK_PARAMETERS = Set.of("bandwidthBitsPerSecond", "propagationDelayNanos",
			"jitterNanos", "lossProbability", "queueCapacityPackets", "framingOverheadBytes");

	private static final Set<String> LINK_FIELDS = union(LINK_PARAMETERS, Set.of("a", "b"));

	/** Duplicate keys are errors too: which of two values was meant is a guess. */
	private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

	private final boolean needsP4RuntimePorts;

	/** A reader for imports: every switch needs its P4Runtime port. */
	public TopologyDocumentReader() {
		this(true);
	}

	/**
	 * @param needsP4RuntimePorts false for documents only planned over (offline probe
	 * plans), where no switch is dialled and port 0 is as good as any
	 */
	public TopologyDocumentReader(boolean needsP4RuntimePorts) {
		this.needsP4RuntimePorts = needsP4RuntimePorts;
	}

	/**
	 * @throws TopologyRejected naming the field of the first problem
	 */
	public Topology read(String document) {
		JsonNode root;
		try {
			root = JSON.readTree(document);
		}
		catch (JsonProcessingException ex) {
			String where = (ex.getLocation() != null)
					? " at line " + ex.getLocation().getLineNr() + ", column " + ex.getLocation().getColumnNr() : "";
			throw new TopologyRejected("", "is not valid JSON: " + ex.getOriginalMessage() + where, ex);
		}
		if (root == null || root.isMissingNode()) {
			throw new TopologyRejected("", "is empty");
		}
		return topology(root);
	}

	private Topology topology(JsonNode root) {
		JsonFields document = JsonFields.of(root, "", ROOT_FIELDS);
		String format = document.requiredText("format");
		if (!FORMAT.equals(format)) {
			throw new TopologyRejected("format", "is '" + format + "', expected '" + FORMAT + "'");
		}
		long version = document.requiredInteger("version", 0, Integer.MAX_VALUE);
		if (version != VERSION) {
			throw new TopologyRejected("version",
					"version " + version + " is not supported (Sonde reads " + VERSION + ")");
		}
		String name = document.requiredText("name");
		LinkProperties defaults = LinkProperties.FORMAT_DEFAULTS;
		if (document.has("linkDefaults")) {
			defaults = linkProperties(JsonFields.of(document.get("linkDefaults"), "linkDefaults", LINK_PARAMETERS),
					defaults);
		}
		List<TopologySwitch> switches = new ArrayList<>();
		for (JsonFields element : elements(document, "switches", SWITCH_FIELDS)) {
			switches.add(switchOf(element));
		}
		List<TopologyHost> hosts = new ArrayList<>();
		for (JsonFields element : elements(document, "hosts", HOST_FIELDS)) {
			hosts.add(hostOf(element));
		}
		List<TopologyLink> links = new ArrayList<>();
		for (JsonFields element : elements(document, "links", LINK_FIELDS)) {
			links.add(linkOf(element, defaults));
		}
		TopologyChecks.check(switches, hosts, links);
		return new Topology(name, switches, hosts, links);
	}

	private TopologySwitch switchOf(JsonFields element) {
		String name = element.requiredText("name");
		long deviceId = element.requiredInteger("deviceId", 0, Long.MAX_VALUE);
		if (deviceId == 0) {
			throw new TopologyRejected(element.pathOf("deviceId"),
					"must be non-zero (P4Runtime section 5.1 reserves 0)");
		}
		long port = element.integer("p4RuntimePort", 0, 0xFFFF, 0);
		if (port == 0 && this.needsP4RuntimePorts) {
			throw new TopologyRejected(element.pathOf("p4RuntimePort"),
					"is needed to reach the switch (0 means 'a free port chosen when the emulator starts'; "
							+ "import the emulator's export, which carries the ports it listens on)");
		}
		String mac = element.optionalText("mac");
		String role = element.optionalText("role");
		return new TopologySwitch(name, deviceId, P4RUNTIME_HOST, (int) port, (role != null) ? role : "switch",
				(mac != null) ? Addresses.mac(mac, element.pathOf("mac")) : Addresses.defaultSwitchMac(deviceId));
	}

	private TopologyHost hostOf(JsonFields element) {
		String name = element.requiredText("name");
		String ipv4 = Addresses.ipv4(element.requiredText("ipv4"), element.pathOf("ipv4"));
		String mac = element.optionalText("mac");
		return new TopologyHost(name, ipv4,
				(mac != null) ? Addresses.mac(mac, element.pathOf("mac")) : Addresses.defaultHostMac(ipv4));
	}

	private TopologyLink linkOf(JsonFields element, LinkProperties defaults) {
		LinkEnd a = Addresses.linkEnd(element.requiredText("a"), element.pathOf("a"));
		LinkEnd b = Addresses.linkEnd(element.requiredText("b"), element.pathOf("b"));
		return new TopologyLink(a, b, linkProperties(element, defaults));
	}

	/** The same bounds as the emulator's reader, so both accept the same documents. */
	private LinkProperties linkProperties(JsonFields fields, LinkProperties defaults) {
		return new LinkProperties(
				fields.integer("bandwidthBitsPerSecond", 1, Long.MAX_VALUE / 1_000_000_000L,
						defaults.bandwidthBitsPerSecond()),
				fields.integer("propagationDelayNanos", 0, Long.MAX_VALUE / 4, defaults.propagationDelayNanos()),
				fields.integer("jitterNanos", 0, Long.MAX_VALUE / 4, defaults.jitterNanos()),
				fields.probability("lossProbability", defaults.lossProbability()),
				(int) fields.integer("queueCapacityPackets", 1, Integer.MAX_VALUE, defaults.queueCapacityPackets()),
				(int) fields.integer("framingOverheadBytes", 0, 1_000, defaults.framingOverheadBytes()));
	}

	private static List<JsonFields> elements(JsonFields document, String field, Set<String> allowed) {
		if (!document.has(field)) {
			return List.of();
		}
		JsonNode array = document.get(field);
		if (!array.isArray()) {
			throw new TopologyRejected(field, "must be an array");
		}
		List<JsonFields> elements = new ArrayList<>();
		for (int i = 0; i < array.size(); i++) {
			elements.add(JsonFields.of(array.get(i), field + "[" + i + "]", allowed));
		}
		return elements;
	}

	private static Set<String> union(Set<String> first, Set<String> second) {
		Set<String> all = new java.util.HashSet<>(first);
		all.addAll(second);
		return Set.copyOf(all);
	}

}
