package io.sonde.agents.web;

import java.math.BigInteger;
import java.security.Principal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

import io.sonde.agents.AgentFleet;
import io.sonde.agents.AgentFlows;
import io.sonde.agents.AgentInputRejected;
import io.sonde.agents.AgentStatus;
import io.sonde.agents.AgentThreshold;
import io.sonde.agents.AgentThresholds;
import io.sonde.agents.FlowDetail;
import io.sonde.agents.FlowNotFound;
import io.sonde.agents.FlowSummary;
import io.sonde.agents.SwitchHistogram;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The NIC agents, their flows, histograms and thresholds under {@code /api/v1}. */
@RestController
@RequestMapping("/api/v1")
@Tag(name = "NIC agents",
		description = "The INT sinks in front of monitoring hosts: counters, flows, histograms, " + "thresholds")
class AgentsApiController {

	static final int MAX_FLOWS = 1000;

	private final AgentFleet fleet;

	private final AgentFlows flows;

	private final AgentThresholds thresholds;

	private final Duration flowsWindow;

	private final Clock clock;

	AgentsApiController(AgentFleet fleet, AgentFlows flows, AgentThresholds thresholds,
			@Value("${sonde.agents.flows-window:10m}") Duration flowsWindow, Clock clock) {
		this.fleet = fleet;
		this.flows = flows;
		this.thresholds = thresholds;
		this.flowsWindow = flowsWindow;
		this.clock = clock;
	}

	@GetMapping("/agents")
	@Operation(summary = "Every NIC agent interface's counters, when it last wrote them, and whether it is up")
	List<AgentStatus> agents() {
		return this.fleet.agents();
	}

	@GetMapping("/flows")
	@Operation(summary = "Flows by their latest end-to-end latency, highest first",
			description = "Flows whose last record is at or after 'since' (ISO-8601 instant or epoch milliseconds; "
					+ "default: the last sonde.agents.flows-window).")
	@ApiResponse(responseCode = "400", description = "Refused; 'field' names the parameter")
	List<FlowSummary> flows(@RequestParam(defaultValue = "20") int limit, @RequestParam(required = false) String agent,
			@RequestParam(required = false) String since) {
		if (limit < 1 || limit > MAX_FLOWS) {
			throw new AgentInputRejected("limit", "must be 1 to " + MAX_FLOWS + ", not " + limit);
		}
		return this.flows.top(limit, blankToNull(agent), since(since));
	}

	@GetMapping("/flows/{flowId}")
	@Operation(summary = "A flow with its hops' latest and average values and the bottleneck hop",
			description = "flowId is srcIp:srcPort-dstIp:dstPort-protocol, an IPv6 address in brackets "
					+ "([2001:db8::1]:5000-[2001:db8::2]:80-17), as the flows list gives it; URL-encoded or not. "
					+ "bottleneckHop is the hop with the highest average latency.")
	@ApiResponse(responseCode = "404", description = "No agent reported the flow")
	FlowDetail flow(@PathVariable String flowId) {
		return this.flows.flow(flowId).orElseThrow(() -> new FlowNotFound(flowId));
	}

	@GetMapping("/agents/{agent}/histograms")
	@Operation(summary = "The latest histogram of each switch and metric the agent counted")
	List<SwitchHistogram> histograms(@PathVariable String agent, @RequestParam(required = false) Long switchId,
			@RequestParam(required = false) String metric) {
		if (metric != null && !List.of("hop_latency", "queue_occupancy", "link_utilization").contains(metric)) {
			throw new AgentInputRejected("metric",
					"one of hop_latency, queue_occupancy, link_utilization, not '" + metric + "'");
		}
		return this.flows.histograms(agent, switchId, blankToNull(metric));
	}

	@GetMapping("/agents/{agent}/thresholds")
	@Operation(summary = "The agent's thresholds by metric.type: value, pinned, last change")
	Map<String, AgentThreshold> thresholds(@PathVariable String agent) {
		return this.thresholds.of(agent);
	}

	@PutMapping("/agents/{agent}/thresholds/{threshold}")
	@Operation(summary = "Set one threshold ({metric}.{type}, e.g. hop_latency.threshold) and pin it or not",
			description = "Body {\"value\": 5000, \"pinned\": true}: value an integer from 0 to 2^64-1 (also its "
					+ "floor: the adaptive loop never lowers it below), pinned whether the adaptive loop leaves it "
					+ "alone; either may be left out. Pushed to every interface of the agent.")
	@ApiResponse(responseCode = "200", description = "Stored and pushed to the agent")
	@ApiResponse(responseCode = "400", description = "Refused; 'field' names the threshold, value, pinned or body")
	AgentThreshold set(@PathVariable String agent,
			@Parameter(description = "metric.type") @PathVariable String threshold,
			@RequestBody(required = false) Map<String, Object> body, Principal principal) {
		Map<String, Object> fields = (body != null) ? body : Map.of();
		for (String name : fields.keySet()) {
			if (!name.equals("value") && !name.equals("pinned")) {
				throw new AgentInputRejected(name, "not a field of a threshold (value, pinned)");
			}
		}
		Object pinned = fields.get("pinned");
		if (pinned != null && !(pinned instanceof Boolean)) {
			throw new AgentInputRejected("pinned", "must be true or false, not " + pinned);
		}
		return this.thresholds.set(agent, threshold, value(fields.get("value")), (Boolean) pinned,
				(principal != null) ? principal.getName() : "anonymous");
	}

	private static BigInteger value(Object value) {
		if (value == null) {
			return null;
		}
		if (value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
			return new BigInteger(value.toString());
		}
		if (value instanceof String text && text.matches("[0-9]{1,20}")) {
			return new BigInteger(text);
		}
		throw new AgentInputRejected("value",
				"must be an unsigned integer, not " + ((value instanceof String) ? "'" + value + "'" : value));
	}

	private Instant since(String since) {
		if (since == null || since.isBlank()) {
			return this.clock.instant().minus(this.flowsWindow);
		}
		if (since.matches("[0-9]{1,15}")) {
			return Instant.ofEpochMilli(Long.parseLong(since));
		}
		try {
			return Instant.parse(since);
		}
		catch (DateTimeParseException ex) {
			throw new AgentInputRejected("since", "an ISO-8601 instant or epoch milliseconds, not '" + since + "'");
		}
	}

	private static String blankToNull(String value) {
		return (value == null || value.isBlank()) ? null : value;
	}

}
