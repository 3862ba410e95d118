package io.sonde.topology.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.sonde.core.Problems;
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
		return Problems.badField("Topology rejected", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail outOfRange(IllegalArgumentException bad) {
		return Problems.of(HttpStatus.BAD_REQUEST, "Topology not generated", bad.getMessage());
	}

	@ExceptionHandler
	ProblemDetail noTopology(NoTopologyImported none) {
		return Problems.of(HttpStatus.NOT_FOUND, "No topology", none.getMessage());
	}

	@ExceptionHandler
	ProblemDetail notStored(TopologyNotStored notStored) {
		logger.warn("Topology import refused: {}", notStored.getMessage());
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Topology not stored", notStored.getMessage());
	}

}
