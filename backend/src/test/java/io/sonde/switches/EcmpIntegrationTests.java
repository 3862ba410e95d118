package io.sonde.switches;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.emulator.control.EmulatorControlServer;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.testsupport.OwnBackendContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * ECMP end to end on an emulated FatTree(4) of real P4Runtime switches: the backend
 * writes each switch's next-hop members and groups (read back through its API and from
 * the switches), the switches hash 64 flows of pod 0 over both uplinks of each
 * aggregation switch and all four cores, and when the emulator cuts a link (its control
 * channel, which the backend polls for link state) the member over it leaves its groups,
 * and comes back with the link.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EcmpIntegrationTests extends OwnBackendContext {

	private static final Duration SETTLE = Duration.ofSeconds(30);

	private static final String SELECTOR = "SondeIngress.forwarding.next_hop_selector";

	private static final EmulatedNetwork network = EmulatedNetwork.start(FatTree.build(4),
			EmulationOptions.DEFAULTS.withCollector(null).withP4RuntimeBasePort(0));

	private static final EmulatorControlServer control = EmulatorControlServer.start(network, 0);

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		properties.add("sonde.topology.link-status-url", () -> "http://127.0.0.1:" + control.port());
		properties.add("sonde.topology.link-status-interval", () -> "200ms");
	}

	@AfterAll
	static void stopEverything() {
		control.close();
		network.close();
	}

	/**
	 * The members of agg-0-0's group toward a host of pod 2, through the backend's API.
	 */
	private List<String> aggGroupTowardPod2() throws Exception {
		JsonNode entities = json(
				this.api.get("/api/v1/switches/agg-0-0/action-profiles?name=" + SELECTOR, VIEWER_TOKEN));
		// Group id = host index + 1: h-2-0-0 is the 9th host of the FatTree.
		for (JsonNode entity : entities) {
			if (entity.at("/key/group").asText().equals("9")) {
				return List.of(entity.at("/value/members").asText().split(","));
			}
		}
		return List.of();
	}

	private long counted(String switchName, String counter, int port) {
		return network.switchNamed(switchName).server().state().counter(counter).packets(port);
	}

	@Test
	@Order(1)
	void writesMembersAndGroupsTheSwitchesHoldAsWanted() throws Exception {
		Path export = Files.createTempFile("fattree", ".json");
		network.export(export);
		assertThat(this.api.postJson("/api/v1/topology", Files.readString(export), OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		Files.delete(export);
		for (SwitchSpec node : network.topology().switches()) {
			HttpResponse<String> added = this.api.postJson(
					"/api/v1/switches", "{\"name\":\"" + node.name() + "\",\"host\":\"127.0.0.1\",\"port\":"
							+ node.p4RuntimePort() + ",\"deviceId\":" + node.deviceId() + ",\"electionId\":10}",
					OPERATOR_TOKEN);
			assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
		}
		await().atMost(SETTLE).untilAsserted(() -> {
			for (SwitchSpec node : network.topology().switches()) {
				JsonNode diff = json(this.api.get("/api/v1/switches/" + node.name() + "/diff", VIEWER_TOKEN));
				assertThat(diff.get("changes")).as(node.name() + ": " + diff).isEmpty();
				assertThat(diff.get("expected").asInt()).as(node.name()).isPositive();
			}
		});

		JsonNode agg = json(this.api.get("/api/v1/switches/agg-0-0/action-profiles?name=" + SELECTOR, VIEWER_TOKEN));
		assertThat(agg).filteredOn((e) -> e.get("kind").asText().equals("action-profile-member"))
			.extracting((e) -> e.at("/key/member").asText())
			.containsExactly("3", "4");
		assertThat(agg).filteredOn((e) -> e.get("kind").asText().equals("action-profile-group"))
			.as("one group per host of the three other pods")
			.hasSize(12)
			.allSatisfy((group) -> assertThat(group.at("/value/members").asText()).isEqualTo("3,4"));
		assertThat(aggGroupTowardPod2()).containsExactly("3", "4");
		HttpResponse<String> unknown = this.api.get("/api/v1/switches/agg-0-0/action-profiles?name=no_such_selector",
				VIEWER_TOKEN);
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(unknown.body()).contains("no_such_selector");
		assertThat(network.switchNamed("edge-0-0").server().state().actionProfile(SELECTOR).group(9))
			.as("edge-0-0 spreads over both aggregation switches")
			.hasSize(2);
	}

	@Test
	@Order(2)
	void hashesFlowsOverBothUplinksAndEveryCore() throws Exception {
		List<FlowSpec> flows = new ArrayList<>();
		String[] sources = { "h-0-0-0", "h-0-0-1", "h-0-1-0", "h-0-1-1" };
		String[] destinations = { "h-1-0-0", "h-2-1-1", "h-3-0-1", "h-3-1-0" };
		for (int i = 0; i < 64; i++) {
			flows.add(FlowSpec.udp(sources[i % 4], destinations[(i / 4) % 4], 20000 + i, 7000, 200,
					new ConstantRate(100)));
		}
		network.startTraffic(flows, Duration.ofMillis(500));
		network.runFor(Duration.ofMillis(700));

		// agg-p-a's ports 3 and 4 lead to cores 2a and 2a+1; core j's port 1 to pod 0.
		for (String agg : List.of("agg-0-0", "agg-0-1")) {
			assertThat(counted(agg, "SondeEgress.egress_port_counter", 3)).as(agg + " to its first core").isPositive();
			assertThat(counted(agg, "SondeEgress.egress_port_counter", 4)).as(agg + " to its second core").isPositive();
		}
		for (int core = 0; core < 4; core++) {
			assertThat(counted("core-" + core, "SondeIngress.ingress_port_counter", 1)).as("core-" + core).isPositive();
		}
	}

	@Test
	@Order(3)
	void aMemberLeavesItsGroupsWhileItsLinkIsDownAndComesBackWithIt() throws Exception {
		network.setLinkUp("agg-0-0/core-0", false);

		await().atMost(SETTLE).untilAsserted(() -> assertThat(aggGroupTowardPod2()).containsExactly("4"));
		assertThat(network.switchNamed("agg-0-0").server().state().actionProfile(SELECTOR).group(9))
			.as("the switch itself holds the group without member 3")
			.hasSize(1);
		long beforeCore0 = counted("core-0", "SondeIngress.ingress_port_counter", 1);
		network.startTraffic(
				List.of(FlowSpec.udp("h-0-0-0", "h-2-0-0", 30000, 7000, 200, new ConstantRate(200)),
						FlowSpec.udp("h-0-0-1", "h-2-0-0", 30001, 7000, 200, new ConstantRate(200)),
						FlowSpec.udp("h-0-1-0", "h-2-0-0", 30002, 7000, 200, new ConstantRate(200)),
						FlowSpec.udp("h-0-1-1", "h-2-0-0", 30003, 7000, 200, new ConstantRate(200))),
				Duration.ofMillis(200));
		network.runFor(Duration.ofMillis(300));
		assertThat(counted("core-0", "SondeIngress.ingress_port_counter", 1)).as("nothing reaches core-0 from pod 0")
			.isEqualTo(beforeCore0);
		assertThat(network.network().hostNamed("h-2-0-0").receivedPackets()).as("pod 2 is still reached").isPositive();

		network.setLinkUp("agg-0-0/core-0", true);
		await().atMost(SETTLE).untilAsserted(() -> assertThat(aggGroupTowardPod2()).containsExactly("3", "4"));
		JsonNode diff = json(this.api.get("/api/v1/switches/agg-0-0/diff", VIEWER_TOKEN));
		assertThat(diff.get("changes")).as(diff.toString()).isEmpty();
	}

}
