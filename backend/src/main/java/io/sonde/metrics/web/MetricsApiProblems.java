package io.sonde.metrics.web;

import io.sonde.core.Problems;
import io.sonde.metrics.MetricQueryRejected;
import io.sonde.metrics.UnknownMetric;
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
		return Problems.badField("Bad metrics query", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail unknown(UnknownMetric unknown) {
		ProblemDetail problem = Problems.badField("Unknown metric", unknown.getMessage(), unknown.field());
		problem.setProperty("known", unknown.known());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail storeRejected(TimeSeriesRejected rejected) {
		return Problems.of(HttpStatus.BAD_GATEWAY, "The time-series store refused the query", rejected.getMessage());
	}

	@ExceptionHandler
	ProblemDetail storeDown(TimeSeriesUnavailable down) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Time-series store unavailable", down.getMessage());
	}

}
