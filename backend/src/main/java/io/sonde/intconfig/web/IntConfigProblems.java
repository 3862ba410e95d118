package io.sonde.intconfig.web;

import io.sonde.intconfig.IntConfigNotStored;
import io.sonde.intconfig.IntConfigRejected;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The INT configuration API's failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = IntConfigController.class)
class IntConfigProblems {

	@ExceptionHandler
	ProblemDetail rejected(IntConfigRejected rejected) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, rejected.getMessage());
		problem.setTitle("INT configuration rejected");
		problem.setProperty("field", rejected.field());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail missing(NoIntConfiguration missing) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, missing.getMessage());
		problem.setTitle("No such INT configuration");
		return problem;
	}

	@ExceptionHandler
	ProblemDetail notStored(IntConfigNotStored notStored) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
				notStored.getMessage());
		problem.setTitle("INT configuration not stored");
		return problem;
	}

}
