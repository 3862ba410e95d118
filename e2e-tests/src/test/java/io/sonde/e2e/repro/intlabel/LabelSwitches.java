package io.sonde.e2e.repro.intlabel;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.MacAddress;
import io.sonde.emulator.net.Port;
import io.sonde.emulator.pipeline.LabelProbability;
import io.sonde.emulator.provision.LabelingSpec;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulatedSwitch;
import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.PortKey;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.Updates;
import p4.v1.Update;

/**
 * The controller's P4Runtime side for the runs: one client per emulated switch, primary
 * for the fabric's life (a write is then one RPC), that tells the switches how to label
 * before a run and writes Reg2 when Pro changes a port's S.
 */
final class LabelSwitches implements AutoCloseable {

	/** Above the provisioner's election id 1, which closed its sessions. */
	private static final long ELECTION_ID = 2;

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final Map<String, P4RuntimeClient> clients = new HashMap<>();

	private final EmulatedNetwork emulated;

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private LabelSwitches(EmulatedNetwork emulated) {
		this.emulated = emulated;
	}

	static LabelSwitches connect(EmulatedNetwork emulated) {
		LabelSwitches switches = new LabelSwitches(emulated);
		try {
			for (EmulatedSwitch emulatedSwitch : emulated.switches()) {
				P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", emulatedSwitch.spec().p4RuntimePort())
					.deviceId(emulatedSwitch.spec().deviceId())
					.electionId(ELECTION_ID)
					.rpcTimeout(TIMEOUT)
					.connect();
				switches.clients.put(emulatedSwitch.name(), client);
				client.awaitPrimary(TIMEOUT);
			}
			return switches;
		}
		catch (RuntimeException ex) {
			switches.close();
			throw ex;
		}
	}

	/**
	 * Every switch labels as {@code parameters} say (Pro: Base B in the data plane),
	 * every port's Reg2 back to 0: {@code label_settings}' default action, the
	 * {@code label_probability} entries for n = 0 .. MAX_hop (as the emulator's
	 * provisioner computes them) and the Reg2 cells, one write per switch. The sink ports
	 * and the export session stay as the provisioner wrote them
	 * ({@link LabelFabric#start}).
	 */
	void apply(LabelingParameters parameters) {
		LabelingSpec spec = spec(parameters);
		SondePipeline.LabelMode mode = (parameters.mode() == LabelingMode.A) ? SondePipeline.LabelMode.BASE_A
				: SondePipeline.LabelMode.BASE_B;
		List<Update> common = new ArrayList<>();
		common.add(Updates.of(Update.Type.MODIFY,
				this.entities.labelSettings(mode, spec.intervalMicros(), spec.restMicros(), spec.maxHop())));
		List<LabelProbability> probabilities = spec.probabilities();
		for (int n = 0; n < probabilities.size(); n++) {
			LabelProbability probability = probabilities.get(n);
			common.add(Updates.of(Update.Type.MODIFY,
					this.entities.labelProbability(n, probability.threshold(), probability.scaleByInterval())));
		}
		for (EmulatedSwitch emulatedSwitch : this.emulated.switches()) {
			List<Update> updates = new ArrayList<>(common);
			for (Port port : emulatedSwitch.node().ports()) {
				if (port.isConnected()) {
					updates.add(Updates.of(Update.Type.MODIFY, this.entities.labelShift(port.number(), 0)));
				}
			}
			this.clients.get(emulatedSwitch.name()).write(updates);
		}
	}

	/** The emulator's provisioning spec of {@code parameters} (Pro: Base B). */
	static LabelingSpec spec(LabelingParameters parameters) {
		LabelingSpec.Mode mode = (parameters.mode() == LabelingMode.A) ? LabelingSpec.Mode.BASE_A
				: LabelingSpec.Mode.BASE_B;
		return LabelingSpec.of(mode, parameters.intervalMs() * 1_000L)
			.withRest(parameters.restMs() * 1_000L)
			.withMaxHop(parameters.maxHop())
			.withProbability(LabelingSpec.Probability.valueOf(parameters.probability().name()));
	}

	/** Replaces a switch's route to {@code destination}. */
	void route(String switchName, Ipv4Address destination, int egressPort, MacAddress nextHop) {
		this.clients.get(switchName)
			.write(List.of(Updates.of(Update.Type.MODIFY,
					this.entities.route(destination.value(), 32, egressPort, nextHop.value()))));
	}

	/** Writes S to a port's Reg2. */
	void writeShift(PortKey port, int shift) {
		this.clients.get(port.switchName())
			.write(List.of(Updates.of(Update.Type.MODIFY, this.entities.labelShift(port.port(), shift))));
	}

	@Override
	public void close() {
		this.clients.values().forEach(P4RuntimeClient::close);
		this.clients.clear();
	}

}
