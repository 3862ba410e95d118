package io.sonde.e2e.bmv2;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulatedSwitch;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.switches.internal.connection.PipelineArtifact;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.Update;

/**
 * The line in the emulator, sonde.p4's twin on three P4Runtime switches in virtual time:
 * frames are injected at s1's port 1 20 ms apart, s3's PacketIns are taken at its
 * controller sink, h2's frames at its receiver.
 */
final class EmulatedLabelLine implements LabelLine {

	private static final Duration GAP = Duration.ofMillis(20);

	private final EmulatedNetwork emulated;

	private final List<P4RuntimeClient> clients = new ArrayList<>();

	private final List<Export> exports = new CopyOnWriteArrayList<>();

	private final List<byte[]> delivered = new CopyOnWriteArrayList<>();

	private EmulatedLabelLine(EmulatedNetwork emulated) {
		this.emulated = emulated;
	}

	/** The line with sonde.p4 pushed to every switch. */
	static EmulatedLabelLine start() throws Exception {
		EmulatedLabelLine line = new EmulatedLabelLine(EmulatedNetwork.start(topology(),
				EmulationOptions.DEFAULTS.withCollector(null).withP4RuntimeBasePort(0)));
		try {
			line.connect();
			return line;
		}
		catch (Exception | AssertionError ex) {
			line.close();
			throw ex;
		}
	}

	private void connect() throws Exception {
		PipelineArtifact pipeline = PipelineArtifact.sondeP4();
		for (String name : SWITCHES) {
			EmulatedSwitch emulatedSwitch = this.emulated.switchNamed(name);
			P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", emulatedSwitch.server().port())
				.deviceId(emulatedSwitch.spec().deviceId())
				.electionId(1)
				.rpcTimeout(Duration.ofSeconds(30))
				.connect();
			this.clients.add(client);
			client.awaitPrimary(Duration.ofSeconds(30));
			client.setPipeline(pipeline.p4Info(), pipeline.deviceConfig(), pipeline.cookie(),
					SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT);
			// The emulator takes the clone session over P4Runtime, as a switch should.
			client.write(List
				.of(Updates.of(Update.Type.INSERT, SondeEntities.ofPipeline().labelExportMirror(Bmv2Switch.CPU_PORT))));
		}
		this.emulated.onScheduler(() -> {
			this.emulated.switchNamed("s3")
				.node()
				.setControllerSink((node, port, frame, length) -> this.exports
					.add(new Export(port, Arrays.copyOf(frame, length))));
			this.emulated.network()
				.hostNamed(H2_NAME)
				.setReceiver((host, packet, timestamp) -> this.delivered
					.add(Arrays.copyOf(packet.frame(), packet.length())));
			return null;
		});
	}

	@Override
	public P4RuntimeClient client(int switchIndex) {
		return this.clients.get(switchIndex);
	}

	@Override
	public void writeShift(int switchIndex, int port, int shift) {
		this.clients.get(switchIndex)
			.write(List.of(Updates.modify(SondeEntities.ofPipeline().labelShift(port, shift).getRegisterEntry())));
	}

	@Override
	public Sent send(List<byte[]> frames, int exportCount) throws Exception {
		this.exports.clear();
		this.delivered.clear();
		SwitchNode s1 = this.emulated.switchNamed("s1").node();
		for (byte[] frame : frames) {
			// Never at time 0: Reg1 = 0 means "never labeled".
			this.emulated.runFor(GAP);
			this.emulated.onScheduler(() -> {
				s1.injectIngress(1, frame, 0, frame.length);
				return null;
			});
		}
		this.emulated.runFor(Duration.ofSeconds(1));
		return new Sent(List.copyOf(this.exports), List.copyOf(this.delivered));
	}

	@Override
	public boolean cutsExports() {
		return false;
	}

	@Override
	public void close() {
		this.clients.forEach(P4RuntimeClient::close);
		this.emulated.close();
	}

	@Override
	public String toString() {
		return "the emulator";
	}

	private static Topology topology() {
		LinkParameters gigabit = LinkParameters.ethernet(LinkParameters.GIGABIT, 1_000, 100);
		List<SwitchSpec> switches = new ArrayList<>();
		for (int i = 0; i < SWITCHES.size(); i++) {
			switches.add(new SwitchSpec(SWITCHES.get(i), i + 1, 0, SwitchSpec.defaultMac(i + 1), "switch"));
		}
		List<HostSpec> hosts = List.of(HostSpec.of(H1_NAME, Ipv4Address.of(10, 0, 1, 2)),
				HostSpec.of(H2_NAME, Ipv4Address.of(10, 0, 3, 2)));
		List<LinkSpec> links = List.of(new LinkSpec(new Endpoint(H1_NAME, 1), new Endpoint("s1", 1), gigabit),
				new LinkSpec(new Endpoint("s1", 2), new Endpoint("s2", 1), gigabit),
				new LinkSpec(new Endpoint("s2", 2), new Endpoint("s3", 1), gigabit),
				new LinkSpec(new Endpoint("s3", 2), new Endpoint(H2_NAME, 1), gigabit));
		return new Topology("label-line", switches, hosts, links);
	}

}
