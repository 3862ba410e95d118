package io.sonde.web.dashboard;

import java.time.Duration;
import java.util.List;

import io.sonde.switches.SwitchEndpoints;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * The Switches page: every switch of the topology and whether its P4Runtime endpoint
 * answers. The table is rendered with the page and then re-rendered by the server every
 * few seconds for htmx to swap in ({@code /switches/endpoints}), so the page and its
 * updates come from one template.
 */
@Controller
public class SwitchesController {

	private final SwitchEndpoints endpoints;

	public SwitchesController(SwitchEndpoints endpoints) {
		this.endpoints = endpoints;
	}

	@GetMapping("/switches")
	public String switches(Model model) {
		addEndpoints(model);
		model.addAttribute("probeInterval", durationText(this.endpoints.probeInterval()));
		return "switches";
	}

	/** The table (or the empty state) alone, polled by the page. */
	@GetMapping("/switches/endpoints")
	public String endpoints(Model model) {
		addEndpoints(model);
		return "switches :: endpoints";
	}

	/** "5 s", or "500 ms" for intervals shorter than a second or not whole seconds. */
	static String durationText(Duration duration) {
		return (duration.toMillis() % 1000 == 0) ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
	}

	private void addEndpoints(Model model) {
		List<SwitchRow> rows = this.endpoints.all().stream().map(SwitchRow::new).toList();
		model.addAttribute("rows", rows);
		model.addAttribute("summary", SwitchesSummary.of(rows));
		model.addAttribute("topologyApi",
				ServletUriComponentsBuilder.fromCurrentContextPath().path("/api/v1/topology").toUriString());
	}

}
