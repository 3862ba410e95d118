package io.sonde.labeling;

import java.util.List;

/**
 * Labeling parameters or a specific flow that cannot be applied; names every field at
 * fault as a path ({@code switches.leaf-1.intervalMs}). Nothing was stored or written.
 */
public class LabelingRejected extends RuntimeException {

	private final List<FieldProblem> problems;

	public LabelingRejected(String field, String detail) {
		this(List.of(new FieldProblem(field, detail)));
	}

	public LabelingRejected(List<FieldProblem> problems) {
		super(summary(problems));
		this.problems = List.copyOf(problems);
	}

	/** The first field at fault. */
	public String field() {
		return this.problems.get(0).field();
	}

	public List<FieldProblem> problems() {
		return this.problems;
	}

	private static String summary(List<FieldProblem> problems) {
		if (problems.isEmpty()) {
			throw new IllegalArgumentException("a rejection names at least one problem");
		}
		FieldProblem first = problems.get(0);
		return first.field() + ": " + first.detail()
				+ ((problems.size() > 1) ? " (and " + (problems.size() - 1) + " more, listed in 'errors')" : "");
	}

	/**
	 * One field at fault.
	 *
	 * @param field its path, e.g. {@code network.restMs}
	 * @param detail what is wrong with it
	 */
	public record FieldProblem(String field, String detail) {
	}

}
