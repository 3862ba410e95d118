package io.sonde.web.dashboard;

import java.util.List;
import java.util.Map;

import io.sonde.collectorfleet.Accounting;
import io.sonde.collectorfleet.CollectorAccounting;
import io.sonde.collectorfleet.CollectorStatus;
import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Overview's telemetry-pipeline card: events/s from the dashboard's own count,
 * M_all/M_event and the collectors from the collectors module's accounting (a test double
 * here).
 */
@WebMvcTest(controllers = OverviewController.class)
@Import({ WebSliceTestConfiguration.class, OverviewPipelineTests.Figures.class })
class OverviewPipelineTests {

	@Autowired
	private MockMvc mvc;

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void rendersEventsPerSecondTheStorageReductionAndEachCollectorWithItsLivenessAndCounters() throws Exception {
		String page = this.mvc.perform(get("/")).andReturn().getResponse().getContentAsString();

		assertThat(page).contains("<h2 id=\"pipeline-heading\">Telemetry pipeline</h2>")
			.contains("data-pipeline-url=\"/overview/pipeline\"")
			.contains("<dd id=\"m-all\">12000</dd>")
			.contains("<dd id=\"m-event\">300</dd>")
			.contains("<dd id=\"reduction\">40.0×</dd>")
			.contains("data-collector=\"node-a/veth0\"")
			.contains("class=\"status status-up\">ALIVE</span>")
			.contains("class=\"status status-down\">SILENT</span>")
			.contains("reports=900, events=300");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void servesTheSameFiguresAsJsonForThePageToPoll() throws Exception {
		this.mvc.perform(get("/overview/pipeline"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.eventsPerSecond").value(0.0))
			.andExpect(jsonPath("$.accounting.all").value(12000))
			.andExpect(jsonPath("$.accounting.stored").value(300))
			.andExpect(jsonPath("$.reduction").value(40.0))
			.andExpect(jsonPath("$.collectors[0].name").value("node-a/veth0"))
			.andExpect(jsonPath("$.collectors[0].alive").value(true))
			.andExpect(jsonPath("$.collectors[1].counters.reports").value("5"));
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void rendersTheOverviewAndSaysWhyWhenTheFiguresCannotBeReadNow() throws Exception {
		failingFigures = true;
		try {
			String page = this.mvc.perform(get("/"))
				.andExpect(status().isOk())
				.andReturn()
				.getResponse()
				.getContentAsString();
			assertThat(page).contains("Accounting and collectors not available now: Unable to connect to Redis")
				.contains("<dd id=\"m-all\">—</dd>");
		}
		finally {
			failingFigures = false;
		}
	}

	@Test
	void refusesThePipelineFiguresWithoutASession() throws Exception {
		this.mvc.perform(get("/overview/pipeline")).andExpect(status().isUnauthorized());
	}

	/** Makes the test double fail as the accounting does while Redis is down. */
	static volatile boolean failingFigures;

	@TestConfiguration(proxyBeanMethods = false)
	static class Figures {

		/**
		 * Two collectors, one that reported a second before the slice's clock and one
		 * silent for five and a half minutes.
		 */
		@Bean
		CollectorAccounting collectorAccounting() {
			return new CollectorAccounting() {

				@Override
				public Accounting accounting() {
					if (failingFigures) {
						throw new IllegalStateException("Unable to connect to Redis");
					}
					return new Accounting(12_000, List.of(), 300, 300 / 12_000.0, Map.of("hop_latency", 300L),
							List.of());
				}

				@Override
				public List<CollectorStatus> collectors() {
					return List.of(
							new CollectorStatus("node-a", "veth0", true, 1_000L,
									orderedCounters("reports", "900", "events", "300")),
							new CollectorStatus("node-b", "veth1", false, 330_000L, Map.of("reports", "5")));
				}

			};
		}

		private static Map<String, String> orderedCounters(String first, String firstValue, String second,
				String secondValue) {
			Map<String, String> counters = new java.util.LinkedHashMap<>();
			counters.put(first, firstValue);
			counters.put(second, secondValue);
			return counters;
		}

	}

}
