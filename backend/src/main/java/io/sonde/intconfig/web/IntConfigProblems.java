package io.sonde.intconfig.web;

import io.sonde.core.Problems;
import io.sonde.intconfig.IntConfigNotStored;
import io.sonde.intconfig.IntConfigRejected;
import io.sonde.intconfig.IntNotConfigured;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The INT configuration API's failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = IntConfigController.class)
class IntConfigProblems {

	@ExceptionHandler
	ProblemDetail rejected(IntConfigRejected rejected) {
		return Problems.rejected("INT configuration rejected", rejected);
	}

	@ExceptionHandler
	ProblemDetail notConfirmed(RemovalNotConfirmed notConfirmed) {
		return Problems.badField("Removal not confirmed", notConfirmed.getMessage(), "confirm");
	}

	@ExceptionHandler
	ProblemDetail nothingToRemove(IntNotConfigured none) {
		return Problems.of(HttpStatus.CONFLICT, "INT is not configured", none.getMessage());
	}

	@ExceptionHandler
	ProblemDetail missing(NoIntConfiguration missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such INT configuration", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail notStored(IntConfigNotStored notStored) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "INT configuration not stored", notStored.getMessage());
	}

}
