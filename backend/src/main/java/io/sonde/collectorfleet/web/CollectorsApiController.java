package io.sonde.collectorfleet.web;

import java.math.BigInteger;
import java.security.Principal;
import java.util.List;
import java.util.Map;

import io.sonde.collectorfleet.Accounting;
import io.sonde.collectorfleet.CollectorAccounting;
import io.sonde.collectorfleet.CollectorStatus;
import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.collectorfleet.ThresholdChange;
import io.sonde.collectorfleet.ThresholdDefault;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Thresholds, collectors and accounting under {@code /api/v1}. */
@RestController
@RequestMapping("/api/v1")
@Tag(name = "Collectors", description = "Thresholds T(m) of every collector, their counters and the accounting")
class CollectorsApiController {

	private final CollectorThresholds thresholds;

	private final CollectorAccounting accounting;

	CollectorsApiController(CollectorThresholds thresholds, CollectorAccounting accounting) {
		this.thresholds = thresholds;
		this.accounting = accounting;
	}

	/** T(m) per metric now, the defaults, and the latest changes (newest first). */
	@GetMapping("/thresholds")
	@Operation(summary = "T(m) per metric now (unsigned 64-bit), Sonde's defaults, and the latest changes")
	ThresholdsResponse thresholds() {
		return new ThresholdsResponse(this.thresholds.current(), this.thresholds.defaults(), this.thresholds.history());
	}

	/**
	 * Sets the metrics named ({@code {"hop_latency": 40}}), leaves the others; every
	 * collector applies it.
	 */
	@PutMapping("/thresholds")
	@Operation(summary = "Set T(m) of the metrics named, e.g. {\"hop_latency\": 40}; every collector applies it",
			description = "Each value is an integer from 0 to 2^64-1 (18446744073709551615), as a JSON number or a "
					+ "string of digits. The change is checked whole: a bad metric or value answers 400 naming it, "
					+ "and nothing is written.")
	@ApiResponse(responseCode = "200", description = "Written to the hash and published to the collectors")
	@ApiResponse(responseCode = "400", description = "Refused; 'field' names the metric (or 'body')")
	ThresholdsResponse change(@RequestBody(required = false) Map<String, Object> body, Principal principal) {
		this.thresholds.change(body, (principal != null) ? principal.getName() : "anonymous");
		return thresholds();
	}

	@GetMapping("/collectors")
	@Operation(summary = "Every collector's counters and liveness")
	List<CollectorStatus> collectors() {
		return this.accounting.collectors();
	}

	@GetMapping("/accounting")
	@Operation(summary = "M_all, M_event and what each stage of the pipeline took in and lost")
	Accounting accounting() {
		return this.accounting.accounting();
	}

	/**
	 * @param thresholds T(m) per Table I metric
	 * @param defaults Sonde's default of each metric, its unit and why
	 * @param history recent changes, newest first
	 */
	record ThresholdsResponse(Map<String, BigInteger> thresholds, List<ThresholdDefault> defaults,
			List<ThresholdChange> history) {
	}

}
