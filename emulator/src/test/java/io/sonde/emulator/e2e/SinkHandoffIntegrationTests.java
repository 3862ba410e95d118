package io.sonde.emulator.e2e;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.sonde.emulator.handoff.AgentEncapsulation;
import io.sonde.emulator.net.HostNode;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.Port;
import io.sonde.emulator.net.TapDirection;
import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.run.AgentHandoff;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.PoissonArrivals;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.capture.CaptureReader;
import io.sonde.p4programs.capture.CapturedFrame;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdPacket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent handoff on a FatTree(4) with UDP and TCP flows: every frame in the pcap and
 * on the UDP feed is a packet a host received with its INT put back, its stack holds the
 * hops the truth file lists, and removing the INT gives the host's frame byte for byte.
 */
class SinkHandoffIntegrationTests {

	private static final Duration TRAFFIC = Duration.ofMillis(300);

	private static final Pattern HOP = Pattern.compile(
			"\\{\"switch_id\":(\\d+),\"hop_latency\":(\\d+),\"queue_occupancy\":(\\d+),\"link_utilization\":(\\d+)\\}");

	@TempDir
	Path dir;

	@Test
	void handsOffEveryDeliveredIntPacketAsTheAgentReceivesIt() throws Exception {
		Topology fatTree = FatTree.build(4, LinkParameters.ethernet(10_000_000L, 1_000, 100));
		Path pcap = this.dir.resolve("int_md.pcap");
		Path truth = this.dir.resolve("int_md.truth.jsonl");
		try (DatagramSocket feed = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
			feed.setReceiveBufferSize(4 << 20);
			feed.setSoTimeout(2000);
			InetSocketAddress feedAddress = new InetSocketAddress(InetAddress.getLoopbackAddress(),
					feed.getLocalPort());
			Map<Long, byte[]> received = new HashMap<>();
			try (EmulationHarness harness = new EmulationHarness(fatTree,
					EmulationOptions.DEFAULTS.withSeed(3)
						.withNanosPerTick(1)
						.withAgentHandoff(new AgentHandoff(feedAddress, pcap, truth)))) {
				for (HostNode host : harness.emulated.network().hosts()) {
					for (Port port : host.ports()) {
						port.addTap((point, ts, packet, frame, length) -> {
							if (point.direction() == TapDirection.RECEIVED) {
								received.put(packet.id(), Arrays.copyOf(frame, length));
							}
						});
					}
				}
				List<String> hosts = fatTree.hosts().stream().map(HostSpec::name).toList();
				List<FlowSpec> flows = mixed(FlowSets.randomPairs(hosts, 12, TransportProtocol.UDP, 300,
						new PoissonArrivals(400), new SplittableRandom(5)));
				harness.provision(ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.every()).withInstructions(0xB100));
				harness.emulated.startTraffic(flows, TRAFFIC);
				harness.run(TRAFFIC.plusMillis(100));
			}
			List<String> lines = Files.readAllLines(truth);
			List<byte[]> frames = frames(pcap);
			assertThat(frames).hasSize(lines.size()).hasSizeGreaterThan(100);
			int[] byNpt = new int[3];
			for (int i = 0; i < frames.size(); i++) {
				byte[] frame = frames.get(i);
				String line = lines.get(i);
				assertThat(line).startsWith("{\"index\":" + i + ",");
				long packetId = number(line, "packet_id");
				int npt = (int) number(line, "npt");
				byNpt[npt]++;
				IntMdPacket intMd = IntMdCodec.decode(frame, 42, frame.length - 42);
				assertThat(intMd.shim().nextProtocolType()).isEqualTo(npt);
				assertThat(hops(intMd)).as("frame %d's stack against the truth", i).isEqualTo(hops(line));
				assertThat(removeInt(frame, npt)).as("frame %d without INT", i).isEqualTo(received.get(packetId));
				byte[] datagram = new byte[2048];
				DatagramPacket packet = new DatagramPacket(datagram, datagram.length);
				feed.receive(packet);
				assertThat(Arrays.copyOf(datagram, packet.getLength())).isEqualTo(frame);
			}
			// Every packet a host received went through a sink, except those between two
			// hosts of one edge switch (10.pod.edge.host), which carry no INT.
			List<Long> handedOff = lines.stream().map((line) -> number(line, "packet_id")).toList();
			received.keySet().removeAll(handedOff);
			assertThat(received.values()).allMatch(SinkHandoffIntegrationTests::withinOneEdgeSwitch);
			assertThat(byNpt[1]).as("UDP packets").isPositive();
			assertThat(byNpt[2]).as("TCP packets").isPositive();
			assertThat(lines).anyMatch((line) -> hops(line).size() == 4);
			assertThat(nothingMore(feed)).isTrue();
		}
	}

	private static boolean withinOneEdgeSwitch(byte[] frame) {
		return Arrays.equals(frame, 26, 29, frame, 30, 33);
	}

	private static List<FlowSpec> mixed(List<FlowSpec> udp) {
		List<FlowSpec> flows = new ArrayList<>();
		for (int i = 0; i < udp.size(); i++) {
			FlowSpec f = udp.get(i);
			flows.add(new FlowSpec(f.sourceHost(), f.destinationHost(),
					(i % 2 == 0) ? TransportProtocol.UDP : TransportProtocol.TCP, f.sourcePort(), f.destinationPort(),
					f.frameBytes(), f.dscp(), f.arrivals()));
		}
		return flows;
	}

	private static List<byte[]> frames(Path pcap) throws Exception {
		List<byte[]> frames = new ArrayList<>();
		try (CaptureReader reader = CaptureReader.open(pcap)) {
			for (CapturedFrame frame = reader.next(); frame != null; frame = reader.next()) {
				frames.add(frame.data());
			}
		}
		return frames;
	}

	/** Source first: switch id, latency, occupancy, utilization. */
	private static List<List<Long>> hops(IntMdPacket intMd) {
		List<List<Long>> hops = new ArrayList<>();
		for (IntHop hop : intMd.hops()) {
			hops.add(List.of(hop.value(HopValue.SWITCH_ID), hop.value(HopValue.HOP_LATENCY),
					hop.value(HopValue.QUEUE_OCCUPANCY), hop.value(HopValue.EGRESS_TX_UTIL)));
		}
		return hops;
	}

	private static List<List<Long>> hops(String line) {
		List<List<Long>> hops = new ArrayList<>();
		Matcher m = HOP.matcher(line);
		while (m.find()) {
			hops.add(List.of(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
					Long.parseLong(m.group(4))));
		}
		return hops;
	}

	private static long number(String line, String field) {
		Matcher m = Pattern.compile("\"" + field + "\":(\\d+)").matcher(line);
		assertThat(m.find()).as(field).isTrue();
		return Long.parseLong(m.group(1));
	}

	/**
	 * Both removals rebuild the checksums from scratch, so a wrong one shows as a
	 * difference.
	 */
	private static byte[] removeInt(byte[] frame, int npt) {
		int ip = 14;
		int l4 = 34;
		int shim = l4 + 8;
		int intBytes = 4 * ((frame[shim + 1] & 0xFF) + 1);
		int removed = (npt == AgentEncapsulation.NPT_UDP) ? intBytes : intBytes + 8;
		int at = (npt == AgentEncapsulation.NPT_UDP) ? shim : l4;
		byte[] out = new byte[frame.length - removed];
		System.arraycopy(frame, 0, out, 0, at);
		System.arraycopy(frame, at + removed, out, at, frame.length - at - removed);
		put16(out, ip + 2, u16(out, ip + 2) - removed);
		if (npt == AgentEncapsulation.NPT_UDP) {
			put16(out, l4 + 2, u16(frame, shim + 2));
			put16(out, l4 + 4, u16(out, l4 + 4) - removed);
			if (u16(frame, l4 + 6) != 0) {
				put16(out, l4 + 6, 0);
				long sum = add(0, out, ip + 12, 8) + 17 + u16(out, l4 + 4);
				int checksum = finish(add(sum, out, l4, u16(out, l4 + 4)));
				put16(out, l4 + 6, (checksum == 0) ? 0xFFFF : checksum);
			}
		}
		else {
			out[ip + 9] = frame[shim + 3];
		}
		put16(out, ip + 10, 0);
		put16(out, ip + 10, finish(add(0, out, ip, 20)));
		return out;
	}

	private static boolean nothingMore(DatagramSocket feed) throws IOException {
		feed.setSoTimeout(200);
		try {
			feed.receive(new DatagramPacket(new byte[2048], 2048));
			return false;
		}
		catch (SocketTimeoutException expected) {
			return true;
		}
	}

	private static long add(long sum, byte[] bytes, int offset, int length) {
		for (int i = 0; i < length; i += 2) {
			sum += ((bytes[offset + i] & 0xFF) << 8) | ((i + 1 < length) ? (bytes[offset + i + 1] & 0xFF) : 0);
		}
		return sum;
	}

	private static int finish(long sum) {
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return (int) (~sum & 0xFFFF);
	}

	private static int u16(byte[] bytes, int at) {
		return ((bytes[at] & 0xFF) << 8) | (bytes[at + 1] & 0xFF);
	}

	private static void put16(byte[] bytes, int at, int value) {
		bytes[at] = (byte) (value >>> 8);
		bytes[at + 1] = (byte) value;
	}

}
