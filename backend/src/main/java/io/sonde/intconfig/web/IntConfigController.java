package io.sonde.intconfig.web;

import java.security.Principal;
import java.util.List;

import io.sonde.intconfig.IntConfigDocument;
import io.sonde.intconfig.IntConfigPlan;
import io.sonde.intconfig.IntConfigVersion;
import io.sonde.intconfig.IntConfiguration;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
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
 * The INT configuration over HTTP: read it, apply a new version (or dry-run it), remove
 * INT from every switch (confirmed, or dry-run), list versions, roll back. Changes need
 * the operator role.
 */
@RestController
@RequestMapping(path = "/api/v1/int/config", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "INT configuration",
		description = "Per switch INT roles, watchlists, report session and event pre-filter; versioned")
class IntConfigController {

	private final IntConfiguration configuration;

	IntConfigController(IntConfiguration configuration) {
		this.configuration = configuration;
	}

	@GetMapping
	@Operation(summary = "The version in force")
	@ApiResponse(responseCode = "404", description = "No INT configuration yet")
	IntConfigVersion current() {
		return this.configuration.current().orElseThrow(() -> new NoIntConfiguration("no INT configuration yet"));
	}

	@PutMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Apply a new configuration as a new version; Sonde reconciles the switches it touches",
			description = "Checked whole first: the report session (required, whatever the switches), and every "
					+ "switch (at least one: an empty list would turn INT off everywhere, which is DELETE's job). "
					+ "Any problem answers 400 naming the field (a JSON path) in 'field' and every problem found in "
					+ "'errors'; nothing is stored or written.")
	@ApiResponse(responseCode = "200", description = "Stored and in force")
	@ApiResponse(responseCode = "400",
			description = "Rejected; 'field' names the first JSON path at fault, 'errors' lists every {field, detail}")
	IntConfigVersion apply(@RequestBody IntConfigDocument config, @RequestParam(required = false) String comment,
			Principal caller) {
		return this.configuration.apply(config, caller.getName(), comment);
	}

	@PostMapping(path = "/dry-run", consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "The P4Runtime updates applying this configuration would make, per switch",
			description = "Compared with the version in force; nothing is stored or written.")
	IntConfigPlan dryRun(@RequestBody IntConfigDocument config) {
		return this.configuration.dryRun(config);
	}

	@DeleteMapping
	@Operation(summary = "Turn INT off on every switch, as a new version (kind REMOVE), after confirmation",
			description = "Needs ?confirm=true: without it nothing is stored or written and the answer is 400 naming "
					+ "'confirm'. ?dryRun=true answers the P4Runtime updates per switch the removal would make "
					+ "(the entities to delete) and changes nothing. The version records who, when and the comment.")
	@ApiResponse(responseCode = "200", description = "INT removed: the new version; or, with dryRun, the plan",
			content = { @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(oneOf = { IntConfigVersion.class, IntConfigPlan.class })) })
	@ApiResponse(responseCode = "400", description = "Not confirmed ('field' is 'confirm')")
	@ApiResponse(responseCode = "409", description = "No switch has an INT role: nothing to remove")
	Object remove(@RequestParam(defaultValue = "false") boolean confirm,
			@RequestParam(defaultValue = "false") boolean dryRun, @RequestParam(required = false) String comment,
			Principal caller) {
		if (dryRun) {
			return this.configuration.removalDryRun();
		}
		if (!confirm) {
			throw new RemovalNotConfirmed();
		}
		return this.configuration.remove(caller.getName(), comment);
	}

	@GetMapping("/versions")
	@Operation(summary = "Every version, newest first")
	List<IntConfigVersion> versions() {
		return this.configuration.versions();
	}

	@GetMapping("/versions/{version}")
	@Operation(summary = "One version")
	IntConfigVersion version(@PathVariable long version) {
		return this.configuration.version(version)
			.orElseThrow(() -> new NoIntConfiguration("there is no INT configuration version " + version));
	}

	@PostMapping("/versions/{version}/rollback")
	@Operation(summary = "Make an earlier version's configuration current again, as a new version",
			description = "Rolling back to a removal removes INT again.")
	IntConfigVersion rollback(@PathVariable long version, Principal caller) {
		this.configuration.version(version)
			.orElseThrow(() -> new NoIntConfiguration("there is no INT configuration version " + version));
		return this.configuration.rollback(version, caller.getName());
	}

}
