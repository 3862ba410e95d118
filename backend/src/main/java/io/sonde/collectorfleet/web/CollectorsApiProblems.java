package io.sonde.collectorfleet.web;

import io.sonde.core.Problems;
import io.sonde.collectorfleet.ThresholdRejected;

import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The collectors API's failures as RFC 9457 problem details, in one place. An unreadable
 * body is answered for every API by web.api's ApiRequestProblems, with the field and the
 * position.
 */
@RestControllerAdvice(assignableTypes = CollectorsApiController.class)
class CollectorsApiProblems {

	@ExceptionHandler
	ProblemDetail rejected(ThresholdRejected rejected) {
		return Problems.badField("Threshold rejected", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail redisDown(DataAccessException down) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Redis unavailable", down.getMessage());
	}

}
