package io.sonde.labeling.web;

import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import io.sonde.labeling.CoverageQueryRejected;
import io.sonde.labeling.CoverageSample;
import io.sonde.labeling.LabelingCoverage;
import io.sonde.labeling.coverage.FreshnessReport;
import io.sonde.labeling.coverage.TelemetryFreshness;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** INT-label's coverage over time and every port's telemetry freshness. */
@RestController
@RequestMapping("/api/v1/labeling")
@Tag(name = "Labeling", description = "INT-label: distributed labeling, adaptive tuning, coverage")
class LabelingCoverageController {

	/** The most history one request returns; the meter keeps at most its own history. */
	static final Duration MAX_BACK = Duration.ofHours(24);

	private final ObjectProvider<LabelingCoverage> meter;

	private final TelemetryFreshness freshness;

	private final Clock clock;

	LabelingCoverageController(ObjectProvider<LabelingCoverage> meter, TelemetryFreshness freshness, Clock clock) {
		this.meter = meter;
		this.freshness = freshness;
		this.clock = clock;
	}

	/**
	 * @param enabled whether the meter runs ({@code sonde.labeling.coverage.enabled})
	 * @param current the last closed window; null when the meter is off
	 * @param history the windows of the last {@code back}, oldest first
	 */
	record CoverageBody(boolean enabled, CoverageSample current, List<CoverageSample> history) {
	}

	@GetMapping(path = "/coverage", produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "Coverage now and over time",
			description = "One sample per telemetry interval Ti (the labeling parameter telemetryIntervalMs): "
					+ "active ports (egress counter rose, or an item was applied for them), covered ports (an item "
					+ "was applied at the controller in the window), rate = covered / active (1.0 when nothing is "
					+ "active), bandwidth occupation = INT bytes (label_carried: packets with n items x (2 + 32 n)) "
					+ "over egress bytes, labeled packets (label_decisions) and exports (label_exports) in the "
					+ "window. The history survives restarts through the time-series store.")
	@ApiResponse(responseCode = "200", description = "The current sample and the history")
	@ApiResponse(responseCode = "400",
			description = "'back' is malformed or out of range; the problem's 'field' names it",
			content = @Content(mediaType = MediaType.APPLICATION_PROBLEM_JSON_VALUE,
					schema = @Schema(implementation = ProblemDetail.class)))
	CoverageBody coverage(@Parameter(description = "how far back, ISO-8601 duration (PT5M), up to PT24H") @RequestParam(
			defaultValue = "PT5M") String back) {
		Duration span = duration(back);
		LabelingCoverage running = this.meter.getIfAvailable();
		if (running == null) {
			return new CoverageBody(false, null, List.of());
		}
		return new CoverageBody(true, running.current(), running.history(span));
	}

	@GetMapping(path = "/freshness", produces = MediaType.APPLICATION_JSON_VALUE)
	@Operation(summary = "When each telemetry source last measured each switch and port",
			description = "Every cabled port of the imported topology and every port a source measured, by switch: "
					+ "INT_LABEL (items applied by result collection), INT_MD (the ingest's INTCollector events "
					+ "naming the switch, and the egress port for link metrics), GPINT (probing sessions' "
					+ "readings; the port toward the next switch of the path). ageMs is the time since the "
					+ "freshest; null when nothing ever measured it.")
	@ApiResponse(responseCode = "200", description = "The freshness report")
	FreshnessReport freshness() {
		return FreshnessReport.of(this.freshness, this.clock.instant());
	}

	private static Duration duration(String text) {
		Duration span;
		try {
			span = Duration.parse(text);
		}
		catch (DateTimeParseException ex) {
			throw new CoverageQueryRejected("back", "must be an ISO-8601 duration such as PT5M, got '" + text + "'");
		}
		if (span.isNegative() || span.isZero() || span.compareTo(MAX_BACK) > 0) {
			throw new CoverageQueryRejected("back", "must be above 0 and at most PT24H, got " + text);
		}
		return span;
	}

}
