package io.sonde.web.dashboard;

import java.util.List;

import io.sonde.switches.SwitchManagement;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * The Switches page: every switch Sonde knows (the topology's, registered or only
 * observed, and any other registered one) with the state of its connection, kept live
 * over server-sent events ({@code /switches/live}, which the Topology page follows too).
 */
@Controller
public class SwitchesController {

	private final SwitchManagement switches;

	private final SwitchLiveFeed live;

	public SwitchesController(SwitchManagement switches, SwitchLiveFeed live) {
		this.switches = switches;
		this.live = live;
	}

	@GetMapping("/switches")
	public String switches(Model model) {
		List<SwitchCard> cards = this.switches.switches().stream().map(SwitchCard::of).toList();
		model.addAttribute("cards", cards);
		model.addAttribute("summary", SwitchesSummary.of(cards));
		model.addAttribute("anyRegistered", cards.stream().anyMatch(SwitchCard::registered));
		model.addAttribute("registerApi",
				ServletUriComponentsBuilder.fromCurrentContextPath()
					.path("/api/v1/switches/from-topology")
					.toUriString());
		model.addAttribute("topologyApi",
				ServletUriComponentsBuilder.fromCurrentContextPath().path("/api/v1/topology").toUriString());
		return "switches";
	}

	/**
	 * Every switch's card now, then each change: for the Switches, switch and Topology
	 * pages. Here and not under {@code /api} because a browser's EventSource cannot send
	 * a bearer token; the session signs it in.
	 */
	@GetMapping(path = "/switches/live", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	public SseEmitter live() {
		return this.live.subscribe();
	}

}
