package io.sonde.topology;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.switches.EmulatedFabric;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code /api/v1/topology} on a running backend with a Redis of its own: import by an
 * operator, read back by a viewer, refusals with problem details naming the field, and an
 * import refused while Redis is away.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// The context closes with the class: cached, it would keep retrying the class's Redis
// (and whatever else it started) through every later test, and gRPC threads would throw
// into their awaits.
@DirtiesContext
class TopologyApiIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(2);

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		ApiCaller.registerTokens(properties);
	}

	@AfterAll
	static void stopRedisAndSwitches() {
		fabric.close();
	}

	@LocalServerPort
	int port;

	@Autowired
	ImportsSeen imports;

	private ApiCaller api;

	@BeforeEach
	void caller() {
		this.api = new ApiCaller(this.port);
	}

	@Test
	void importsTheEmulatorsExportAndGivesItBackInTheSameFormat() {
		HttpResponse<String> posted = this.api.postJson("/api/v1/topology", fabric.document(), OPERATOR_TOKEN);

		assertThat(posted.statusCode()).isEqualTo(200);
		JsonNode summary = json(posted);
		assertThat(summary.get("name").asText()).isEqualTo(fabric.topology().name());
		assertThat(summary.get("switches").asInt()).isEqualTo(5);
		assertThat(summary.get("hosts").asInt()).isEqualTo(fabric.topology().hosts().size());
		assertThat(summary.get("links").asInt()).isEqualTo(fabric.topology().links().size());
		assertThat(summary.get("source").asText())
			.isEqualTo("POST /api/v1/topology by " + ApiCaller.OPERATOR_TOKEN_NAME);

		HttpResponse<String> current = this.api.get("/api/v1/topology", VIEWER_TOKEN);

		assertThat(current.statusCode()).isEqualTo(200);
		assertThat(current.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
		assertThat(current.headers().firstValue("Last-Modified")).isPresent();
		assertThat(TopologyJson.read(current.body())).isEqualTo(fabric.topology());
		assertThat(this.imports.seen()).last()
			.satisfies((event) -> assertThat(event.imported().topology().switches()).hasSize(5));
	}

	@Test
	void rejectsASwitchWithDeviceIdZeroWithAProblemNamingTheFieldAndKeepsWhatItHad() {
		this.api.postJson("/api/v1/topology", fabric.document(), OPERATOR_TOKEN);
		String before = this.api.get("/api/v1/topology", VIEWER_TOKEN).body();
		String bad = fabric.document().replaceFirst("\"deviceId\" : \\d+", "\"deviceId\" : 0");

		HttpResponse<String> refused = this.api.postJson("/api/v1/topology", bad, OPERATOR_TOKEN);

		assertThat(refused.statusCode()).isEqualTo(400);
		assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		JsonNode problem = json(refused);
		assertThat(problem.get("status").asInt()).isEqualTo(400);
		assertThat(problem.get("title").asText()).isEqualTo("Topology rejected");
		assertThat(problem.get("field").asText()).isEqualTo("switches[0].deviceId");
		assertThat(problem.get("detail").asText()).startsWith("switches[0].deviceId: must be non-zero");
		assertThat(this.api.get("/api/v1/topology", VIEWER_TOKEN).body()).isEqualTo(before);
	}

	@Test
	void importsTheSameDocumentWrittenInYaml() throws Exception {
		String yaml = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
			.writeValueAsString(new com.fasterxml.jackson.databind.ObjectMapper().readTree(fabric.document()));

		HttpResponse<String> posted = this.api.post("/api/v1/topology", "application/yaml", yaml, OPERATOR_TOKEN);

		assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
		assertThat(json(posted).get("switches").asInt()).isEqualTo(5);
		HttpResponse<String> broken = this.api.post("/api/v1/topology", "application/yaml", "switches: [a, b",
				OPERATOR_TOKEN);
		assertThat(broken.statusCode()).isEqualTo(400);
		assertThat(json(broken).get("detail").asText()).contains("not a YAML document");
	}

	@Test
	void generatesTopologiesForPlanningWithoutImportingThem() {
		HttpResponse<String> fatTree = this.api.get("/api/v1/topology/generated?kind=fattree&k=4", VIEWER_TOKEN);
		assertThat(fatTree.statusCode()).isEqualTo(200);
		assertThat(json(fatTree).get("switches")).hasSize(20);
		HttpResponse<String> world = this.api
			.get("/api/v1/topology/generated?kind=watts-strogatz&n=40&k=4&beta=0.2&seed=9", VIEWER_TOKEN);
		assertThat(json(world).get("hosts")).hasSize(40);
		HttpResponse<String> odd = this.api.get("/api/v1/topology/generated?kind=fattree&k=5", VIEWER_TOKEN);
		assertThat(odd.statusCode()).isEqualTo(400);
		assertThat(json(odd).get("detail").asText()).contains("even k");
		assertThat(this.api.get("/api/v1/topology/generated?kind=ring", VIEWER_TOKEN).statusCode()).isEqualTo(400);
	}

	@Test
	void rejectsTextThatIsNotJsonSayingWhere() {
		HttpResponse<String> refused = this.api.postJson("/api/v1/topology", "{\"format\": \"sonde-topology\",",
				OPERATOR_TOKEN);

		assertThat(refused.statusCode()).isEqualTo(400);
		JsonNode problem = json(refused);
		assertThat(problem.get("field").asText()).isEmpty();
		assertThat(problem.get("detail").asText()).startsWith("the document: is not valid JSON").contains("line 1");
	}

	@Test
	void refusesAnImportFromAViewer() {
		int importsBefore = this.imports.seen().size();

		HttpResponse<String> refused = this.api.postJson("/api/v1/topology", fabric.document(), VIEWER_TOKEN);

		assertThat(refused.statusCode()).isEqualTo(403);
		assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(this.imports.seen()).hasSize(importsBefore);
	}

	@Test
	void refusesCallsWithoutAToken() {
		assertThat(this.api.postJson("/api/v1/topology", fabric.document(), null).statusCode()).isEqualTo(401);
		assertThat(this.api.get("/api/v1/topology", null).statusCode()).isEqualTo(401);
	}

	@Test
	void refusesAnImportRedisCannotKeepAndKeepsTheCurrentTopology() {
		this.api.postJson("/api/v1/topology", fabric.document(), OPERATOR_TOKEN);
		String before = this.api.get("/api/v1/topology", VIEWER_TOKEN).body();
		String renamed = fabric.document()
			.replace("\"name\" : \"" + fabric.topology().name() + "\"", "\"name\" : \"renamed\"");

		redis.stop();
		try {
			HttpResponse<String> refused = this.api.postJson("/api/v1/topology", renamed, OPERATOR_TOKEN);

			assertThat(refused.statusCode()).isEqualTo(503);
			assertThat(json(refused).get("title").asText()).isEqualTo("Topology not stored");
			assertThat(this.api.get("/api/v1/topology", VIEWER_TOKEN).body()).isEqualTo(before);
		}
		finally {
			redis.restart();
		}
		// Lettuce reconnects in the background with a growing back-off.
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.api.postJson("/api/v1/topology", renamed, OPERATOR_TOKEN).statusCode() == 200);
		assertThat(json(this.api.get("/api/v1/topology", VIEWER_TOKEN)).get("name").asText()).isEqualTo("renamed");
	}

	/** Every TopologyImported, as another module would receive it. */
	static class ImportsSeen {

		private final List<TopologyImported> seen = new CopyOnWriteArrayList<>();

		@EventListener
		void on(TopologyImported imported) {
			this.seen.add(imported);
		}

		List<TopologyImported> seen() {
			return List.copyOf(this.seen);
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Events {

		@Bean
		ImportsSeen importsSeen() {
			return new ImportsSeen();
		}

	}

}
