package io.sonde.labeling.web;

import io.sonde.core.Problems;
import io.sonde.labeling.LabelingNotOn;
import io.sonde.labeling.LabelingNotStored;
import io.sonde.labeling.LabelingRejected;
import io.sonde.labeling.LabelingVersionNotFound;
import io.sonde.labeling.SpecificFlowNotFound;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The labeling API's failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = { LabelingParametersController.class, SpecificFlowsController.class,
		LabelingStatesController.class })
class LabelingProblems {

	@ExceptionHandler
	ProblemDetail rejected(LabelingRejected rejected) {
		return Problems.rejected("Labeling request rejected", rejected);
	}

	@ExceptionHandler
	ProblemDetail notConfirmed(TurnOffNotConfirmed notConfirmed) {
		return Problems.badField("Turning labeling off not confirmed", notConfirmed.getMessage(), "confirm");
	}

	@ExceptionHandler
	ProblemDetail nothingToTurnOff(LabelingNotOn notOn) {
		return Problems.of(HttpStatus.CONFLICT, "Labeling is not on", notOn.getMessage());
	}

	@ExceptionHandler
	ProblemDetail noParameters(NoLabelingParameters missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No labeling parameters", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail noVersion(LabelingVersionNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such labeling parameters version", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail noFlow(SpecificFlowNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such specific flow", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail notStored(LabelingNotStored notStored) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Labeling change not stored", notStored.getMessage());
	}

}
