package io.sonde.core;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * RFC 9457 problem details as every module's API answers them: a status, a title people
 * read, the detail, and for bad input the field at fault (a JSON path or a parameter).
 */
public final class Problems {

	private Problems() {
	}

	public static ProblemDetail of(HttpStatus status, String title, String detail) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setTitle(title);
		return problem;
	}

	/** 400, naming the field. */
	public static ProblemDetail badField(String title, String detail, String field) {
		ProblemDetail problem = of(HttpStatus.BAD_REQUEST, title, detail);
		problem.setProperty("field", field);
		return problem;
	}

	/**
	 * 400, naming the first field at fault and listing every problem in {@code errors}.
	 */
	public static ProblemDetail rejected(String title, FieldsRejected rejected) {
		ProblemDetail problem = badField(title, rejected.getMessage(), rejected.field());
		problem.setProperty("errors", rejected.problems());
		return problem;
	}

}
