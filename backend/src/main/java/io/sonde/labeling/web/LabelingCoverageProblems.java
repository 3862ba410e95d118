package io.sonde.labeling.web;

import io.sonde.core.Problems;
import io.sonde.labeling.CoverageQueryRejected;

import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The coverage API's failures as problem details, in one place (STYLE.md, rule 4). */
@RestControllerAdvice(assignableTypes = LabelingCoverageController.class)
class LabelingCoverageProblems {

	@ExceptionHandler
	ProblemDetail rejected(CoverageQueryRejected rejected) {
		return Problems.badField("Coverage query rejected", rejected.getMessage(), rejected.field());
	}

}
