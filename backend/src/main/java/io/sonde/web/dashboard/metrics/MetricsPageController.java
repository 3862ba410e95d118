package io.sonde.web.dashboard.metrics;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.collectorfleet.ThresholdRejected;
import io.sonde.metrics.MetricHistory;
import io.sonde.metrics.MetricQueryRejected;
import io.sonde.metrics.MetricsExport;
import io.sonde.web.dashboard.events.EventRate;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The Metrics page: a metric's key and its history chart at a chosen range and
 * resolution; the thresholds T(m), which operators change here, and the event rate around
 * each change, from the metrics module's {@link MetricHistory} and {@link MetricsExport}
 * and the collectors module's {@link CollectorThresholds} (while no bean of one exists,
 * the page says what is not available). The data endpoints are here and not under
 * {@code /api} because the browser signs in with its session (viewers read; {@code PUT}
 * is for operators, see SecurityConfiguration).
 */
@Controller
public class MetricsPageController {

	private static final BigInteger MAX_THRESHOLD = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

	private final ObjectProvider<MetricHistory> history;

	private final ObjectProvider<MetricsExport> export;

	private final ObjectProvider<CollectorThresholds> thresholds;

	private final EventRate rate;

	private final Clock clock;

	public MetricsPageController(ObjectProvider<MetricHistory> history, ObjectProvider<MetricsExport> export,
			ObjectProvider<CollectorThresholds> thresholds, EventRate rate, Clock clock) {
		this.history = history;
		this.export = export;
		this.thresholds = thresholds;
		this.rate = rate;
		this.clock = clock;
	}

	@GetMapping("/metrics")
	public String metrics(Model model) {
		model.addAttribute("metrics", MetricNames.KNOWN);
		model.addAttribute("keyedBy", MetricNames.KEYED_BY);
		model.addAttribute("historyAvailable", historyAvailable());
		CollectorThresholds settings = this.thresholds.getIfAvailable();
		List<ThresholdRow> current = null;
		String unavailable = (settings != null) ? null : "no thresholds store in this service";
		if (settings != null) {
			try {
				current = ThresholdRow.of(settings);
			}
			catch (RuntimeException ex) {
				// The page still charts what it can and says why the
				// thresholds are missing.
				unavailable = ex.getMessage();
			}
		}
		model.addAttribute("thresholds", current);
		model.addAttribute("thresholdsUnavailable", unavailable);
		return "metrics";
	}

