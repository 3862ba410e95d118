package io.sonde.collectors.web;

import io.sonde.collectors.ThresholdRejected;

import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The collectors API's failures as RFC 9457 problem details, in one place. */
@RestControllerAdvice(assignableTypes = CollectorsApiController.class)
class CollectorsApiProblems {

	@ExceptionHandler
	ProblemDetail rejected(ThresholdRejected rejected) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, rejected.getMessage());
		problem.setTitle("Threshold rejected");
		problem.setProperty("field", rejected.field());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail unreadable(HttpMessageNotReadableException unreadable) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				"the body must be a JSON object of metric names to T(m), e.g. {\"hop_latency\": 40}");
		problem.setTitle("Threshold rejected");
		problem.setProperty("field", "body");
		return problem;
	}

	@ExceptionHandler
	ProblemDetail redisDown(DataAccessException down) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, down.getMessage());
		problem.setTitle("Redis unavailable");
		return problem;
	}

}
