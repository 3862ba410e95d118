package io.sonde.web.dashboard;

import java.util.Optional;

import io.sonde.switches.PollingRound;
import io.sonde.switches.PortCounterPolling;
import io.sonde.switches.SwitchManagement;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.LinkStates;
import io.sonde.topology.TopologyCatalog;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * The Topology page: the current topology drawn by topology.js, which reads the drawing
 * from {@code /topology/graph}, follows the switches' states over {@code /switches/live}
 * and the traffic (port counters polled by {@code sonde.switches.polling-interval}) and
 * link states over {@code /topology/traffic}.
 */
@Controller
public class TopologyPageController {

	private final TopologyCatalog topology;

	private final SwitchManagement switches;

	private final LinkStates links;

	private final PortCounterPolling polling;

	TopologyPageController(TopologyCatalog topology, SwitchManagement switches, LinkStates links,
			PortCounterPolling polling) {
		this.topology = topology;
		this.switches = switches;
		this.links = links;
		this.polling = polling;
	}

	@GetMapping("/topology")
	public String topology(Model model) {
		Optional<ImportedTopology> current = this.topology.current();
		model.addAttribute("imported", current.orElse(null));
		model.addAttribute("topologyApi",
				ServletUriComponentsBuilder.fromCurrentContextPath().path("/api/v1/topology").toUriString());
		return "topology";
	}

	/** The drawing as JSON; 204 while no topology is imported. */
	@GetMapping(path = "/topology/graph", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<TopologyDrawing> graph() {
		return this.topology.current()
			.map((imported) -> ResponseEntity.ok(TopologyDrawing.of(imported.topology(), this.switches.switches())))
			.orElseGet(() -> ResponseEntity.noContent().build());
	}

	/**
	 * Packets each switch sent and its rate, and the links down; 204 without a topology.
	 */
	@GetMapping(path = "/topology/traffic", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<TopologyTraffic> traffic() {
		PollingRound[] lastTwo = this.polling.lastTwo();
		return this.topology.current()
			.map((imported) -> ResponseEntity
				.ok(TopologyTraffic.of(imported.topology(), lastTwo[0], lastTwo[1], this.links.down())))
			.orElseGet(() -> ResponseEntity.noContent().build());
	}

}
