package io.sonde.emulator.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.google.protobuf.ByteString;
import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.MacAddress;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.emulator.traffic.FlowAddresses;
import io.sonde.emulator.traffic.PacketBuilder;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import p4.v1.PacketIn;
import p4.v1.PacketMetadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Packet I/O across two emulated switches in real time (P4Runtime spec §16.1): the
 * controller of s1 sends a PacketOut out of s1's port 2, the link carries it to s2's port
 * 2, s2's sonde.p4 routes its destination to the CPU port (as {@code simple_switch_grpc
 * --cpu-port 510} would), and s2's controller receives it as a PacketIn whose
 * ingress_port is 2.
 */
class PacketOutToPacketInIntegrationTests {

	private static final Ipv4Address TO_CONTROLLER = Ipv4Address.of(10, 9, 9, 9);

	private static final int S1_TOWARD_S2 = 2;

	private EmulatedNetwork emulated;

	private P4RuntimeClient controllerOfS1;

	private P4RuntimeClient controllerOfS2;

	@BeforeEach
	void start() {
		Topology twoSwitches = TopologyJson.read(Path.of("src/test/resources/topology/two-switches.json"));
		this.emulated = EmulatedNetwork.start(twoSwitches,
				EmulationOptions.DEFAULTS.withClock(ClockMode.REAL).withCollector(null).withP4RuntimeBasePort(0));
		this.controllerOfS1 = SondeController.primaryWithPipeline(this.emulated.switchNamed("s1"));
		this.controllerOfS2 = SondeController.primaryWithPipeline(this.emulated.switchNamed("s2"));
	}

	@AfterEach
	void stop() {
		this.controllerOfS1.close();
		this.controllerOfS2.close();
		this.emulated.close();
	}

	@Test
	void aPacketOutOfS1ArrivesAtS2sControllerWithItsIngressPort() throws Exception {
		this.controllerOfS2.write(List
			.of(Updates.insert(new TableEntries(SondePipeline.p4Info()).table("SondeIngress.forwarding.ipv4_lpm")
				.lpm("dst_addr", Integer.toUnsignedLong(TO_CONTROLLER.value()), 32)
				.action("SondeIngress.forwarding.set_next_hop")
				.param("port", CpuPort.NUMBER)
				.param("dmac", 0x02_00_00_00_0C_01L)
				.build())));
		LinkedBlockingQueue<PacketIn> packetIns = new LinkedBlockingQueue<>();
		this.controllerOfS2.onPacketIn(packetIns::add);
		byte[] frame = udpFrameTo(TO_CONTROLLER);

		this.controllerOfS1.packetOut(frame, List
			.of(PacketMetadata.newBuilder().setMetadataId(1).setValue(Bytestrings.encode(S1_TOWARD_S2, 9)).build()));

		PacketIn packetIn = packetIns.poll(10, TimeUnit.SECONDS);
		assertThat(packetIn).as("a PacketIn at s2's controller").isNotNull();
		assertThat(packetIn.getMetadataList()).singleElement()
			.satisfies(
					(metadata) -> assertThat(Bytestrings.toLong(metadata.getValue())).as("ingress_port").isEqualTo(2));
		byte[] received = packetIn.getPayload().toByteArray();
		assertThat(received).hasSize(frame.length);
		assertThat(ByteString.copyFrom(received, 26, 8)).as("the IPv4 addresses are the packet's")
			.isEqualTo(ByteString.copyFrom(frame, 26, 8));
		assertThat(received[22] & 0xFF).as("s2's forwarding decremented the TTL").isEqualTo((frame[22] & 0xFF) - 1);
		assertThat(this.emulated.switchNamed("s1").packetOuts()).isEqualTo(1);
		assertThat(this.emulated.switchNamed("s2").node().packetsToController()).isEqualTo(1);
	}

	@Test
	void withoutAPrimaryControllerAPacketForTheCpuIsDroppedAndCounted() throws Exception {
		this.controllerOfS2.write(List
			.of(Updates.insert(new TableEntries(SondePipeline.p4Info()).table("SondeIngress.forwarding.ipv4_lpm")
				.lpm("dst_addr", Integer.toUnsignedLong(TO_CONTROLLER.value()), 32)
				.action("SondeIngress.forwarding.set_next_hop")
				.param("port", CpuPort.NUMBER)
				.param("dmac", 0x02_00_00_00_0C_01L)
				.build())));
		this.controllerOfS2.close();

		this.controllerOfS1.packetOut(udpFrameTo(TO_CONTROLLER), List
			.of(PacketMetadata.newBuilder().setMetadataId(1).setValue(Bytestrings.encode(S1_TOWARD_S2, 9)).build()));

		EmulatedSwitch s2 = this.emulated.switchNamed("s2");
		await().atMost(Duration.ofSeconds(10))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(10))
			.until(() -> s2.packetInsDropped() != 0);
		assertThat(s2.packetInsDropped()).isEqualTo(1);
	}

	private static byte[] udpFrameTo(Ipv4Address destination) {
		FlowAddresses addresses = new FlowAddresses(MacAddress.local(0x48_0a00_0102L),
				MacAddress.local(0x53_0000_0002L), Ipv4Address.of(10, 0, 1, 2), destination, TransportProtocol.UDP,
				40_000, 9);
		PacketBuilder builder = PacketBuilder.forFlow(addresses, 0, 128, 0);
		byte[] frame = new byte[builder.frameBytes()];
		builder.write(frame, 0);
		return frame;
	}

}
