package io.sonde.labeling.web;

import java.security.Principal;
import java.util.List;

import io.sonde.labeling.LabelingControl;
import io.sonde.labeling.SpecificFlow;
import io.sonde.labeling.SpecificFlowRequest;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Flows labeled at every hop (paper §3.3). */
@RestController
@RequestMapping(path = "/api/v1/labeling/flows", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "INT-label specific flows",
		description = "5-tuples labeled at every hop, installed on the switch the source host attaches to")
class SpecificFlowsController {

	private final LabelingControl control;

	SpecificFlowsController(LabelingControl control) {
		this.control = control;
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Label a flow at every hop",
			description = "Body: {srcAddr, dstAddr, protocol, srcPort, dstPort, sampleIntervalMs}. srcAddr must be a "
					+ "host of the imported topology; ports are 0 or absent for protocols without ports; at most one "
					+ "packet per sampleIntervalMs becomes specific (0: every packet).")
	@ApiResponse(responseCode = "200", description = "Installed; 'index' names it")
	@ApiResponse(responseCode = "400", description = "Rejected; 'field' names the first field at fault")
	SpecificFlow add(@RequestBody SpecificFlowRequest request, Principal caller) {
		return this.control.addFlow(request, caller.getName());
	}

	@GetMapping
	@Operation(summary = "The specific flows, by index")
	List<SpecificFlow> flows() {
		return this.control.flows();
	}

	@DeleteMapping("/{index}")
	@Operation(summary = "Stop labeling a flow at every hop")
	@ApiResponse(responseCode = "404", description = "No flow with this index")
	SpecificFlow remove(@PathVariable int index) {
		return this.control.removeFlow(index);
	}

}
