package io.sonde.topology.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.sonde.topology.TopologyNotStored;
import io.sonde.topology.TopologyRejected;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The topology module's failures as RFC 9457 problem details, in one place (STYLE.md,
 * rule 4).
 */
@RestControllerAdvice(assignableTypes = TopologyController.class)
class TopologyProblems {

	private static final Logger logger = LoggerFactory.getLogger(TopologyProblems.class);

	@ExceptionHandler
	ProblemDetail rejected(TopologyRejected rejected) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, rejected.getMessage());
		problem.setTitle("Topology rejected");
		problem.setProperty("field", rejected.field());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail outOfRange(IllegalArgumentException bad) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, bad.getMessage());
		problem.setTitle("Topology not generated");
		return problem;
	}

	@ExceptionHandler
	ProblemDetail noTopology(NoTopologyImported none) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, none.getMessage());
		problem.setTitle("No topology");
		return problem;
	}

	@ExceptionHandler
	ProblemDetail notStored(TopologyNotStored notStored) {
		logger.warn("Topology import refused: {}", notStored.getMessage());
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
				notStored.getMessage());
		problem.setTitle("Topology not stored");
		return problem;
	}

}
