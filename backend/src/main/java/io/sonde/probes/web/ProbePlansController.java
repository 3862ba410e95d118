package io.sonde.probes.web;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import io.sonde.probes.PlanRequest;
import io.sonde.probes.ProbePlan;
import io.sonde.probes.ProbePlanner;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;

import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Probe plans over the current topology: GPINT or Euler, and the two side by side. Plans
 * are computed, not stored; POST needs the operator role like every POST under
 * {@code /api}.
 */
@RestController
@RequestMapping("/api/v1/probes/plans")
@Tag(name = "Probes", description = "GPINT probe telemetry: probe paths over the topology")
class ProbePlansController {

	private final ProbePlanner planner;

	private final TopologyCatalog topologies;

	ProbePlansController(ProbePlanner planner, TopologyCatalog topologies) {
		this.planner = planner;
		this.topologies = topologies;
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Plan probe paths over the current topology",
			description = "GPINT: k balanced, maximally disjoint walks covering every switch (k, or GPINT-c as "
					+ "k = floor(c * switches / 10); more paths than switches gives one per switch). Euler: "
					+ "INT-Path's trails covering every link once, max(1, odd-degree switches / 2) per connected part. "
					+ "Lengths are in switches; coverage is the fraction of switches and switch-to-switch links "
					+ "on a path.")
	@ApiResponse(responseCode = "200", description = "The plan")
	@ApiResponse(responseCode = "400",
			description = "Rejected; the problem's 'field' names it (algorithm unknown, k < 1, c <= 0, k and c both, "
					+ "k or c for Euler)",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	@ApiResponse(responseCode = "404", description = "No topology has been imported yet",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	ProbePlan plan(@RequestBody PlanBody body) {
		PlanRequest request = body.request();
		return this.planner.plan(currentGraph(), request);
	}

	@PostMapping(path = "/compare", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "GPINT and Euler side by side on the current topology",
			description = "Both plans with the same seed on the same graph, and GPINT's longest path over Euler's.")
	@ApiResponse(responseCode = "200", description = "Both plans")
	@ApiResponse(responseCode = "400",
			description = "Rejected; the problem's 'field' names it (k < 1, c <= 0, " + "k and c both)",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	@ApiResponse(responseCode = "404", description = "No topology has been imported yet",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	PlanComparison compare(@RequestBody ComparisonBody body) {
		PlanRequest gpint = body.gpint();
		PlanRequest euler = body.euler();
		TopologyGraph graph = currentGraph();
		return PlanComparison.of(this.planner.plan(graph, gpint), this.planner.plan(graph, euler));
	}

	private TopologyGraph currentGraph() {
		return TopologyGraph.of(this.topologies.current().orElseThrow(NoTopologyToPlan::new).topology());
	}

}
