package io.sonde.access.web;

import io.sonde.access.AccessNotStored;
import io.sonde.access.AccessRequestRejected;
import io.sonde.access.ConfiguredAccountReadOnly;
import io.sonde.access.TokenNotFound;
import io.sonde.access.UserAlreadyExists;
import io.sonde.access.UserNotFound;
import io.sonde.core.Problems;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The access API's failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = { UsersController.class, TokensController.class, AuditController.class })
class AccessProblems {

	@ExceptionHandler
	ProblemDetail rejected(AccessRequestRejected rejected) {
		return Problems.badField("Access request rejected", rejected.getMessage(), rejected.field());
	}

	@ExceptionHandler
	ProblemDetail noUser(UserNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such user", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail noToken(TokenNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such token", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail taken(UserAlreadyExists taken) {
		return Problems.of(HttpStatus.CONFLICT, "User exists", taken.getMessage());
	}

	@ExceptionHandler
	ProblemDetail readOnly(ConfiguredAccountReadOnly readOnly) {
		return Problems.of(HttpStatus.CONFLICT, "Configured account", readOnly.getMessage());
	}

	@ExceptionHandler
	ProblemDetail notStored(AccessNotStored notStored) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Users and tokens unavailable", notStored.getMessage());
	}

}
