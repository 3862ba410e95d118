package io.sonde.probes.web;

import io.sonde.core.Problems;
import io.sonde.probes.PlanRequestRejected;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The plan API's failures as RFC 9457 problem details, in one place (STYLE.md, rule 4).
 */
@RestControllerAdvice(assignableTypes = ProbePlansController.class)
class ProbePlansProblems {

	@ExceptionHandler
	ProblemDetail rejected(PlanRequestRejected rejected) {
		return Problems.badField("Plan request rejected", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail noTopology(NoTopologyToPlan none) {
		return Problems.of(HttpStatus.NOT_FOUND, "No topology", none.getMessage());
	}

}
