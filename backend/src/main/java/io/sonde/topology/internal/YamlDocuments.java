package io.sonde.topology.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.sonde.topology.TopologyRejected;

/**
 * A {@code sonde-topology} document written in YAML, as the JSON the catalog reads: the
 * same fields and checks, only the notation differs.
 */
public final class YamlDocuments {

	private static final YAMLMapper YAML = new YAMLMapper();

	private static final ObjectMapper JSON = new ObjectMapper();

	private YamlDocuments() {
	}

	/**
	 * @throws TopologyRejected if the text is not YAML
	 */
	public static String toJson(String yaml) {
		try {
			JsonNode tree = YAML.readTree(yaml);
			if (tree == null || tree.isMissingNode()) {
				throw new TopologyRejected("$", "the YAML document is empty");
			}
			return JSON.writeValueAsString(tree);
		}
		catch (JsonProcessingException ex) {
			throw new TopologyRejected("$", "not a YAML document: " + ex.getOriginalMessage()
					+ ((ex.getLocation() != null) ? " (line " + ex.getLocation().getLineNr() + ")" : ""));
		}
	}

	/** Whether a file name says YAML. */
	public static boolean isYamlFile(String fileName) {
		String lower = fileName.toLowerCase(java.util.Locale.ROOT);
		return lower.endsWith(".yaml") || lower.endsWith(".yml");
	}

}