	@GetMapping(path = "/metrics/keys", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<?> keys(@RequestParam(name = "metric", required = false) String metric) {
		String known = metric(metric);
		MetricsExport keys = this.export.getIfAvailable();
		if (!historyAvailable()) {
			return unavailable("Metric history");
		}
		return ResponseEntity.ok(Map.of("metric", known, "keys",
				keys.keys(known, null).stream().map(MetricsExport.MetricKey::key).sorted().toList()));
	}

	/** A key's values over the last {@code range}, one point per {@code resolution}. */
	@GetMapping(path = "/metrics/history", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<?> series(@RequestParam(name = "metric", required = false) String metric,
			@RequestParam(name = "key", required = false) String key,
			@RequestParam(name = "range", defaultValue = "15m") String range,
			@RequestParam(name = "resolution", defaultValue = "10s") String resolution) {
		String known = metric(metric);
		if (key == null || key.isBlank()) {
			throw new InvalidMetricRequest("key", "a key of " + known + " is required");
		}
		Duration span = ChartRange.range(range);
		Duration step = ChartRange.resolution(resolution, span);
		MetricHistory source = this.history.getIfAvailable();
		if (source == null || !historyAvailable()) {
			return unavailable("Metric history");
		}
		Instant to = this.clock.instant();
		List<ChartPoint> points;
		try {
			points = source.history(known, key, to.minus(span), to, step)
				.stream()
				.map((point) -> new ChartPoint(point.time(), point.mean()))
				.toList();
		}
		catch (MetricQueryRejected rejected) {
			throw new InvalidMetricRequest(rejected.field(), rejected.getMessage());
		}
		return ResponseEntity
			.ok(Map.of("metric", known, "key", key, "from", to.minus(span), "to", to, "points", points));
	}

	@GetMapping(path = "/metrics/thresholds", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<?> thresholds() {
		CollectorThresholds settings = this.thresholds.getIfAvailable();
		if (settings == null) {
			return unavailable("Thresholds");
		}
		return ResponseEntity.ok(ThresholdRow.of(settings));
	}

	/**
	 * Changes T(metric); the event-rate chart marks the moment. Body {@code {"threshold":
	 * n}}.
	 */
	@PutMapping(path = "/metrics/thresholds/{metric}", consumes = MediaType.APPLICATION_JSON_VALUE,
			produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public ResponseEntity<?> changeThreshold(@PathVariable("metric") String metric,
			@RequestBody Map<String, Object> body, java.security.Principal user) {
		String known = metric(metric);
		BigInteger threshold = threshold(body.get("threshold"));
		CollectorThresholds settings = this.thresholds.getIfAvailable();
		if (settings == null) {
			return unavailable("Thresholds");
		}
		BigInteger before = ThresholdRow.of(settings)
			.stream()
			.filter((row) -> row.metric().equals(known))
			.map(ThresholdRow::value)
			.findFirst()
			.orElse(null);
		try {
			settings.change(Map.of(known, threshold), user.getName());
		}
		catch (ThresholdRejected rejected) {
			throw new InvalidMetricRequest("threshold", rejected.getMessage());
		}
		this.rate.markChange(known + ": " + ((before != null) ? before : "none") + " \u2192 " + threshold);
		return ResponseEntity.ok(Map.of("metric", known, "threshold", threshold));
	}

	/**
	 * Events appended per second over the last {@code span} seconds, with changes marked.
	 */
	@GetMapping(path = "/metrics/event-rate", produces = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	public EventRate.Series eventRate(@RequestParam(name = "span", defaultValue = "300") String span) {
		try {
			int seconds = Integer.parseInt(span.trim());
			if (seconds >= 10 && seconds <= 590) {
				return withRecordedChanges(this.rate.series(seconds));
			}
		}
		catch (NumberFormatException ex) {
			// answered below
		}
		throw new InvalidMetricRequest("span", "'" + span + "' is not a number of seconds from 10 to 590");
	}

	/**
	 * The thresholds store's record of changes replaces this page's own marks when it has
	 * one: it also holds changes made through the API or on another replica.
	 */
	private EventRate.Series withRecordedChanges(EventRate.Series series) {
		CollectorThresholds settings = this.thresholds.getIfAvailable();
		if (settings == null || series.seconds().isEmpty()) {
			return series;
		}
		List<EventRate.Mark> recorded;
		try {
			recorded = ThresholdRow.marks(settings.history());
		}
		catch (RuntimeException ex) {
			return series;
		}
		if (recorded.isEmpty()) {
			return series;
		}
		long first = series.seconds().get(0);
		List<EventRate.Mark> shown = recorded.stream()
			.filter((mark) -> mark.second() >= first)
			.sorted(java.util.Comparator.comparingLong(EventRate.Mark::second))
			.toList();
		return new EventRate.Series(series.at(), series.seconds(), series.events(), shown);
	}

	/** History needs the store's downsampled values and the exporter's keys. */
	private boolean historyAvailable() {
		return this.history.getIfAvailable() != null && this.export.getIfAvailable() != null;
	}

	private static String metric(String metric) {
		if (metric == null || metric.isBlank()) {
			throw new InvalidMetricRequest("metric", "a metric is required, one of " + MetricNames.KNOWN);
		}
		if (!MetricNames.known(metric)) {
			throw new InvalidMetricRequest("metric", "'" + metric + "' is not one of " + MetricNames.KNOWN);
		}
		return metric;
	}

	/**
	 * T(m) is a whole number of the metric's units from 0 to 2^64-1, as the collectors
	 * compare them (unsigned 64-bit).
	 */
	private static BigInteger threshold(Object value) {
		BigInteger number = null;
		if (value instanceof Integer || value instanceof Long) {
			number = BigInteger.valueOf(((Number) value).longValue());
		}
		else if (value instanceof BigInteger big) {
			number = big;
		}
		if (number != null && number.signum() >= 0 && number.compareTo(MAX_THRESHOLD) <= 0) {
			return number;
		}
		throw new InvalidMetricRequest("threshold",
				"'" + value + "' is not a whole number from 0 to 18446744073709551615 (2^64-1)");
	}

	@ExceptionHandler(InvalidMetricRequest.class)
	ResponseEntity<ProblemDetail> invalid(InvalidMetricRequest invalid) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, invalid.getMessage());
		problem.setTitle("Invalid metric request");
		problem.setProperty("field", invalid.field());
		return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	private static ResponseEntity<ProblemDetail> unavailable(String what) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
				what + " is not available in this service yet");
		problem.setTitle(what + " not available");
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(problem);
	}

}
