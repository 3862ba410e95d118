package io.sonde.collectors.web;

import java.security.Principal;
import java.util.List;
import java.util.Map;

import io.sonde.collectors.Accounting;
import io.sonde.collectors.CollectorAccounting;
import io.sonde.collectors.CollectorStatus;
import io.sonde.collectors.CollectorThresholds;
import io.sonde.collectors.ThresholdChange;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Thresholds, collectors and accounting under {@code /api/v1}. */
@RestController
@RequestMapping("/api/v1")
class CollectorsApiController {

	private final CollectorThresholds thresholds;

	private final CollectorAccounting accounting;

	CollectorsApiController(CollectorThresholds thresholds, CollectorAccounting accounting) {
		this.thresholds = thresholds;
		this.accounting = accounting;
	}

	/** T(m) per metric now, and the latest changes (newest first). */
	@GetMapping("/thresholds")
	ThresholdsResponse thresholds() {
		return new ThresholdsResponse(this.thresholds.current(), this.thresholds.history());
	}

	/**
	 * Sets the metrics named ({@code {"hop_latency": 40}}), leaves the others; every
	 * collector applies it.
	 */
	@PutMapping("/thresholds")
	ThresholdsResponse change(@RequestBody(required = false) Map<String, Object> body, Principal principal) {
		this.thresholds.change(body, (principal != null) ? principal.getName() : "anonymous");
		return thresholds();
	}

	@GetMapping("/collectors")
	List<CollectorStatus> collectors() {
		return this.accounting.collectors();
	}

	@GetMapping("/accounting")
	Accounting accounting() {
		return this.accounting.accounting();
	}

	/**
	 * @param thresholds T(m) per Table I metric
	 * @param history recent changes, newest first
	 */
	record ThresholdsResponse(Map<String, Long> thresholds, List<ThresholdChange> history) {
	}

}
