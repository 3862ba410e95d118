package io.sonde.labeling.web;

import java.security.Principal;
import java.util.List;

import io.sonde.labeling.LabelingControl;
import io.sonde.labeling.LabelingDocument;
import io.sonde.labeling.LabelingVersion;
import io.sonde.labeling.LabelingVersionNotFound;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
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
 * INT-label's parameters over HTTP: read them, apply a new version, turn labeling off
 * everywhere (confirmed), list versions, roll back. Changes need the operator role.
 */
@RestController
@RequestMapping(path = "/api/v1/labeling/parameters", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "INT-label parameters",
		description = "Labeling mode (A, B, PRO), T, T1, k, f, MAX_hop and Ti, network-wide with per switch "
				+ "overrides; versioned")
class LabelingParametersController {

	private final LabelingControl control;

	LabelingParametersController(LabelingControl control) {
		this.control = control;
	}

	@GetMapping
	@Operation(summary = "The version in force")
	@ApiResponse(responseCode = "404", description = "No labeling parameters yet (labeling is off)")
	LabelingVersion current() {
		return this.control.current()
			.orElseThrow(() -> new NoLabelingParameters("no labeling parameters yet: labeling is off"));
	}

	@PutMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Apply parameters as a new version; Sonde reconciles every switch",
			description = "Body: {\"network\": {mode, intervalMs, restMs, k, probability, maxHop, "
					+ "telemetryIntervalMs}, \"switches\": {\"<name>\": {the fields that differ}}}. Missing "
					+ "network-wide fields take the defaults (PRO, 50, 0, 3, F1, 5, 100). Checked whole: any "
					+ "problem answers 400 naming the field ('switches.leaf-1.intervalMs') in 'field' and every "
					+ "problem in 'errors'; nothing is stored or written.")
	@ApiResponse(responseCode = "200", description = "Stored and in force")
	@ApiResponse(responseCode = "400", description = "Rejected; 'field' names the first field at fault")
	LabelingVersion apply(@RequestBody LabelingDocument document, @RequestParam(required = false) String comment,
			Principal caller) {
		return this.control.apply(document, caller.getName(), comment);
	}

	@DeleteMapping
	@Operation(summary = "Turn labeling off on every switch, as a new version (kind OFF), after confirmation",
			description = "Needs ?confirm=true: without it nothing is stored or written and the answer is 400 naming "
					+ "'confirm'.")
	@ApiResponse(responseCode = "200", description = "Labeling off: the new version")
	@ApiResponse(responseCode = "400", description = "Not confirmed ('field' is 'confirm')")
	@ApiResponse(responseCode = "409", description = "Labeling is not on: nothing to turn off")
	LabelingVersion turnOff(@RequestParam(defaultValue = "false") boolean confirm,
			@RequestParam(required = false) String comment, Principal caller) {
		if (!confirm) {
			throw new TurnOffNotConfirmed();
		}
		return this.control.turnOff(caller.getName(), comment);
	}

	@GetMapping("/versions")
	@Operation(summary = "Every version, newest first")
	List<LabelingVersion> versions() {
		return this.control.versions();
	}

	@GetMapping("/versions/{version}")
	@Operation(summary = "One version")
	@ApiResponse(responseCode = "404", description = "No such version")
	LabelingVersion version(@PathVariable long version) {
		return this.control.version(version).orElseThrow(() -> new LabelingVersionNotFound(version));
	}

	@PostMapping("/versions/{version}/rollback")
	@Operation(summary = "Make an earlier version's parameters current again, as a new version",
			description = "Rolling back to an OFF version turns labeling off again.")
	@ApiResponse(responseCode = "404", description = "No such version")
	LabelingVersion rollback(@PathVariable long version, Principal caller) {
		return this.control.rollback(version, caller.getName());
	}

}
