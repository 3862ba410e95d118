package io.sonde.switches.web;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import io.sonde.switches.SwitchEndpoints;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The switches' P4Runtime endpoints and whether they answer (viewer role). */
@RestController
@RequestMapping(path = "/api/v1/switches", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Switches", description = "P4 switches and their P4Runtime endpoints")
class SwitchEndpointsController {

	private final SwitchEndpoints endpoints;

	SwitchEndpointsController(SwitchEndpoints endpoints) {
		this.endpoints = endpoints;
	}

	@GetMapping("/endpoints")
	@Operation(summary = "Every switch of the topology and whether its P4Runtime endpoint answers",
			description = "Each endpoint is probed with a P4Runtime Capabilities call every "
					+ "sonde.switches.probe-interval (5 s unless configured). Topology order.")
	@ApiResponse(responseCode = "200", description = "One entry per switch; empty before a topology is imported")
	List<EndpointResponse> endpoints() {
		return this.endpoints.all().stream().map(EndpointResponse::of).toList();
	}

}
