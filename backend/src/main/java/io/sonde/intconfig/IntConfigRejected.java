package io.sonde.intconfig;

import java.util.List;

/**
 * An INT configuration that cannot be applied; names every field at fault that the checks
 * found (at least one per bad part: the report session, each switch). Nothing was stored
 * and nothing written to any switch.
 */
public class IntConfigRejected extends RuntimeException {

	private final List<FieldProblem> problems;

	public IntConfigRejected(String field, String message) {
		this(List.of(new FieldProblem(field, message)));
	}

	public IntConfigRejected(List<FieldProblem> problems) {
		super(summary(problems));
		this.problems = List.copyOf(problems);
	}

	/** The first field at fault, as a JSON path. */
	public String field() {
		return this.problems.get(0).field();
	}

	/** Every problem found, in the order of the document. */
	public List<FieldProblem> problems() {
		return this.problems;
	}

	private static String summary(List<FieldProblem> problems) {
		if (problems.isEmpty()) {
			throw new IllegalArgumentException("a rejection names at least one problem");
		}
		FieldProblem first = problems.get(0);
		String more = (problems.size() > 1) ? " (and " + (problems.size() - 1) + " more problems, listed in 'errors')"
				: "";
		return first.field() + ": " + first.detail() + more;
	}

	/**
	 * One field at fault.
	 *
	 * @param field its JSON path, e.g. {@code switches[6].watchlist[0].maxHops}
	 * @param detail what is wrong with it
	 */
	public record FieldProblem(String field, String detail) {
	}

}
