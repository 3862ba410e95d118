package io.sonde.web.dashboard.flows;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.sonde.agents.AgentStreamsFixture;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

/**
 * The Flows page and the Overview's NIC agents over the real agents module: entries
 * XADDed as a NIC agent writes them, through the ingest and the embedded QuestDB, read
 * back through the page's JSON; before any agent wrote its counters the page says how to
 * start one. The page in a browser runs in e2e-tests (FlowsLiveBrowserIntegrationTests).
 */
@SpringBootTest
@AutoConfigureMockMvc
// The context closes with the class: cached, it would keep retrying the class's Redis.
@DirtiesContext
class FlowsPageIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	@Autowired
	private MockMvc mvc;

	@Autowired
	private StringRedisTemplate redisTemplate;

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
	}

	// The waits poll in the test's thread: the mock user is the thread's.
	@Test
	@WithMockUser(username = "viewer", roles = "VIEWER")
	void listsFlowsByLatencyWithTheirHopsAndBottleneckTheHistogramsAndTheAgentOnTheOverview() throws Exception {
		String empty = page("/flows");
		assertThat(empty).contains("<h1>Flows</h1>")
			.contains("href=\"/flows\" aria-current=\"page\">Flows</a>")
			.contains("data-top-url=\"/flows/top\"")
			.contains("data-flow-url=\"/flows/flow\"")
			.contains("data-histograms-url=\"/flows/histograms\"")
			.contains("data-graph-url=\"/topology/graph\"")
			.contains("<div id=\"no-agent\" class=\"empty-state\">")
			.contains("xdp-collector/build/nic-agent -i IFACE -r 127.0.0.1:6379 -n AGENT");
		assertThat(empty).doesNotContain("data-agents=");
		assertThat(page("/")).contains("<p id=\"agents-empty\" class=\"empty\">No")
			.contains("data-agents-url=\"/overview/agents\"");
		this.mvc.perform(get("/overview/agents")).andExpect(status().isOk()).andExpect(jsonPath("$.agents").isEmpty());

		AgentStreamsFixture.awaitGroups(this.redisTemplate);
		AgentStreamsFixture agent = new AgentStreamsFixture("page-agent", "eth1", 1_764_000_000_000L);
		agent.writeCounters(this.redisTemplate, System.currentTimeMillis(), Map.of());
		long now = System.currentTimeMillis() * 1_000_000L;
		AgentStreamsFixture.xadd(this.redisTemplate, AgentStreamsFixture.FLOWS,
				agent.batch("records", List.of(AgentStreamsFixture.flowRecord(1, "10.0.0.2", 5000, now, 300),
						AgentStreamsFixture.flowRecord(2, "10.0.0.3", 5001, now, 900))));
		AgentStreamsFixture.xadd(this.redisTemplate, AgentStreamsFixture.HISTOGRAMS,
				agent.histogram(7, "hop_latency", now, java.util.Collections.nCopies(32, 2L)));

		await().atMost(Duration.ofSeconds(30))
			.pollInSameThread()
			.untilAsserted(() -> this.mvc.perform(get("/flows/top"))
				.andExpect(jsonPath("$.length()").value(2))
				.andExpect(jsonPath("$[0].flowId").value("10.0.0.3:5001-10.1.0.3:6000-17"))
				.andExpect(jsonPath("$[0].e2eLatency").value(900))
				.andExpect(jsonPath("$[0].agent").value("page-agent"))
				.andExpect(jsonPath("$[1].flowId").value("10.0.0.2:5000-10.1.0.3:6000-17")));
		this.mvc.perform(get("/flows/flow").param("id", "10.0.0.3:5001-10.1.0.3:6000-17"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.path[1]").value(7))
			.andExpect(jsonPath("$.hops.length()").value(3))
			.andExpect(jsonPath("$.hops[1].latencyAvg").value(55.0))
			.andExpect(jsonPath("$.bottleneckHop").value(1));
		this.mvc.perform(get("/flows/flow").param("id", "10.9.9.9:1-10.1.0.3:6000-17"))
			.andExpect(status().isNotFound());
		await().atMost(Duration.ofSeconds(30))
			.pollInSameThread()
			.untilAsserted(() -> this.mvc.perform(get("/flows/histograms").param("agent", "page-agent"))
				.andExpect(jsonPath("$[0].switchId").value(7))
				.andExpect(jsonPath("$[0].metric").value("hop_latency"))
				.andExpect(jsonPath("$[0].bins.length()").value(32)));

		// An IPv6 flow's id, addresses in brackets, as flows.js sends it.
		AgentStreamsFixture.xadd(this.redisTemplate, AgentStreamsFixture.FLOWS, agent.batch("records",
				List.of(AgentStreamsFixture.flowRecord(3, "2001:db8::5", 5002, "2001:db8::6", now, 400))));
		await().atMost(Duration.ofSeconds(30))
			.pollInSameThread()
			.untilAsserted(
					() -> this.mvc.perform(get("/flows/flow").param("id", "[2001:db8::5]:5002-[2001:db8::6]:6000-17"))
						.andExpect(status().isOk())
						.andExpect(jsonPath("$.srcIp").value("2001:db8::5"))
						.andExpect(jsonPath("$.hops.length()").value(3)));

		assertThat(page("/flows")).contains("data-agents=\"page-agent\"")
			.contains("<div id=\"no-agent\" class=\"empty-state\" hidden=\"hidden\">");
		assertThat(page("/")).contains("data-agent=\"page-agent/eth1\"")
			.contains("class=\"status status-up\">UP</span>")
			.contains("packets=1000");
		this.mvc.perform(get("/overview/agents"))
			.andExpect(jsonPath("$.agents[0].name").value("page-agent/eth1"))
			.andExpect(jsonPath("$.agents[0].up").value(true))
			.andExpect(jsonPath("$.agents[0].counters.events").value("10"));
	}

	private String page(String path) throws Exception {
		return this.mvc.perform(get(path))
			.andExpect(status().isOk())
			.andExpect(view().name(path.equals("/") ? "overview" : "flows"))
			.andReturn()
			.getResponse()
			.getContentAsString();
	}

}
