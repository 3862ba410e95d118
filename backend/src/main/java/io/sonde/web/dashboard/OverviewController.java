package io.sonde.web.dashboard;

import java.time.Clock;

import io.sonde.web.dashboard.events.EventRate;
import io.sonde.web.dashboard.metrics.PipelineFigures;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The landing page: the service's health, rendered at once from the health endpoint and
 * then kept current by overview.js polling {@code /actuator/health}; and the telemetry
 * pipeline (events/s, M_all/M_event, collectors), polled from {@code /overview/pipeline}.
 */
@Controller
public class OverviewController {

	private final HealthEndpoint health;

	private final Clock clock;

	private final EventRate rate;

	private final ObjectProvider<PipelineFigures> figures;

	public OverviewController(HealthEndpoint health, Clock clock, EventRate rate,
			ObjectProvider<PipelineFigures> figures) {
		this.health = health;
		this.clock = clock;
		this.rate = rate;
		this.figures = figures;
	}

	@GetMapping({ "/", "/overview" })
	public String overview(Model model) {
		model.addAttribute("health", HealthReport.of(this.health.health(), this.clock.instant()));
		model.addAttribute("pipeline", pipeline());
		return "overview";
	}

	@GetMapping(path = "/overview/pipeline", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public PipelineSummary pipeline() {
		return PipelineSummary.of(this.rate.perSecond(), this.figures.getIfAvailable());
	}

}
