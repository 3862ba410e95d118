package io.sonde.switches.web;

import java.net.URI;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The URL where the switches' reachability used to be listed, before it became the state
 * of each switch's connection: a permanent redirect to the list of switches, so scripts
 * written against it find the one representation.
 */
@RestController
@Tag(name = "Switches")
class SwitchEndpointsController {

	static final URI SWITCHES = URI.create("/api/v1/switches");

	@GetMapping("/api/v1/switches/endpoints")
	@Operation(summary = "Moved: every switch with its connection state is GET /api/v1/switches", deprecated = true,
			description = "Whether a switch answers is its connection's state (reachable while PRIMARY, BACKUP or "
					+ "OBSERVER; connection.reachable), listed with every other switch at /api/v1/switches.")
	@ApiResponse(responseCode = "308", description = "Permanent redirect to /api/v1/switches",
			headers = @Header(name = "Location", description = "/api/v1/switches"))
	ResponseEntity<Void> endpoints() {
		return ResponseEntity.status(HttpStatus.PERMANENT_REDIRECT).location(SWITCHES).build();
	}

}
