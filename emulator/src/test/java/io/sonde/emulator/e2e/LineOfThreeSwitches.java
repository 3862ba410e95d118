package io.sonde.emulator.e2e;

import java.util.List;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;

/**
 * {@code h1, h3 — s1 — s2 — s3 — h2}: every packet from s1's hosts to h2 crosses s1, s2
 * and the link s2–s3, whose speed the test chooses (the bottleneck), and reaches the sink
 * s3. INT stacks hold s1's and s2's hops.
 */
final class LineOfThreeSwitches {

	static final long GIGABIT = LinkParameters.GIGABIT;

	private LineOfThreeSwitches() {
	}

	static Topology withBottleneck(long bitsPerSecond, int queuePackets) {
		LinkParameters fast = LinkParameters.ethernet(GIGABIT, 1_000, 1000);
		LinkParameters bottleneck = LinkParameters.ethernet(bitsPerSecond, 1_000, queuePackets);
		List<SwitchSpec> switches = List.of(sw("s1", 1), sw("s2", 2), sw("s3", 3));
		List<HostSpec> hosts = List.of(HostSpec.of("h1", Ipv4Address.of(10, 0, 1, 2)),
				HostSpec.of("h3", Ipv4Address.of(10, 0, 1, 3)), HostSpec.of("h2", Ipv4Address.of(10, 0, 3, 2)));
		List<LinkSpec> links = List.of(link("h1", 1, "s1", 1, fast), link("h3", 1, "s1", 2, fast),
				link("s1", 3, "s2", 1, fast), link("s2", 2, "s3", 2, bottleneck), link("s3", 1, "h2", 1, fast));
		return new Topology("line-of-three", switches, hosts, links);
	}

	private static SwitchSpec sw(String name, long deviceId) {
		return new SwitchSpec(name, deviceId, 0, SwitchSpec.defaultMac(deviceId), "switch");
	}

	private static LinkSpec link(String a, int portA, String b, int portB, LinkParameters parameters) {
		return new LinkSpec(new Endpoint(a, portA), new Endpoint(b, portB), parameters);
	}

}
