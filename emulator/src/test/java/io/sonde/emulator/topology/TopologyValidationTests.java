package io.sonde.emulator.topology;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.LIST;

class TopologyValidationTests {

	private static final LinkParameters LINK = FatTree.DEFAULT_LINK;

	private static SwitchSpec switchSpec(String name, long deviceId) {
		return new SwitchSpec(name, deviceId, 0, SwitchSpec.defaultMac(deviceId), "switch");
	}

	private static LinkSpec link(String a, String b) {
		return new LinkSpec(Endpoint.parse(a), Endpoint.parse(b), LINK);
	}

	@Test
	void listsEveryProblemOfAnInvalidTopology() {
		List<SwitchSpec> switches = List.of(switchSpec("s1", 1), switchSpec("s2", 1), switchSpec("bad:name", 3));
		List<HostSpec> hosts = List.of(HostSpec.of("h1", Ipv4Address.parse("10.0.0.1")),
				HostSpec.of("h2", Ipv4Address.parse("10.0.0.1")), HostSpec.of("h3", Ipv4Address.parse("10.0.0.3")));
		List<LinkSpec> links = List.of(link("h1:1", "s1:1"), link("h2:1", "s1:1"), link("s2:1", "s2:2"),
				link("s2:3", "ghost:1"), link("h1:2", "s2:600"));
		assertThatThrownBy(() -> new Topology("broken", switches, hosts, links)).isInstanceOf(TopologyInvalid.class)
			.extracting(ex -> ((TopologyInvalid) ex).problems(), LIST)
			.contains("device id 1 is used twice", "node name 'bad:name' contains ':'",
					"IPv4 address 10.0.0.1 is used twice", "port s1:1 carries more than one link",
					"link s2:1<->s2:2 joins s2 to itself", "link s2:3<->ghost:1 names unknown node 'ghost'",
					"link h1:2<->s2:600: port 600 is outside 0..511", "host h1 has 2 links; a host has exactly one",
					"host h3 has 0 links; a host has exactly one");
	}

	@Test
	void assignsConsecutiveP4RuntimePorts() {
		Topology topology = FatTree.build(2).withP4RuntimePorts(50051);
		assertThat(topology.switches()).extracting(SwitchSpec::p4RuntimePort)
			.containsExactly(50051, 50052, 50053, 50054, 50055);
		assertThatThrownBy(() -> FatTree.build(2).withP4RuntimePorts(65534))
			.isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void parsesAndPrintsLinkEnds() {
		assertThat(Endpoint.parse("edge-0-1:3")).isEqualTo(new Endpoint("edge-0-1", 3));
		assertThat(new Endpoint("s1", 2)).hasToString("s1:2");
		assertThatThrownBy(() -> Endpoint.parse("s1:")).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> Endpoint.parse("s1:x")).isInstanceOf(IllegalArgumentException.class);
	}

}
