package io.sonde.web.dashboard.probes;

import java.util.Optional;

import io.sonde.probes.ProbePlanner;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The Probes page: GPINT's and Euler's paths over the current topology side by side
 * ({@code /probes/plans}, drawn by probes.js on the drawing of {@code /topology/graph}).
 * Here and not under {@code /api} because the browser signs in with its session, not a
 * token; planning changes nothing, so it is a GET every signed-in user may make.
 */
@Controller
public class ProbesPageController {

	private final TopologyCatalog topology;

	private final ProbePlanner planner;

	ProbesPageController(TopologyCatalog topology, ProbePlanner planner) {
		this.topology = topology;
		this.planner = planner;
	}

	@GetMapping("/probes")
	public String probes(Model model) {
		model.addAttribute("imported", this.topology.current().orElse(null));
		return "probes";
	}

	/**
	 * GPINT-k (k, or GPINT-c; neither: GPINT-3) and Euler on the current topology with
	 * one seed; 204 while no topology is imported.
	 */
	@GetMapping(path = "/probes/plans", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<PlanPair> plans(@RequestParam(name = "k", required = false) String k,
			@RequestParam(name = "c", required = false) String c,
			@RequestParam(name = "seed", required = false) String seed) {
		PlanChoice choice = PlanChoice.parse(k, c, seed);
		Optional<ImportedTopology> current = this.topology.current();
		if (current.isEmpty()) {
			return ResponseEntity.noContent().build();
		}
		TopologyGraph graph = TopologyGraph.of(current.get().topology());
		return ResponseEntity.ok(new PlanPair(current.get().topology().switches().size(),
				this.planner.plan(graph, choice.gpint()), this.planner.plan(graph, choice.euler())));
	}

}
