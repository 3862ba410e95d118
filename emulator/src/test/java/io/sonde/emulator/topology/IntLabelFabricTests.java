package io.sonde.emulator.topology;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.Ipv4Address;

import static org.assertj.core.api.Assertions.assertThat;

class IntLabelFabricTests {

	private final Topology fabric = IntLabelFabric.build();

	@Test
	void hasFourSpinesFourLeavesFourTorsAndEightServers() {
		assertThat(this.fabric.switches()).extracting(SwitchSpec::role)
			.containsExactly("spine", "spine", "spine", "spine", "leaf", "leaf", "leaf", "leaf", "tor", "tor", "tor",
					"tor");
		assertThat(this.fabric.hosts()).extracting(HostSpec::name)
			.containsExactly("server-1", "server-2", "server-3", "server-4", "server-5", "server-6", "server-7",
					"server-8");
		assertThat(this.fabric.links()).hasSize(24);
	}

	@Test
	void everyTorServesTwoServersAndReachesBothLeavesOfItsPod() {
		assertThat(neighbours("tor-1")).containsExactlyInAnyOrder("server-1", "server-2", "leaf-1", "leaf-2");
		assertThat(neighbours("tor-4")).containsExactlyInAnyOrder("server-7", "server-8", "leaf-3", "leaf-4");
	}

	@Test
	void leafLOfEveryPodReachesSpineSetL() {
		assertThat(neighbours("leaf-1")).containsExactlyInAnyOrder("tor-1", "tor-2", "spine-1", "spine-2");
		assertThat(neighbours("leaf-2")).containsExactlyInAnyOrder("tor-1", "tor-2", "spine-3", "spine-4");
		assertThat(neighbours("leaf-3")).containsExactlyInAnyOrder("tor-3", "tor-4", "spine-1", "spine-2");
		assertThat(neighbours("spine-1")).containsExactlyInAnyOrder("leaf-1", "leaf-3");
		assertThat(neighbours("spine-4")).containsExactlyInAnyOrder("leaf-2", "leaf-4");
	}

	@Test
	void serversAreAddressedByPodTorAndIndex() {
		assertThat(this.fabric.hostNamed("server-1").orElseThrow().ipv4()).isEqualTo(Ipv4Address.parse("10.1.1.1"));
		assertThat(this.fabric.hostNamed("server-8").orElseThrow().ipv4()).isEqualTo(Ipv4Address.parse("10.2.2.2"));
	}

	@Test
	void linksRunAtOneGigabitWithHundredPacketQueuesLikeThePrototype() {
		assertThat(this.fabric.links()).allSatisfy(link -> {
			assertThat(link.parameters().bandwidthBitsPerSecond()).isEqualTo(1_000_000_000L);
			assertThat(link.parameters().queueCapacityPackets()).isEqualTo(100);
			assertThat(link.parameters().lossProbability()).isZero();
		});
	}

	@Test
	void serverOneReachesServerEightAcrossASpine() {
		List<String> path = ShortestPathRoutes.compute(this.fabric).path("server-1", "server-8");
		assertThat(path).hasSize(7);
		assertThat(path.get(0)).isEqualTo("server-1");
		assertThat(path.get(1)).isEqualTo("tor-1");
		assertThat(path.get(3)).startsWith("spine-");
		assertThat(path.get(5)).isEqualTo("tor-4");
	}

	private List<String> neighbours(String node) {
		return this.fabric.linksOf(node).stream().map(link -> link.otherEnd(node).node()).toList();
	}

}
