package io.sonde.topology.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.sonde.topology.LinkProperties;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyHost;
import io.sonde.topology.TopologyLink;
import io.sonde.topology.TopologySwitch;

/**
 * Writes a {@link Topology} as a {@code sonde-topology} version 1 document with every
 * field explicit and no {@code linkDefaults}, in the field order of TOPOLOGY_FORMAT.md,
 * as the emulator writes its export: {@link TopologyDocumentReader} reads it back to an
 * equal topology, so what is stored and what the API returns can be imported again.
 */
public final class TopologyDocumentWriter {

	private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

	public String write(Topology topology) {
		ObjectNode root = JSON.createObjectNode();
		root.put("format", TopologyDocumentReader.FORMAT);
		root.put("version", TopologyDocumentReader.VERSION);
		root.put("name", topology.name());
		ArrayNode switches = root.putArray("switches");
		for (TopologySwitch candidate : topology.switches()) {
			switches.addObject()
				.put("name", candidate.name())
				.put("deviceId", candidate.deviceId())
				.put("p4RuntimePort", candidate.p4RuntimePort())
				.put("mac", candidate.mac())
				.put("role", candidate.role());
		}
		ArrayNode hosts = root.putArray("hosts");
		for (TopologyHost host : topology.hosts()) {
			hosts.addObject().put("name", host.name()).put("ipv4", host.ipv4()).put("mac", host.mac());
		}
		ArrayNode links = root.putArray("links");
		for (TopologyLink link : topology.links()) {
			LinkProperties properties = link.properties();
			links.addObject()
				.put("a", link.a().toString())
				.put("b", link.b().toString())
				.put("bandwidthBitsPerSecond", properties.bandwidthBitsPerSecond())
				.put("propagationDelayNanos", properties.propagationDelayNanos())
				.put("jitterNanos", properties.jitterNanos())
				.put("lossProbability", properties.lossProbability())
				.put("queueCapacityPackets", properties.queueCapacityPackets())
				.put("framingOverheadBytes", properties.framingOverheadBytes());
		}
		try {
			return JSON.writeValueAsString(root) + "\n";
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("a tree of plain values could not be serialized", ex);
		}
	}

}
