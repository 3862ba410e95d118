package io.sonde.emulator.topology;

/**
 * A topology file that could not be read: unreadable, not JSON, not the
 * {@code sonde-topology} format, or describing an invalid topology. The message names the
 * file and the JSON path of the problem (e.g. {@code links[3].a}).
 */
public class TopologyFileRejected extends RuntimeException {

	private final String source;

	public TopologyFileRejected(String source, String problem) {
		super("topology file " + source + ": " + problem);
		this.source = source;
	}

	public TopologyFileRejected(String source, String problem, Throwable cause) {
		super("topology file " + source + ": " + problem, cause);
		this.source = source;
	}

	/** The file (or "inline JSON") the problem is in. */
	public String source() {
		return this.source;
	}

}
