package io.sonde.emulator.topology;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.sonde.emulator.net.Ipv4Address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FatTreeTests {

	@Test
	void fatTreeOfFourHasTwentySwitchesSixteenHostsAndFortyEightLinks() {
		Topology topology = FatTree.build(4);
		assertThat(topology.switches()).hasSize(20);
		assertThat(topology.hosts()).hasSize(16);
		long hostLinks = topology.links().stream().filter(l -> l.a().node().startsWith("h-")).count();
		assertThat(hostLinks).isEqualTo(16);
		assertThat(topology.links()).hasSize(32 + 16);
		assertThat(roles(topology)).containsEntry("core", 4L)
			.containsEntry("aggregation", 8L)
			.containsEntry("edge", 8L);
	}

	@ParameterizedTest
	@ValueSource(ints = { 2, 4, 6, 8 })
	void sizesFollowTheFormulas(int k) {
		Topology topology = FatTree.build(k);
		assertThat(topology.switches()).hasSize(5 * k * k / 4);
		assertThat(topology.hosts()).hasSize(k * k * k / 4);
		assertThat(topology.links()).hasSize(3 * k * k * k / 4);
		// Every switch uses all k of its ports, each once.
		for (SwitchSpec s : topology.switches()) {
			assertThat(topology.linksOf(s.name())).extracting(link -> link.endAt(s.name()).port())
				.as(s.name())
				.containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, k).boxed().toList());
		}
	}

	@Test
	void hostsAreAddressedByPodEdgeAndIndexAndCabledToTheirEdgeSwitch() {
		Topology topology = FatTree.build(4);
		HostSpec host = topology.hostNamed("h-3-1-0").orElseThrow();
		assertThat(host.ipv4()).isEqualTo(Ipv4Address.parse("10.3.1.2"));
		assertThat(topology.attachmentOf("h-3-1-0")).isEqualTo(new Endpoint("edge-3-1", 1));
		assertThat(topology.attachmentOf("h-3-1-1")).isEqualTo(new Endpoint("edge-3-1", 2));
		// Aggregation a of every pod reaches cores a*k/2 .. a*k/2 + k/2 - 1.
		assertThat(topology.linksOf("agg-2-1")).extracting(link -> link.otherEnd("agg-2-1").node())
			.contains("core-2", "core-3")
			.doesNotContain("core-0", "core-1");
		assertThat(topology.linksOf("core-3")).extracting(link -> link.endAt("core-3").port())
			.containsExactlyInAnyOrder(1, 2, 3, 4);
	}

	@Test
	void deviceIdsAreConsecutiveFromOne() {
		Topology topology = FatTree.build(4);
		assertThat(topology.switches()).extracting(SwitchSpec::deviceId)
			.containsExactlyElementsOf(LongStream.rangeClosed(1, 20).boxed().toList());
		assertThat(topology.switches()).allSatisfy(s -> assertThat(s.p4RuntimePort()).isZero());
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, 3, 66 })
	void rejectsARadixThatIsOddOrOutOfRange(int k) {
		assertThatThrownBy(() -> FatTree.build(k)).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("even k");
	}

	private static Map<String, Long> roles(Topology topology) {
		return topology.switches()
			.stream()
			.collect(Collectors.groupingBy(SwitchSpec::role, Collectors.counting()))
			.entrySet()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, TreeMap::new));
	}

}
