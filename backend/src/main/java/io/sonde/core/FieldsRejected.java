package io.sonde.core;

import java.util.List;

/**
 * A document a module cannot apply, naming every field at fault that its checks found.
 * Nothing was stored or written. Each module has its own kind, so that its web edge
 * answers its own; the answer has the same shape everywhere ({@link Problems#rejected}).
 */
public abstract class FieldsRejected extends RuntimeException {

	private final List<FieldProblem> problems;

	/**
	 * @param more how the message counts the problems after the first, e.g.
	 * {@code "more problems"}
	 */
	protected FieldsRejected(List<FieldProblem> problems, String more) {
		super(summary(problems, more));
		this.problems = List.copyOf(problems);
	}

	/** The first field at fault. */
	public String field() {
		return this.problems.get(0).field();
	}

	/** Every problem found, in the order of the document. */
	public List<FieldProblem> problems() {
		return this.problems;
	}

	private static String summary(List<FieldProblem> problems, String more) {
		if (problems.isEmpty()) {
			throw new IllegalArgumentException("a rejection names at least one problem");
		}
		FieldProblem first = problems.get(0);
		String others = (problems.size() > 1) ? " (and " + (problems.size() - 1) + " " + more + ", listed in 'errors')"
				: "";
		return first.field() + ": " + first.detail() + others;
	}

	/**
	 * One field at fault.
	 *
	 * @param field its path in the document, e.g.
	 * {@code switches[6].watchlist[0].maxHops}
	 * @param detail what is wrong with it
	 */
	public record FieldProblem(String field, String detail) {
	}

}
