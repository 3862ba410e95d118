package io.sonde.labeling.web;

import java.util.List;
import java.util.Map;

import io.sonde.labeling.FlowPath;
import io.sonde.labeling.LabelingStates;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** What INT-label's result collection and adaptive loop know now. */
@RestController
@RequestMapping(path = "/api/v1/labeling", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "INT-label states", description = "Each port's latest labeled state, its S, and specific flows' paths")
class LabelingStatesController {

	private final LabelingStates states;

	LabelingStatesController(LabelingStates states) {
		this.states = states;
	}

	@GetMapping("/ports")
	@Operation(summary = "Each port's latest state (the newest item applied for it) and its current S",
			description = "S is the port's Reg2: it labels every T >> S. Ports the adaptive loop never raised have S 0.")
	List<PortBody> ports() {
		Map<PortKey, Integer> shifts = this.states.shifts();
		return this.states.latest()
			.stream()
			.map((state) -> new PortBody(state, shifts.getOrDefault(state.port(), 0)))
			.toList();
	}

	@GetMapping("/paths")
	@Operation(summary = "Each specific flow's latest hop-by-hop path")
	List<FlowPath> paths() {
		return this.states.flowPaths();
	}

	/**
	 * A port's latest state and S now.
	 *
	 * @param state the newest item applied
	 * @param currentShift S now (the item's own S is what the port had when it labeled)
	 */
	record PortBody(PortLabelState state, int currentShift) {
	}

}
