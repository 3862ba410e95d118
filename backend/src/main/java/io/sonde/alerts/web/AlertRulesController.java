package io.sonde.alerts.web;

import java.net.URI;
import java.security.Principal;
import java.util.List;

import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleNotFound;
import io.sonde.alerts.AlertRuleVersion;
import io.sonde.alerts.AlertRules;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Alert rules over HTTP: list, read, create, change, delete, and every version of one.
 * Changes need the operator role; each is a version recording who, when and why.
 */
@RestController
@RequestMapping(path = "/api/v1/alerts/rules", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Alert rules", description = "Rules over events and live values; versioned and audited")
class AlertRulesController {

	private static final String RULE_CHECKS = "Checked first; a problem answers 400 naming the field (a JSON path) in "
			+ "'field': bad id, empty name, unknown live value, count under 1, window (1s-24h), for (0s-24h) or "
			+ "repeatInterval (10s-7d) out of range, comparison other than above/below, a label named "
			+ "alertname, severity or rule_id. Durations are 500ms, 5s, 2m, 1h or ISO-8601 (PT5S).";

	private final AlertRules rules;

	AlertRulesController(AlertRules rules) {
		this.rules = rules;
	}

	@GetMapping
	@Operation(summary = "Every rule, by id")
	List<AlertRule> rules() {
		return this.rules.rules();
	}

	@GetMapping("/{id}")
	@Operation(summary = "One rule")
	@ApiResponse(responseCode = "404", description = "No such rule")
	AlertRule rule(@PathVariable String id) {
		return this.rules.rule(id).orElseThrow(() -> new AlertRuleNotFound(id));
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Create a rule as its version 1; its id is made from its name when absent",
			description = RULE_CHECKS)
	@ApiResponse(responseCode = "201", description = "Stored and evaluated from the next tick on")
	@ApiResponse(responseCode = "400", description = "Rejected; 'field' names the JSON path at fault")
	@ApiResponse(responseCode = "409", description = "A rule with this id exists")
	ResponseEntity<AlertRuleVersion> create(@RequestBody AlertRule rule,
			@Parameter(description = "why, kept with the version") @RequestParam(required = false) String comment,
			Principal caller) {
		AlertRuleVersion created = this.rules.create(rule, caller.getName(), comment);
		return ResponseEntity.created(URI.create("/api/v1/alerts/rules/" + created.rule().id())).body(created);
	}

	@PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Replace a rule, as its next version",
			description = RULE_CHECKS + " The body's id, if any, must be the path's. Firing alerts the changed rule no "
					+ "longer produces resolve.")
	@ApiResponse(responseCode = "200", description = "Stored; the new version")
	@ApiResponse(responseCode = "400", description = "Rejected; 'field' names the JSON path at fault")
	@ApiResponse(responseCode = "404", description = "No such rule")
	AlertRuleVersion update(@PathVariable String id, @RequestBody AlertRule rule,
			@Parameter(description = "why, kept with the version") @RequestParam(required = false) String comment,
			Principal caller) {
		return this.rules.update(id, rule, caller.getName(), comment);
	}

	@DeleteMapping("/{id}")
	@Operation(summary = "Delete a rule (a last version records who and why); its firing alerts resolve")
	@ApiResponse(responseCode = "200", description = "Deleted; the deleting version")
	@ApiResponse(responseCode = "404", description = "No such rule")
	AlertRuleVersion delete(@PathVariable String id,
			@Parameter(description = "why, kept with the version") @RequestParam(required = false) String comment,
			Principal caller) {
		return this.rules.delete(id, caller.getName(), comment);
	}

	@GetMapping("/{id}/versions")
	@Operation(summary = "Every version of a rule, newest first, a deletion included")
	@ApiResponse(responseCode = "404", description = "The rule never existed")
	List<AlertRuleVersion> versions(@PathVariable String id) {
		return this.rules.versions(id);
	}

}
