package io.sonde.web.dashboard;

import java.time.Duration;
import java.util.List;

import io.sonde.switches.SwitchEndpoints;
import io.sonde.switches.SwitchManagement;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * The Switches page: the switches Sonde manages, with their connection state kept live
 * over server-sent events ({@code /switches/live}, which the Topology page follows too),
 * and below them every switch of the topology and whether its P4Runtime endpoint answers
 * a capabilities probe. That table is re-rendered by the server every few seconds for
 * htmx to swap in ({@code /switches/endpoints}), so the page and its updates come from
 * one template.
 */
@Controller
public class SwitchesController {

	private final SwitchEndpoints endpoints;

	private final SwitchManagement switches;

	private final SwitchLiveFeed live;

	public SwitchesController(SwitchEndpoints endpoints, SwitchManagement switches, SwitchLiveFeed live) {
		this.endpoints = endpoints;
		this.switches = switches;
		this.live = live;
	}

	@GetMapping("/switches")
	public String switches(Model model) {
		List<SwitchCard> managed = this.switches.switches().stream().map(SwitchCard::of).toList();
		model.addAttribute("managed", managed);
		model.addAttribute("managedSummary", ManagedSummary.of(managed));
		model.addAttribute("registerApi",
				ServletUriComponentsBuilder.fromCurrentContextPath()
					.path("/api/v1/switches/from-topology")
					.toUriString());
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

	/**
	 * Every managed switch's card now, then each change: for the Switches, switch and
	 * Topology pages. Here and not under {@code /api} because a browser's EventSource
	 * cannot send a bearer token; the session signs it in.
	 */
	@GetMapping(path = "/switches/live", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	public SseEmitter live() {
		return this.live.subscribe();
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
