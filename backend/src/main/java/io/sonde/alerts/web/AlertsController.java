package io.sonde.alerts.web;

import java.util.List;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertRules;
import io.sonde.alerts.LiveValueReading;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Alerts over HTTP: the firing ones, the resolved history, and the live values rules may
 * watch.
 */
@RestController
@RequestMapping(path = "/api/v1/alerts", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Alerts", description = "Firing and resolved alerts, and the live values rules may watch")
class AlertsController {

	static final int MAX_LIMIT = 1000;

	private final AlertRules rules;

	AlertsController(AlertRules rules) {
		this.rules = rules;
	}

	@GetMapping
	@Operation(summary = "The alerts firing now, newest first",
			description = "One per series and rule, known by its fingerprint (16 hex digits of SHA-256 over its "
					+ "sorted labels written name=value and a newline each).")
	List<Alert> firing() {
		return this.rules.firing();
	}

	@GetMapping("/history")
	@Operation(summary = "Resolved alerts, newest first (the history keeps sonde.alerts.history-limit)")
	@ApiResponse(responseCode = "400", description = "limit out of 1-1000 ('field' is 'limit')")
	List<Alert> history(
			@Parameter(description = "at most this many, 1-1000") @RequestParam(defaultValue = "100") int limit) {
		if (limit < 1 || limit > MAX_LIMIT) {
			throw new HistoryLimitRejected(limit);
		}
		return this.rules.history(limit);
	}

	@GetMapping("/values")
	@Operation(summary = "Every live value a rule may name, with its unit and its series now")
	List<LiveValueReading> values() {
		return this.rules.liveValues();
	}

}
