package io.sonde.labeling;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.emulator.control.EmulatorControlClient;
import io.sonde.emulator.control.EmulatorControlServer;
import io.sonde.emulator.run.ClockMode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.run.LinkChange;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.testsupport.OwnBackendContext;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Pro end to end (paper Algorithm 3 as §5 implements it) on an emulated FatTree(2) whose
 * switches run the INT-label twin in real time, managed by the backend: with traffic from
 * pod 0 to pod 1 every hop's port is covered by exports; once the emulator's control
 * makes edge-0-0's uplink lossy, that port's items stop arriving, its aging key expires,
 * and S is raised in Reg2 over P4Runtime (read back from the emulated switch) within a
 * few k * T; items of that port arrive again (the port labels every T >> S, enough to get
 * through); and when the link heals, S comes back down to 0, each change an event.
 */
class AdaptiveLabelingIntegrationTests extends OwnBackendContext {

	private static final Duration SETTLE = Duration.ofSeconds(60);

	private static final EmulatedNetwork network = EmulatedNetwork.start(FatTree.build(2),
			EmulationOptions.DEFAULTS.withClock(ClockMode.REAL).withCollector(null).withP4RuntimeBasePort(0));

	private static final EmulatorControlServer control = EmulatorControlServer.start(network, 0);

	@AfterAll
	static void stopEverything() {
		control.close();
		network.close();
	}

	@Autowired
	LabelingStates states;

	@Test
	void raisesRegTwoOfAPortMadeStaleByALossyLinkAndLowersItWhenTheLinkHeals() throws Exception {
		ApiCaller api = new ApiCaller(this.port);
		manageTheNetwork(api);
		HttpResponse<String> applied = api.putJson("/api/v1/labeling/parameters",
				"{\"network\":{\"mode\":\"PRO\",\"intervalMs\":50,\"k\":3,\"maxHop\":5}}", OPERATOR_TOKEN);
		assertThat(applied.statusCode()).as(applied.body()).isEqualTo(200);
		LinkSpec uplink = network.topology()
			.linksOf("edge-0-0")
			.stream()
			.filter((link) -> link.touches("agg-0-0"))
			.findFirst()
			.orElseThrow();
		int uplinkPort = uplink.a().node().equals("edge-0-0") ? uplink.a().port() : uplink.b().port();
		PortKey stale = new PortKey("edge-0-0", uplinkPort);
		network.startTraffic(
				List.of(FlowSpec.udp("h-0-0-0", "h-1-0-0", 4000, 5000, 200, new ConstantRate(400)),
						FlowSpec.udp("h-1-0-0", "h-0-0-0", 4001, 5001, 200, new ConstantRate(400))),
				Duration.ofMinutes(5));

		await().atMost(SETTLE)
			.untilAsserted(() -> assertThat(receivedWithin(stale, Duration.ofSeconds(1)))
				.as("exports cover " + stale + " while its link is clean")
				.isTrue());
		assertThat(regTwo(stale)).isZero();

		EmulatorControlClient emulator = EmulatorControlClient.onPort(control.port());
		String link = uplink.a().node() + "/" + uplink.b().node();
		emulator.changeLink(link, new LinkChange(0.97, null, null, null));

		await().atMost(SETTLE).untilAsserted(() -> assertThat(regTwo(stale)).as("Reg2 of " + stale).isPositive());
		assertThat(this.states.shifts().get(stale)).isPositive();
		Instant raisedAt = Instant.now();
		await().atMost(SETTLE)
			.untilAsserted(() -> assertThat(latest(stale).map(PortLabelState::receivedAt))
				.as("items of " + stale + " get through again at T >> S")
				.hasValueSatisfying((at) -> assertThat(at).isAfter(raisedAt)));

		emulator.clearLink(link);

		await().atMost(SETTLE).untilAsserted(() -> assertThat(regTwo(stale)).as("Reg2 of " + stale).isZero());
		JsonNode events = json(api.get("/api/v1/events?metric=label_shift&limit=100", VIEWER_TOKEN));
		assertThat(events.toString()).contains("edge-0-0:" + uplinkPort);
	}

	private void manageTheNetwork(ApiCaller api) throws Exception {
		Path export = Files.createTempFile("fattree", ".json");
		network.export(export);
		assertThat(api.postJson("/api/v1/topology", Files.readString(export), OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		Files.delete(export);
		for (SwitchSpec node : network.topology().switches()) {
			HttpResponse<String> added = api.postJson(
					"/api/v1/switches", "{\"name\":\"" + node.name() + "\",\"host\":\"127.0.0.1\",\"port\":"
							+ node.p4RuntimePort() + ",\"deviceId\":" + node.deviceId() + ",\"electionId\":10}",
					OPERATOR_TOKEN);
			assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
		}
		await().atMost(SETTLE).untilAsserted(() -> {
			for (SwitchSpec node : network.topology().switches()) {
				JsonNode diff = json(api.get("/api/v1/switches/" + node.name() + "/diff", VIEWER_TOKEN));
				assertThat(diff.get("changes")).as(node.name() + ": " + diff).isEmpty();
			}
		});
	}

	private static long regTwo(PortKey port) {
		return network.switchNamed(port.switchName())
			.server()
			.state()
			.register(SondeEntities.LABEL_SHIFT)
			.read(port.port());
	}

	private Optional<PortLabelState> latest(PortKey port) {
		return this.states.latest().stream().filter((state) -> state.port().equals(port)).findFirst();
	}

	private boolean receivedWithin(PortKey port, Duration recently) {
		return latest(port).map((state) -> state.receivedAt().isAfter(Instant.now().minus(recently))).orElse(false);
	}

}
