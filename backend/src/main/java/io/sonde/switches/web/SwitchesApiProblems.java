package io.sonde.switches.web;

import io.sonde.core.Problems;
import io.sonde.p4runtime.info.UnknownP4Entity;
import io.sonde.p4runtime.client.P4RuntimeCallFailed;
import io.sonde.switches.SwitchAlreadyRegistered;
import io.sonde.switches.SwitchDeviceRejected;
import io.sonde.switches.SwitchNotFound;
import io.sonde.switches.SwitchNotReady;
import io.sonde.switches.SwitchRegistryUnavailable;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The switches API's failures as RFC 9457 problem details, in one place. */
@RestControllerAdvice(assignableTypes = SwitchesApiController.class)
class SwitchesApiProblems {

	@ExceptionHandler
	ProblemDetail rejected(SwitchDeviceRejected rejected) {
		return Problems.badField("Switch rejected", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail badArgument(IllegalArgumentException bad) {
		return Problems.of(HttpStatus.BAD_REQUEST, "Bad request", bad.getMessage());
	}

	@ExceptionHandler
	ProblemDetail unknownEntity(UnknownP4Entity unknown) {
		return Problems.of(HttpStatus.BAD_REQUEST, "Unknown P4 entity", unknown.getMessage());
	}

	@ExceptionHandler
	ProblemDetail notFound(SwitchNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such switch", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail taken(SwitchAlreadyRegistered taken) {
		return Problems.of(HttpStatus.CONFLICT, "Switch already registered", taken.getMessage());
	}

	@ExceptionHandler
	ProblemDetail notReady(SwitchNotReady notReady) {
		return Problems.of(HttpStatus.CONFLICT, "Switch not ready", notReady.getMessage());
	}

	@ExceptionHandler
	ProblemDetail switchFailed(P4RuntimeCallFailed failed) {
		return Problems.of(HttpStatus.BAD_GATEWAY, "The switch refused or failed", failed.getMessage());
	}

	@ExceptionHandler
	ProblemDetail registryDown(SwitchRegistryUnavailable down) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Switch registry unavailable", down.getMessage());
	}

}
