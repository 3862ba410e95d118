package io.sonde.e2e.bmv2;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.switches.internal.connection.PipelineArtifact;
import p4.v1.PacketIn;
import p4.v1.SetForwardingPipelineConfigRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The line on three BMv2 switches in a {@link Bmv2Namespace}, hosts on veth ends: frames
 * go in with tcpreplay on h1's end and are captured with tcpdump on h2's. The export
 * session 501 and Reg2 are set over Thrift ({@link Bmv2Thrift}: BMv2's P4Runtime server
 * makes no clone session and writes no register).
 */
final class Bmv2LabelLine implements LabelLine {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final int THRIFT_BASE = 9289;

	private final Bmv2Namespace namespace;

	private final Path dir;

	private final List<Bmv2Switch> switches = new ArrayList<>();

	private final List<P4RuntimeClient> clients = new ArrayList<>();

	private final List<List<PacketIn>> packetIns = List.of(new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>(),
			new CopyOnWriteArrayList<>());

	private final String h1;

	private final String h2;

	private Bmv2LabelLine(Bmv2Namespace namespace, Path dir, String h1, String h2) {
		this.namespace = namespace;
		this.dir = dir;
		this.h1 = h1;
		this.h2 = h2;
	}

	/** Three switches with sonde.p4 pushed and session 501 bound to the CPU port. */
	static Bmv2LabelLine start(Bmv2Binary binary, Path dir) throws Exception {
		Bmv2Namespace namespace = Bmv2Namespace.create();
		Bmv2LabelLine line = null;
		try {
			List<String> h1s1 = namespace.vethPair("h1", "s1p1");
			List<String> s1s2 = namespace.vethPair("s1p2", "s2p1");
			List<String> s2s3 = namespace.vethPair("s2p2", "s3p1");
			List<String> s3h2 = namespace.vethPair("s3p2", "h2");
			line = new Bmv2LabelLine(namespace, dir, h1s1.get(0), s3h2.get(1));
			line.startSwitches(binary, List.of(Map.of(1, h1s1.get(1), 2, s1s2.get(0)),
					Map.of(1, s1s2.get(1), 2, s2s3.get(0)), Map.of(1, s2s3.get(1), 2, s3h2.get(0))));
			return line;
		}
		catch (Exception | AssertionError ex) {
			if (line != null) {
				line.close();
			}
			else {
				namespace.close();
			}
			throw ex;
		}
	}

	private void startSwitches(Bmv2Binary binary, List<Map<Integer, String>> ports) throws Exception {
		PipelineArtifact pipeline = PipelineArtifact.sondeP4();
		for (int i = 0; i < SWITCHES.size(); i++) {
			int device = i + 1;
			Bmv2Switch bmv2 = Bmv2Switch.start(binary, this.namespace, SWITCHES.get(i), device, THRIFT_BASE + device,
					ports.get(i));
			this.switches.add(bmv2);
			thrift(i, new Bmv2Thrift().mirroringAdd(SondePipeline.LABEL_EXPORT_CLONE_SESSION_ID, Bmv2Switch.CPU_PORT));
			P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", bmv2.p4RuntimePort())
				.deviceId(device)
				.electionId(1)
				.rpcTimeout(WAIT)
				.connect();
			this.clients.add(client);
			client.awaitPrimary(WAIT);
			client.setPipeline(pipeline.p4Info(), pipeline.deviceConfig(), pipeline.cookie(),
					SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT);
			client.onPacketIn(this.packetIns.get(i)::add);
		}
	}

	@Override
	public P4RuntimeClient client(int switchIndex) {
		return this.clients.get(switchIndex);
	}

	@Override
	public void writeShift(int switchIndex, int port, int shift) throws Exception {
		thrift(switchIndex, new Bmv2Thrift().registerWrite(SondeEntities.LABEL_SHIFT, port, shift));
	}

	/**
	 * Sends the calls to a switch's Thrift server; again, up to three times, when a busy
	 * machine kept it from answering within Bmv2Thrift's 2 s (both calls set a value, so
	 * a repeat changes nothing).
	 */
	private void thrift(int switchIndex, Bmv2Thrift calls) throws Exception {
		for (int attempt = 1;; attempt++) {
			try {
				calls.send(this.namespace, THRIFT_BASE + switchIndex + 1, this.switches.get(switchIndex).folder());
				return;
			}
			catch (IllegalStateException ex) {
				if (attempt == 3 || !String.valueOf(ex.getMessage()).contains("answered 0 of")) {
					throw ex;
				}
			}
		}
	}

	@Override
	public Sent send(List<byte[]> frames, int exports) throws Exception {
		List<byte[]> delivered;
		try (VethWire.Tap tap = VethWire.tap(this.namespace, this.h2, this.dir.resolve("bmv2-h2.pcap"))) {
			VethWire.send(this.namespace, this.h1, frames, 50, this.dir.resolve("bmv2-h1.pcap"));
			await().atMost(WAIT).until(() -> this.packetIns.get(2).size() >= exports);
			delivered = tap.awaitFrames(frames.size(), WAIT);
			Thread.sleep(1_000);
		}
		assertThat(this.packetIns.get(0)).as("PacketIns at BMv2 s1").isEmpty();
		assertThat(this.packetIns.get(1)).as("PacketIns at BMv2 s2").isEmpty();
		List<Export> exported = this.packetIns.get(2)
			.stream()
			.map((in) -> new Export(ingressPort(in), in.getPayload().toByteArray()))
			.toList();
		this.packetIns.get(2).clear();
		return new Sent(exported, delivered);
	}

	@Override
	public boolean cutsExports() {
		return true;
	}

	@Override
	public void close() throws Exception {
		this.clients.forEach(P4RuntimeClient::close);
		this.switches.forEach(Bmv2Switch::close);
		this.namespace.close();
	}

	@Override
	public String toString() {
		return "BMv2 (" + this.switches + ")";
	}

	private static int ingressPort(PacketIn packetIn) {
		int port = 0;
		for (byte b : packetIn.getMetadataList()
			.stream()
			.filter((metadata) -> metadata.getMetadataId() == 1)
			.findFirst()
			.orElseThrow()
			.getValue()
			.toByteArray()) {
			port = (port << 8) | (b & 0xFF);
		}
		return port;
	}

}
