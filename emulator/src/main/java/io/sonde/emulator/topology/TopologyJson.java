package io.sonde.emulator.topology;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.sonde.emulator.net.LinkParameters;

/**
 * The topology file format, {@code sonde-topology} version 1: what the emulator loads
 * ({@code --topology file.json}) and what it exports for the backend to import,
 * documented in docs/TOPOLOGY_FORMAT.md.
 * <p>
 * Reading is strict: unknown fields are errors (a misspelt {@code jitterNanos} would
 * otherwise silently mean no jitter), and every error names the JSON path. Writing is
 * explicit: every link carries all of its parameters, so a written file reads back to an
 * equal {@link Topology}.
 */
public final class TopologyJson {

	public static final String FORMAT = "sonde-topology";

	public static final int VERSION = 1;

	/** Link parameters for fields that neither a link nor {@code linkDefaults} give. */
	public static final LinkParameters BUILT_IN_LINK_DEFAULTS = LinkParameters.ethernet(LinkParameters.GIGABIT, 1_000,
			1000);

	private static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
		.enable(SerializationFeature.INDENT_OUTPUT);

	private TopologyJson() {
	}

	/** Reads a topology file. */
	public static Topology read(Path file) {
		String source = file.toString();
		try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
			return read(reader, source);
		}
		catch (IOException ex) {
			throw new TopologyFileRejected(source, "cannot be read (" + ex.getMessage() + ")", ex);
		}
	}

	/** Reads a topology from JSON text. */
	public static Topology read(String json) {
		return read(new StringReader(json), "(inline JSON)");
	}

	/**
	 * Reads a topology from a reader.
	 * @param source how to name the input in errors
	 * @throws TopologyFileRejected naming the problem and where it is
	 */
	public static Topology read(Reader reader, String source) {
		JsonNode root;
		try {
			root = MAPPER.readTree(reader);
		}
		catch (JsonProcessingException ex) {
			throw new TopologyFileRejected(source, "is not valid JSON: " + ex.getOriginalMessage() + " at line "
					+ ex.getLocation().getLineNr() + ", column " + ex.getLocation().getColumnNr(), ex);
		}
		catch (IOException ex) {
			throw new TopologyFileRejected(source, "cannot be read (" + ex.getMessage() + ")", ex);
		}
		if (root == null || root.isMissingNode()) {
			throw new TopologyFileRejected(source, "is empty");
		}
		return new TopologyJsonReader(source).topology(root);
	}

	/** The topology as pretty-printed JSON. */
	public static String write(Topology topology) {
		try {
			return MAPPER.writeValueAsString(TopologyJsonWriter.toTree(MAPPER, topology)) + "\n";
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("a topology tree could not be serialized", ex);
		}
	}

	/** Writes the topology to a file (UTF-8). */
	public static void write(Topology topology, Path file) throws IOException {
		Files.writeString(file, write(topology), StandardCharsets.UTF_8);
	}

}
