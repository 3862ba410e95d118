package io.sonde.topology;

/**
 * A topology document that cannot be imported: not JSON, not {@code sonde-topology}
 * version 1, or describing a network Sonde cannot manage. Names the JSON path of the
 * first problem ({@code switches[3].deviceId}; empty for the document as a whole).
 */
public class TopologyRejected extends RuntimeException {

	private final String field;

	private final String problem;

	public TopologyRejected(String field, String problem) {
		this(field, problem, null);
	}

	public TopologyRejected(String field, String problem, Throwable cause) {
		super((field.isEmpty() ? "the document" : field) + ": " + problem, cause);
		this.field = field;
		this.problem = problem;
	}

	/** The JSON path of the problem; empty when it concerns the whole document. */
	public String field() {
		return this.field;
	}

	/** What is wrong there, without the path. */
	public String problem() {
		return this.problem;
	}

}
