package io.sonde.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.sonde.SondeApplication;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.switches.EmulatedFabric;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.awaitility.Awaitility.await;

/**
 * The backend started, stopped and started again against the same Redis: a topology
 * imported from {@code sonde.topology.import-file} is still there after a restart without
 * the file, and Sonde connects to its switches again. A bad import file stops the start
 * with the field that is wrong.
 */
class TopologyRestartIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(2);

	@TempDir
	Path folder;

	@AfterAll
	static void stopRedisAndSwitches() {
		fabric.close();
	}

	@Test
	void keepsTheImportedTopologyAcrossARestart() throws IOException {
		Path export = Files.writeString(this.folder.resolve("topology.json"), fabric.document());
		ImportedTopology imported;
		try (ConfigurableApplicationContext first = start("--sonde.topology.import-file=" + export)) {
			imported = first.getBean(TopologyCatalog.class).current().orElseThrow();
			assertThat(imported.source()).isEqualTo(export.toAbsolutePath().toString());
		}

		try (ConfigurableApplicationContext second = start()) {
			TopologyCatalog catalog = second.getBean(TopologyCatalog.class);
			assertThat(catalog.current()).hasValue(imported);
			String document = catalog.document(catalog.current().orElseThrow().topology());
			assertThat(TopologyJson.read(document)).isEqualTo(fabric.topology());
			SwitchManagement switches = second.getBean(SwitchManagement.class);
			assertThat(switches.switches()).extracting(SwitchView::name)
				.containsExactlyElementsOf(fabric.switchNames());
			await().atMost(Duration.ofSeconds(20))
				.until(() -> switches.switches().stream().allMatch((view) -> view.connection().isReachable()));
			ApiCaller api = new ApiCaller(((WebServerApplicationContext) second).getWebServer().getPort());
			assertThat(api.get("/api/v1/topology", ApiCaller.VIEWER_TOKEN).statusCode()).isEqualTo(200);
		}
	}

	@Test
	void answersNotFoundWithAProblemUntilATopologyIsImported() {
		try (RedisServerProcess empty = RedisServerProcess.start();
				ConfigurableApplicationContext backend = start(empty.port())) {
			ApiCaller api = new ApiCaller(((WebServerApplicationContext) backend).getWebServer().getPort());

			var answer = api.get("/api/v1/topology", ApiCaller.VIEWER_TOKEN);

			assertThat(answer.statusCode()).isEqualTo(404);
			assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(ApiCaller.json(answer).get("detail").asText()).contains("POST a sonde-topology document");
			assertThat(backend.getBean(SwitchManagement.class).switches()).isEmpty();
		}
	}

	@Test
	void refusesToStartWithAnImportFileItCannotImportNamingTheField() throws IOException {
		Path bad = Files.writeString(this.folder.resolve("bad.json"), fabric.document()
			.replace("\"p4RuntimePort\" : " + fabric.server("core-0").port(), "\"p4RuntimePort\" : 0"));

		assertThatException().isThrownBy(() -> start("--sonde.topology.import-file=" + bad).close())
			.satisfies((failure) -> assertThat(messages(failure)).contains("sonde.topology.import-file " + bad)
				.contains("switches[0].p4RuntimePort: is needed to reach the switch"));
	}

	private static ConfigurableApplicationContext start(String... arguments) {
		return start(redis.port(), arguments);
	}

	private static ConfigurableApplicationContext start(int redisPort, String... arguments) {
		String[] common = { "--server.port=0", "--spring.data.redis.port=" + redisPort,
				"--sonde.switches.heartbeat=250ms", "--sonde.security.api-tokens[0].name=viewer",
				"--sonde.security.api-tokens[0].sha256=" + ApiCaller.sha256Hex(ApiCaller.VIEWER_TOKEN),
				"--sonde.security.api-tokens[0].roles=VIEWER" };
		String[] all = new String[common.length + arguments.length];
		System.arraycopy(common, 0, all, 0, common.length);
		System.arraycopy(arguments, 0, all, common.length, arguments.length);
		return new SpringApplicationBuilder(SondeApplication.class).run(all);
	}

	private static String messages(Throwable failure) {
		StringBuilder all = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			all.append(cause.getMessage()).append('\n');
		}
		return all.toString();
	}

}
