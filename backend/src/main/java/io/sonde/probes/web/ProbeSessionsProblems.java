package io.sonde.probes.web;

import io.sonde.core.Problems;
import io.sonde.probes.NoTopologyToProbe;
import io.sonde.probes.PlanRequestRejected;
import io.sonde.probes.ProbeSessionBusy;
import io.sonde.probes.ProbeSessionNotFound;
import io.sonde.probes.SessionRequestRejected;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The session API's failures as problem details, in one place (STYLE.md, rule 4). */
@RestControllerAdvice(assignableTypes = ProbeSessionsController.class)
class ProbeSessionsProblems {

	@ExceptionHandler
	ProblemDetail rejected(SessionRequestRejected rejected) {
		return Problems.badField("Session request rejected", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail planRejected(PlanRequestRejected rejected) {
		return Problems.badField("Session request rejected", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail notFound(ProbeSessionNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such session", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail busy(ProbeSessionBusy busy) {
		ProblemDetail problem = Problems.of(HttpStatus.CONFLICT, "A session is running", busy.getMessage());
		problem.setProperty("holder", busy.holder());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail noTopology(NoTopologyToProbe none) {
		return Problems.of(HttpStatus.CONFLICT, "No topology", none.getMessage());
	}

}
