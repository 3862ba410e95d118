package io.sonde.intconfig;

import java.util.List;

import io.sonde.core.FieldsRejected;

/**
 * An INT configuration that cannot be applied; names every field at fault that the checks
 * found (at least one per bad part: the report session, each switch), each as a JSON
 * path. Nothing was stored and nothing written to any switch.
 */
public class IntConfigRejected extends FieldsRejected {

	public IntConfigRejected(String field, String message) {
		this(List.of(new FieldProblem(field, message)));
	}

	public IntConfigRejected(List<FieldProblem> problems) {
		super(problems, "more problems");
	}

}
