package io.sonde.web.dashboard.probes;

import io.sonde.core.Problems;
import io.sonde.probes.NoTopologyToProbe;
import io.sonde.probes.PlanRequestRejected;
import io.sonde.probes.ProbeSessionBusy;
import io.sonde.probes.SessionRequestRejected;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

/**
 * The Probes page's failures as problem details, in one place (STYLE.md, rule 4); the
 * content type is set here so an EventSource's Accept does not refuse them.
 */
@ControllerAdvice(assignableTypes = { ProbesPageController.class, ProbeSessionsPageController.class })
class ProbesPageProblems {

	@ExceptionHandler
	ResponseEntity<ProblemDetail> invalid(InvalidProbeRequest invalid) {
		return problem(Problems.badField("Invalid request", invalid.getMessage(), invalid.field()));
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> planRejected(PlanRequestRejected rejected) {
		return problem(Problems.badField("Plan request rejected", rejected.getMessage(), rejected.field()));
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> sessionRejected(SessionRequestRejected rejected) {
		return problem(Problems.badField("Session request rejected", rejected.getMessage(), rejected.field()));
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> busy(ProbeSessionBusy busy) {
		return problem(Problems.of(HttpStatus.CONFLICT, "A session is running", busy.getMessage()));
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> noTopology(NoTopologyToProbe none) {
		return problem(Problems.of(HttpStatus.CONFLICT, "No topology", none.getMessage()));
	}

	private static ResponseEntity<ProblemDetail> problem(ProblemDetail problem) {
		return ResponseEntity.status(HttpStatus.valueOf(problem.getStatus()))
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(problem);
	}

}
