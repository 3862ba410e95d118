package io.sonde.web.dashboard.probes;

import java.util.List;

import io.sonde.probes.Algorithm;
import io.sonde.probes.ProbeOrchestrator;
import io.sonde.probes.ProbeSession;
import io.sonde.probes.SessionRequest;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The Probes page's sessions: run one now (operators; the page's plan controls say with
 * what), follow them live ({@code /probes/live}) and list the history with filters (the
 * table and the latency chart). The orchestrator's own API is
 * {@code /api/v1/probes/sessions}.
 */
@Controller
public class ProbeSessionsPageController {

	private final ProbeOrchestrator orchestrator;

	private final ProbeLiveFeed live;

	ProbeSessionsPageController(ProbeOrchestrator orchestrator, ProbeLiveFeed live) {
		this.orchestrator = orchestrator;
		this.live = live;
	}

	/**
	 * Starts a session with the algorithm and GPINT's k or c (blank: as configured); 202
	 * with the session as started, 409 while one runs or without a topology.
	 */
	@PostMapping(path = "/probes/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<ProbeSession> run(@RequestParam(name = "algorithm", required = false) String algorithm,
			@RequestParam(name = "k", required = false) String k,
			@RequestParam(name = "c", required = false) String c) {
		PlanChoice choice = PlanChoice.parse(k, c, null);
		Algorithm planned = (algorithm == null || algorithm.isBlank()) ? null : Algorithm.named(algorithm);
		boolean gpint = planned != Algorithm.EULER;
		SessionRequest request = new SessionRequest(planned,
				(gpint && choice.k().isPresent()) ? choice.k().getAsInt() : null,
				(gpint && choice.c().isPresent()) ? choice.c().getAsDouble() : null, null);
		return ResponseEntity.accepted().body(this.orchestrator.start(request));
	}

	/** The history, newest first, filtered by status, algorithm and start time. */
	@GetMapping(path = "/probes/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public List<ProbeSession> sessions(@RequestParam(name = "status", required = false) String status,
			@RequestParam(name = "algorithm", required = false) String algorithm,
			@RequestParam(name = "from", required = false) String from,
			@RequestParam(name = "to", required = false) String to,
			@RequestParam(name = "limit", required = false) String limit) {
		return this.orchestrator.sessions(SessionFilters.parse(status, algorithm, from, to, limit));
	}

	@GetMapping(path = "/probes/live", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
	public SseEmitter live() {
		return this.live.subscribe();
	}

}
