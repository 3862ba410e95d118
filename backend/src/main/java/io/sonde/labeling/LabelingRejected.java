package io.sonde.labeling;

import java.util.List;

import io.sonde.core.FieldsRejected;

/**
 * Labeling parameters or a specific flow that cannot be applied; names every field at
 * fault as a path ({@code switches.leaf-1.intervalMs}). Nothing was stored or written.
 */
public class LabelingRejected extends FieldsRejected {

	public LabelingRejected(String field, String detail) {
		this(List.of(new FieldProblem(field, detail)));
	}

	public LabelingRejected(List<FieldProblem> problems) {
		super(problems, "more");
	}

}
