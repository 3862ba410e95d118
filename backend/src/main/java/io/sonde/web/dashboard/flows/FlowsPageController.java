package io.sonde.web.dashboard.flows;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import io.sonde.agents.AgentFleet;
import io.sonde.agents.AgentFlows;
import io.sonde.agents.FlowDetail;
import io.sonde.agents.FlowSummary;
import io.sonde.agents.SwitchHistogram;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The Flows page: what the NIC agents report of flows, drawn by flows.js, which polls
 * {@code /flows/top} (the top flows by end-to-end latency), {@code /flows/flow} (the
 * selected flow's hops) and {@code /flows/histograms} (an agent's per-switch histograms),
 * and marks the selected flow's path on the drawing of {@code /topology/graph}.
 */
@Controller
public class FlowsPageController {

	static final int TOP_FLOWS = 20;

	private final AgentFleet fleet;

	private final AgentFlows flows;

	private final Duration window;

	private final Clock clock;

	FlowsPageController(AgentFleet fleet, AgentFlows flows, @Value("${sonde.agents.flows-window:10m}") Duration window,
			Clock clock) {
		this.fleet = fleet;
		this.flows = flows;
		this.window = window;
		this.clock = clock;
	}

	@GetMapping("/flows")
	public String flows(Model model) {
		model.addAttribute("agents", this.fleet.agents());
		model.addAttribute("window", this.window);
		model.addAttribute("topFlows", TOP_FLOWS);
		return "flows";
	}

	/** The flows of the last {@code sonde.agents.flows-window}, highest latency first. */
	@GetMapping(path = "/flows/top", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public List<FlowSummary> top() {
		return this.flows.top(TOP_FLOWS, null, this.clock.instant().minus(this.window));
	}

	/** One flow with its hops; 404 when no agent reported it. */
	@GetMapping(path = "/flows/flow", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<FlowDetail> flow(@RequestParam String id) {
		return ResponseEntity.of(this.flows.flow(id));
	}

	/** The agent's latest histogram of each switch and metric. */
	@GetMapping(path = "/flows/histograms", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public List<SwitchHistogram> histograms(@RequestParam String agent) {
		return this.flows.histograms(agent, null, null);
	}

}
