package io.sonde.web.dashboard;

import java.security.Principal;
import java.time.Clock;

import io.sonde.agents.AgentFleet;
import io.sonde.collectorfleet.CollectorAccounting;
import io.sonde.store.NoRedisDataLoss;
import io.sonde.store.RedisContinuity;
import io.sonde.web.dashboard.events.EventRate;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.dao.DataAccessException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The landing page: the service's health, rendered at once from the health endpoint and
 * then kept current by overview.js polling {@code /actuator/health}; a Redis data loss,
 * with what must be imported again and the acknowledgement (kept current from the
 * {@code redisData} component of the same poll); and the telemetry pipeline (events/s,
 * M_all/M_event, collectors), polled from {@code /overview/pipeline}; the NIC agents,
 * polled from {@code /overview/agents}.
 */
@Controller
public class OverviewController {

	private final HealthEndpoint health;

	private final Clock clock;

	private final EventRate rate;

	private final ObjectProvider<CollectorAccounting> accounting;

	private final RedisContinuity continuity;

	private final ObjectProvider<AgentFleet> agents;

	public OverviewController(HealthEndpoint health, Clock clock, EventRate rate,
			ObjectProvider<CollectorAccounting> accounting, RedisContinuity continuity,
			ObjectProvider<AgentFleet> agents) {
		this.health = health;
		this.clock = clock;
		this.rate = rate;
		this.accounting = accounting;
		this.continuity = continuity;
		this.agents = agents;
	}

	@GetMapping({ "/", "/overview" })
	public String overview(Model model) {
		model.addAttribute("health", HealthReport.of(this.health.health(), this.clock.instant()));
		model.addAttribute("redisData", this.continuity.status());
		model.addAttribute("pipeline", pipeline());
		model.addAttribute("agents", agents());
		return "overview";
	}

	/** The Overview's button (after overview.js asked for confirmation). */
	@PostMapping("/overview/redis/acknowledge-data-loss")
	public String acknowledgeDataLoss(Principal user, RedirectAttributes result) {
		try {
			this.continuity.acknowledgeDataLoss("dashboard:" + user.getName());
			result.addFlashAttribute("acknowledgement",
					"Redis data loss acknowledged: what Redis holds now is Sonde's state of record.");
		}
		catch (NoRedisDataLoss none) {
			result.addFlashAttribute("acknowledgement", none.getMessage());
		}
		catch (DataAccessException down) {
			result.addFlashAttribute("acknowledgement",
					"Not acknowledged: Redis cannot be reached (" + down.getMessage() + "); try again");
		}
		return "redirect:/";
	}

	@GetMapping(path = "/overview/pipeline", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public PipelineSummary pipeline() {
		return PipelineSummary.of(this.rate.perSecond(), this.accounting.getIfAvailable(), this.clock);
	}

	@GetMapping(path = "/overview/agents", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public AgentsSummary agents() {
		return AgentsSummary.of(this.agents.getIfAvailable());
	}

}
