package io.sonde.events.web;

import io.sonde.core.Problems;
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
		return Problems.badField("Bad event query", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail unavailable(TimeSeriesUnavailable unavailable) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Event store unavailable", unavailable.getMessage());
	}

}
