package io.sonde.web.dashboard.labeling;

import io.sonde.topology.TopologyCatalog;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The Labeling page: INT-label's coverage gauge and chart, the per-port freshness heat
 * map on the topology with each port's S, and the parameters in force
 * ({@code /labeling}), kept live by {@code /labeling/live}. Here and not under
 * {@code /api} because the browser signs in with its session, not a token.
 */
@Controller
public class LabelingPageController {

	private final TopologyCatalog topology;

	private final LabelingView view;

	private final LabelingLiveFeed live;

	LabelingPageController(TopologyCatalog topology, LabelingView view, LabelingLiveFeed live) {
		this.topology = topology;
		this.view = view;
		this.live = live;
	}

	@GetMapping("/labeling")
	public String labeling(Model model) {
		model.addAttribute("imported", this.topology.current().orElse(null));
		return "labeling";
	}

	@GetMapping(path = "/labeling/state", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public LabelingSnapshot state() {
		return this.view.snapshot();
	}

	@GetMapping(path = "/labeling/live", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	@ResponseBody
	public SseEmitter live() {
		return this.live.subscribe();
	}

}
