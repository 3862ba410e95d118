package io.sonde.web.dashboard;

import java.time.Clock;

import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The landing page: the service's health, rendered at once from the health endpoint and
 * then kept current by overview.js polling {@code /actuator/health}.
 */
@Controller
public class OverviewController {

	private final HealthEndpoint health;

	private final Clock clock;

	public OverviewController(HealthEndpoint health, Clock clock) {
		this.health = health;
		this.clock = clock;
	}

	@GetMapping({ "/", "/overview" })
	public String overview(Model model) {
		model.addAttribute("health", HealthReport.of(this.health.health(), this.clock.instant()));
		return "overview";
	}

}
