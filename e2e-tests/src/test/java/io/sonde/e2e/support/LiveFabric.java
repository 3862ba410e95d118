package io.sonde.e2e.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.emulator.run.ClockMode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.TrafficRun;
import io.sonde.topology.ApiCaller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An emulated FatTree(2) in real time whose switches are real P4Runtime servers on free
 * ports of 127.0.0.1 (no collector), imported into a running backend and registered there
 * through its API, with UDP traffic from the first host to the last: what the browser
 * tests that need a live network share.
 */
public final class LiveFabric implements AutoCloseable {

	/**
	 * Registering the switches and pushing their pipelines, with slack for 2 loaded
	 * cores.
	 */
	public static final Duration IN_SYNC = Duration.ofSeconds(60);

	private final EmulatedNetwork network = EmulatedNetwork.start(FatTree.build(2),
			EmulationOptions.DEFAULTS.withClock(ClockMode.REAL).withP4RuntimeBasePort(0).withCollector(null));

	private TrafficRun traffic;

	public EmulatedNetwork network() {
		return this.network;
	}

	/**
	 * Imports the network's topology, registers its switches and waits until each is in
	 * sync with what the backend wants installed.
	 * @param exportDirectory where the topology document is written
	 */
	public void importAndRegister(ApiCaller api, Path exportDirectory) throws java.io.IOException {
		Path export = exportDirectory.resolve("fattree-2.json");
		this.network.export(export);
		assertThat(api.postJson("/api/v1/topology", Files.readString(export), ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		assertThat(api.postJson("/api/v1/switches/from-topology", "", ApiCaller.OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		await().atMost(IN_SYNC).untilAsserted(() -> {
			for (SwitchSpec node : this.network.topology().switches()) {
				JsonNode diff = ApiCaller
					.json(api.get("/api/v1/switches/" + node.name() + "/diff", ApiCaller.VIEWER_TOKEN));
				assertThat(diff.get("changes")).as(node.name() + ": " + diff).isEmpty();
			}
		});
	}

	/**
	 * Sends {@code packetsPerSecond} 200-byte UDP frames from the first host to the last
	 * (across the fabric) for ten minutes or until {@link #close}.
	 */
	public void startTraffic(int packetsPerSecond) {
		List<HostSpec> hosts = this.network.topology().hosts();
		this.traffic = this.network.startTraffic(List.of(FlowSpec.udp(hosts.get(0).name(),
				hosts.get(hosts.size() - 1).name(), 40001, 5000, 200, new ConstantRate(packetsPerSecond))),
				Duration.ofMinutes(10));
	}

	/** The first switch's name, as the topology lists it. */
	public String firstSwitch() {
		return this.network.topology().switches().get(0).name();
	}

	@Override
	public void close() {
		if (this.traffic != null) {
			this.traffic.stop();
		}
		this.network.close();
	}

}
