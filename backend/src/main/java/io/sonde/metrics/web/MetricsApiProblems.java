package io.sonde.metrics.web;

import io.sonde.metrics.MetricQueryRejected;
import io.sonde.store.TimeSeriesRejected;
import io.sonde.store.TimeSeriesUnavailable;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The metrics API's failures as RFC 9457 problem details, in one place. */
@RestControllerAdvice(assignableTypes = MetricsApiController.class)
class MetricsApiProblems {

	@ExceptionHandler
	ProblemDetail rejected(MetricQueryRejected rejected) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, rejected.getMessage());
		problem.setTitle("Bad metrics query");
		problem.setProperty("field", rejected.field());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail storeRejected(TimeSeriesRejected rejected) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_GATEWAY, rejected.getMessage());
		problem.setTitle("The time-series store refused the query");
		return problem;
	}

	@ExceptionHandler
	ProblemDetail storeDown(TimeSeriesUnavailable down) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, down.getMessage());
		problem.setTitle("Time-series store unavailable");
		return problem;
	}

}
