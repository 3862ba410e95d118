package io.sonde.emulator.topology;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.sonde.emulator.net.LinkParameters;

/** Builds the JSON tree of a topology, fields in the documented order. */
final class TopologyJsonWriter {

	private TopologyJsonWriter() {
	}

	static ObjectNode toTree(ObjectMapper mapper, Topology topology) {
		ObjectNode root = mapper.createObjectNode();
		root.put("format", TopologyJson.FORMAT);
		root.put("version", TopologyJson.VERSION);
		root.put("name", topology.name());
		ArrayNode switches = root.putArray("switches");
		for (SwitchSpec s : topology.switches()) {
			ObjectNode node = switches.addObject();
			node.put("name", s.name());
			node.put("deviceId", s.deviceId());
			node.put("p4RuntimePort", s.p4RuntimePort());
			node.put("mac", s.mac().toString());
			node.put("role", s.role());
		}
		ArrayNode hosts = root.putArray("hosts");
		for (HostSpec h : topology.hosts()) {
			ObjectNode node = hosts.addObject();
			node.put("name", h.name());
			node.put("ipv4", h.ipv4().toString());
			node.put("mac", h.mac().toString());
		}
		ArrayNode links = root.putArray("links");
		for (LinkSpec link : topology.links()) {
			ObjectNode node = links.addObject();
			node.put("a", link.a().toString());
			node.put("b", link.b().toString());
			LinkParameters p = link.parameters();
			node.put("bandwidthBitsPerSecond", p.bandwidthBitsPerSecond());
			node.put("propagationDelayNanos", p.propagationDelayNanos());
			node.put("jitterNanos", p.jitterNanos());
			node.put("lossProbability", p.lossProbability());
			node.put("queueCapacityPackets", p.queueCapacityPackets());
			node.put("framingOverheadBytes", p.framingOverheadBytes());
		}
		return root;
	}

}
