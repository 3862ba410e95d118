package io.sonde.web.dashboard.metrics;

import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.collectorfleet.ThresholdChange;
import io.sonde.collectorfleet.ThresholdDefault;
import io.sonde.metrics.ExportStatistics;
import io.sonde.metrics.MetricHistory;
import io.sonde.metrics.MetricHistoryPoint;
import io.sonde.metrics.MetricsExport;
import io.sonde.web.DashboardPages;
import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Metrics page over test doubles of the metrics module's history and keys and the
 * collectors module's thresholds: choices, the chart's data, who may change a threshold
 * and the mark it leaves on the event-rate chart.
 */
@WebMvcTest(controllers = MetricsPageController.class)
@Import({ WebSliceTestConfiguration.class, MetricsPageControllerTests.Doubles.class })
class MetricsPageControllerTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private FakeThresholds thresholds;

	@Autowired
	private FakeHistory history;

	@BeforeEach
	void defaults() {
		this.thresholds.values.clear();
		this.thresholds.recorded = List.of();
		this.thresholds.values.put("hop_latency", BigInteger.valueOf(1000));
		this.thresholds.values.put("queue_occupancy", BigInteger.valueOf(100));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void showsAViewerTheMetricsRangesAndThresholdsWithoutAWayToChangeThem() throws Exception {
		String page = DashboardPages.rendered(this.mvc, "/metrics", "metrics");

		assertThat(page).contains("<h1>Metrics</h1>")
			.contains("href=\"/metrics\" aria-current=\"page\">Metrics</a>")
			.contains("<option value=\"queue_occupancy\">queue_occupancy (by switch and queue)</option>")
			.contains("<option value=\"1h\">last hour</option>")
			.contains("data-metric=\"queue_occupancy\"")
			.contains("data-field=\"threshold\">100</span>")
			.doesNotContain("class=\"threshold-form\"");
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void offersAnOperatorAFormPerThreshold() throws Exception {
		String page = this.mvc.perform(get("/metrics")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("class=\"threshold-form\" data-metric=\"hop_latency\"")
			.contains(
					"<label class=\"visually-hidden\" for=\"threshold-queue_occupancy\">Threshold of queue_occupancy</label>")
			.contains("name=\"csrf-token\"");
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void anOperatorsChangeReachesTheThresholdsAndIsMarkedOnTheEventRate() throws Exception {
		this.mvc
			.perform(put("/metrics/thresholds/queue_occupancy").with(csrf())
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"threshold\": 500}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.threshold").value(500));

		assertThat(this.thresholds.values).containsEntry("queue_occupancy", BigInteger.valueOf(500));
		assertThat(this.thresholds.lastBy).isEqualTo("operator");
		this.mvc.perform(get("/metrics/event-rate").param("span", "60"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.seconds.length()").value(60))
			.andExpect(jsonPath("$.marks[-1].label").value("queue_occupancy: 100 \u2192 500"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void marksTheChangesTheThresholdsStoreRecordedWhoeverMadeThem() throws Exception {
		long now = WebSliceTestConfiguration.NOW.getEpochSecond();
		this.thresholds.recorded = List.of(
				new ThresholdChange(Instant.ofEpochSecond(now - 30), "api-token",
						Map.of("queue_occupancy", BigInteger.valueOf(700))),
				new ThresholdChange(Instant.ofEpochSecond(now - 3600), "operator",
						Map.of("hop_latency", BigInteger.valueOf(5))));

		this.mvc.perform(get("/metrics/event-rate").param("span", "60"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.marks.length()").value(1))
			.andExpect(jsonPath("$.marks[0].label").value("queue_occupancy \u2192 700 (api-token)"))
			.andExpect(jsonPath("$.marks[0].second").value(now - 30));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void aViewerMayNotChangeAThreshold() throws Exception {
		this.mvc
			.perform(put("/metrics/thresholds/queue_occupancy").with(csrf())
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"threshold\": 500}"))
			.andExpect(status().isForbidden());

		assertThat(this.thresholds.values).containsEntry("queue_occupancy", BigInteger.valueOf(100));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void showsEachDefaultWithItsReasonAndWhetherItIsInForce() throws Exception {
		this.thresholds.values.put("queue_occupancy", BigInteger.TWO);

		String page = this.mvc.perform(get("/metrics")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("data-metric=\"queue_occupancy\" data-default=\"2\"")
			.contains("data-metric=\"hop_latency\" data-default=\"10\"")
			.contains("<span class=\"mono\" data-field=\"default\">10</span>")
			.contains("<p class=\"hint threshold-reason\" data-field=\"reason\">queues of steady traffic");
		assertThat(row(page, "queue_occupancy")).contains("data-field=\"at-default\">the default</span>");
		assertThat(row(page, "hop_latency")).contains("data-field=\"at-default\">set by an operator</span>");
		this.mvc.perform(get("/metrics/thresholds"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[?(@.metric == 'queue_occupancy')].atDefault").value(true))
			.andExpect(jsonPath("$[?(@.metric == 'hop_latency')].defaultValue").value(10));
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void takesThresholdsUpToTwoToTheSixtyFourMinusOneWhole() throws Exception {
		this.mvc
			.perform(put("/metrics/thresholds/hop_latency").with(csrf())
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"threshold\": 18446744073709551615}"))
			.andExpect(status().isOk());
		assertThat(this.thresholds.values).containsEntry("hop_latency", new BigInteger("18446744073709551615"));
		this.mvc
			.perform(put("/metrics/thresholds/hop_latency").with(csrf())
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"threshold\": 9223372036854775808}"))
			.andExpect(status().isOk());
		assertThat(this.thresholds.values).containsEntry("hop_latency", new BigInteger("9223372036854775808"));
		String page = this.mvc.perform(get("/metrics")).andReturn().getResponse().getContentAsString();
		assertThat(page).contains("value=\"9223372036854775808\"");

		for (String refused : List.of("18446744073709551616", "-1", "\"ten\"")) {
			this.mvc
				.perform(put("/metrics/thresholds/hop_latency").with(csrf())
					.contentType(MediaType.APPLICATION_JSON)
					.content("{\"threshold\": " + refused + "}"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.field").value("threshold"));
		}
		assertThat(this.thresholds.values).containsEntry("hop_latency", new BigInteger("9223372036854775808"));
	}

	private static String row(String page, String metric) {
		int start = page.indexOf("<tr data-metric=\"" + metric + "\"");
		return page.substring(start, page.indexOf("</tr>", start));
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void refusesAThresholdThatIsNotAWholeNumberOrAMetricItDoesNotKnowNamingTheField() throws Exception {
		this.mvc
			.perform(put("/metrics/thresholds/queue_occupancy").with(csrf())
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"threshold\": 2.5}"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("threshold"));
		this.mvc
			.perform(put("/metrics/thresholds/cpu_temperature").with(csrf())
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"threshold\": 1}"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("metric"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void servesAKeysHistoryOverTheChosenRangeAtTheChosenResolution() throws Exception {
		this.mvc.perform(get("/metrics/keys").param("metric", "queue_occupancy"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.keys[0]").value("5/0"));

		this.mvc
			.perform(get("/metrics/history").param("metric", "queue_occupancy")
				.param("key", "5/0")
				.param("range", "1h")
				.param("resolution", "1m"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.points.length()").value(2))
			.andExpect(jsonPath("$.points[1].value").value(42.0))
			.andExpect(jsonPath("$.from").value("2026-11-23T09:15:30Z"));
		assertThat(this.history.lastResolution).isEqualTo(Duration.ofMinutes(1));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void refusesARangeOrResolutionItDoesNotOfferNamingTheField() throws Exception {
		this.mvc
			.perform(
					get("/metrics/history").param("metric", "queue_occupancy").param("key", "5/0").param("range", "2d"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("range"));
		this.mvc
			.perform(get("/metrics/history").param("metric", "queue_occupancy")
				.param("key", "5/0")
				.param("range", "24h")
				.param("resolution", "1s"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("resolution"));
		this.mvc.perform(get("/metrics/history").param("metric", "queue_occupancy"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.field").value("key"));
	}

	/**
	 * The thresholds of two metrics. Its history is what a test sets, as the API or
	 * another replica would have recorded it: a change made here records nothing, so the
	 * page's own mark is what a test of a change reads.
	 */
	static final class FakeThresholds implements CollectorThresholds {

		static final List<ThresholdDefault> DEFAULTS = List
			.of(new ThresholdDefault("hop_latency", BigInteger.TEN, "units", "jitter"), new ThresholdDefault(
					"queue_occupancy", BigInteger.TWO, "units", "queues of steady traffic move by one packet"));

		final Map<String, BigInteger> values = new ConcurrentHashMap<>();

		volatile String lastBy;

		volatile List<ThresholdChange> recorded = List.of();

		@Override
		public Map<String, BigInteger> current() {
			Map<String, BigInteger> current = new TreeMap<>();
			DEFAULTS.forEach((preset) -> current.put(preset.metric(), preset.value()));
			current.putAll(this.values);
			return current;
		}

		@Override
		public List<ThresholdDefault> defaults() {
			return DEFAULTS;
		}

		@Override
		public ThresholdChange change(Map<String, ?> thresholds, String by) {
			Map<String, BigInteger> changed = new TreeMap<>();
			thresholds.forEach((metric, value) -> changed.put(metric, new BigInteger(value.toString())));
			this.values.putAll(changed);
			this.lastBy = by;
			return new ThresholdChange(WebSliceTestConfiguration.NOW, by, changed);
		}

		@Override
		public List<ThresholdChange> history() {
			return this.recorded;
		}

	}

	/** Two points per series, the first at its start and the last at its end. */
	static final class FakeHistory implements MetricHistory {

		volatile Duration lastResolution;

		@Override
		public List<MetricHistoryPoint> history(String metric, String key, Instant from, Instant to,
				Duration resolution) {
			this.lastResolution = resolution;
			return List.of(new MetricHistoryPoint(from, 10, 10, 10, 1), new MetricHistoryPoint(to, 42, 42, 42, 1));
		}

	}

	/** The exporter's keys: two queues of one switch. */
	static final class FakeExport implements MetricsExport {

		@Override
		public ExportStatistics statistics() {
			return new ExportStatistics(0, 0, 0, 0, 0, 0, 0, 0, 2, 0);
		}

		@Override
		public List<MetricKey> keys(String metric, Long switchId) {
			return List.of(new MetricKey(metric, "5/1", 5L, 1L, null, null, 0, WebSliceTestConfiguration.NOW),
					new MetricKey(metric, "5/0", 5L, 0L, null, null, 0, WebSliceTestConfiguration.NOW));
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Doubles {

		@Bean
		FakeThresholds fakeThresholds() {
			return new FakeThresholds();
		}

		@Bean
		FakeHistory fakeHistory() {
			return new FakeHistory();
		}

		@Bean
		FakeExport fakeExport() {
			return new FakeExport();
		}

	}

}
