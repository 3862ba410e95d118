package io.sonde.web.dashboard;

import java.time.Instant;
import java.util.List;

import io.sonde.store.RedisContinuityStatus.StateToImport;
import io.sonde.store.RedisDataLoss;
import io.sonde.web.SettableRedisContinuity;
import io.sonde.web.WebSliceTestConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The Overview's Redis data-loss panel: hidden while Redis holds Sonde's data; after a
 * loss, the reason and time, what must be imported again (missing or present again, and
 * how), and for operators the acknowledgement, which overview.js confirms first.
 */
@WebMvcTest(controllers = OverviewController.class)
@Import(WebSliceTestConfiguration.class)
class OverviewDataLossTests {

	private static final RedisDataLoss LOSS = new RedisDataLoss(Instant.parse("2026-11-23T10:14:02Z"), "backend-a-4242",
			"epoch key sonde:epoch missing: Redis was emptied", "epoch-1", Instant.parse("2026-11-20T08:00:00Z"),
			List.of("switch registry", "topology"));

	@Autowired
	private MockMvc mvc;

	@Autowired
	private SettableRedisContinuity continuity;

	@AfterEach
	void noLoss() {
		this.continuity.reset();
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void hidesThePanelWhileRedisHoldsSondesData() throws Exception {
		this.mvc.perform(get("/"))
			.andExpect(content().string(containsString("id=\"redis-data-loss\" hidden=\"hidden\"")));
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void showsTheLossWhatToImportAgainAndTheAcknowledgement() throws Exception {
		lose();
		String page = this.mvc.perform(get("/")).andReturn().getResponse().getContentAsString();

		assertThat(page).doesNotContain("id=\"redis-data-loss\" hidden");
		assertThat(page).contains("Redis lost its data at 2026-11-23T10:14:02Z: epoch key sonde:epoch missing: "
				+ "Redis was emptied (noticed by backend-a-4242)");
		assertThat(page).containsPattern("data-state=\"switch registry\">\\s*<th scope=\"row\">switch registry</th>"
				+ "\\s*<td><span class=\"status status-down\">MISSING</span></td>\\s*<td>POST /api/v1/switches");
		assertThat(page).containsPattern("data-state=\"topology\">\\s*<th scope=\"row\">topology</th>"
				+ "\\s*<td><span class=\"status status-up\">PRESENT AGAIN</span></td>");
		assertThat(page).contains("action=\"/overview/redis/acknowledge-data-loss\"");
	}

	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void offersViewersNoAcknowledgement() throws Exception {
		lose();
		this.mvc.perform(get("/"))
			.andExpect(content().string(containsString("Redis lost its data at")))
			.andExpect(content().string(not(containsString("/overview/redis/acknowledge-data-loss"))));
		this.mvc.perform(post("/overview/redis/acknowledge-data-loss").with(csrf())).andExpect(status().isForbidden());
		assertThat(this.continuity.unacknowledgedLoss()).isPresent();
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void acknowledgesForTheSignedInOperatorAndSaysSo() throws Exception {
		lose();
		this.mvc.perform(post("/overview/redis/acknowledge-data-loss").with(csrf()))
			.andExpect(redirectedUrl("/"))
			.andExpect(flash().attribute("acknowledgement",
					"Redis data loss acknowledged: what Redis holds now is Sonde's state of record."));

		assertThat(this.continuity.acknowledgedBy()).isEqualTo("dashboard:operator");
		assertThat(this.continuity.unacknowledgedLoss()).isEmpty();
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void refusesAnAcknowledgementWithoutCsrfToken() throws Exception {
		lose();
		this.mvc.perform(post("/overview/redis/acknowledge-data-loss")).andExpect(status().isForbidden());
		assertThat(this.continuity.unacknowledgedLoss()).isPresent();
	}

	@Test
	@WithMockUser(username = "operator", roles = "OPERATOR")
	void saysSoWhenThereIsNothingToAcknowledge() throws Exception {
		this.mvc.perform(post("/overview/redis/acknowledge-data-loss").with(csrf()))
			.andExpect(redirectedUrl("/"))
			.andExpect(flash().attribute("acknowledgement",
					"Redis has no unacknowledged data loss: nothing to acknowledge"));
	}

	private void lose() {
		this.continuity.lose(LOSS, List.of(
				new StateToImport("switch registry", List.of("sonde:switches:devices"),
						"POST /api/v1/switches/from-topology", false),
				new StateToImport("topology", List.of("sonde:topology:current"), "POST /api/v1/topology", true)));
	}

}
