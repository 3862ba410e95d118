package io.sonde.alerts.web;

import io.sonde.alerts.AlertRuleExists;
import io.sonde.alerts.AlertRuleNotFound;
import io.sonde.alerts.AlertRuleRejected;
import io.sonde.alerts.AlertsNotStored;
import io.sonde.core.Problems;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The alerts API's failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = { AlertRulesController.class, AlertsController.class })
class AlertsProblems {

	@ExceptionHandler
	ProblemDetail rejected(AlertRuleRejected rejected) {
		return Problems.badField("Alert rule rejected", rejected.field() + ": " + rejected.getMessage(),
				rejected.field());
	}

	@ExceptionHandler
	ProblemDetail badLimit(HistoryLimitRejected rejected) {
		return Problems.badField("Bad limit", rejected.getMessage(), "limit");
	}

	@ExceptionHandler
	ProblemDetail missing(AlertRuleNotFound missing) {
		return Problems.of(HttpStatus.NOT_FOUND, "No such alert rule", missing.getMessage());
	}

	@ExceptionHandler
	ProblemDetail exists(AlertRuleExists exists) {
		return Problems.of(HttpStatus.CONFLICT, "Alert rule exists", exists.getMessage());
	}

	@ExceptionHandler
	ProblemDetail notStored(AlertsNotStored notStored) {
		return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "Alerts not stored", notStored.getMessage());
	}

}
