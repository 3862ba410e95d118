package io.sonde.emulator.topology;

import java.util.List;

/**
 * A topology that cannot be built, with every problem found (not just the first), so a
 * hand-written file can be fixed in one go.
 */
public class TopologyInvalid extends RuntimeException {

	private final String topology;

	private final List<String> problems;

	public TopologyInvalid(String topology, List<String> problems) {
		super("topology " + topology + " is invalid: " + String.join("; ", problems));
		this.topology = topology;
		this.problems = List.copyOf(problems);
	}

	public String topology() {
		return this.topology;
	}

	public List<String> problems() {
		return this.problems;
	}

}
