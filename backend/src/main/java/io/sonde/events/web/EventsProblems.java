package io.sonde.events.web;

import io.sonde.events.EventQueryRejected;
import io.sonde.store.TimeSeriesUnavailable;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The events API's failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = EventsController.class)
class EventsProblems {

	@ExceptionHandler
	ProblemDetail rejected(EventQueryRejected rejected) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, rejected.getMessage());
		problem.setTitle("Bad event query");
		problem.setProperty("field", rejected.field());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail unavailable(TimeSeriesUnavailable unavailable) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
				unavailable.getMessage());
		problem.setTitle("Event store unavailable");
		return problem;
	}

}
