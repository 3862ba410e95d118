package io.sonde.agents.web;

import io.sonde.agents.AgentInputRejected;
import io.sonde.agents.FlowNotFound;
import io.sonde.core.Problems;
import io.sonde.store.TimeSeriesUnavailable;

import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The agents API's failures as RFC 9457 problem details, in one place. */
@RestControllerAdvice(assignableTypes = AgentsApiController.class)
class AgentsApiProblems {

	@ExceptionHandler
	ProblemDetail rejected(AgentInputRejected rejected) {
		return Problems.badField("Request rejected", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail notFound(FlowNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "Flow not found", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail storeDown(TimeSeriesUnavailable down) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Time-series store unavailable", down.getMessage());
	}

	@ExceptionHandler
	ProblemDetail redisDown(DataAccessException down) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Redis unavailable", down.getMessage());
	}

}
