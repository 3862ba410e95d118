package io.sonde.emulator.net;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PacketPoolTests {

	@Test
	void reusesPacketsButNeverAnId() {
		PacketPool pool = new PacketPool();
		Set<Long> ids = new HashSet<>();
		Packet first = pool.acquire();
		ids.add(first.id());
		first.setFlowIndex(3);
		first.setBridgedMetadata(7);
		pool.release(first);
		Packet second = pool.acquire();
		assertThat(second).isSameAs(first);
		assertThat(ids.add(second.id())).isTrue();
		assertThat(second.flowIndex()).isEqualTo(-1);
		assertThat(second.bridgedMetadata()).isZero();
		assertThat(pool.created()).isEqualTo(1);
		assertThat(pool.issuedIds()).isEqualTo(2);
	}

	@Test
	void refusesADoubleRelease() {
		PacketPool pool = new PacketPool();
		Packet packet = pool.acquire();
		pool.release(packet);
		assertThatThrownBy(() -> pool.release(packet)).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("released twice");
	}

	@Test
	void copiesFrameAndFlowUnderANewId() {
		PacketPool pool = new PacketPool(64);
		Packet original = pool.acquire();
		original.setFrame(new byte[] { 1, 2, 3 }, 0, 3);
		original.setFlowIndex(5);
		Packet copy = pool.copyOf(original);
		assertThat(copy.id()).isNotEqualTo(original.id());
		assertThat(copy.frame()).startsWith(1, 2, 3);
		assertThat(copy.length()).isEqualTo(3);
		assertThat(copy.flowIndex()).isEqualTo(5);
	}

	@Test
	void growsAFrameKeepingItsContentAndRefusesALengthBeyondIt() {
		PacketPool pool = new PacketPool(64);
		Packet packet = pool.acquire();
		packet.setFrame(new byte[] { 9, 8 }, 0, 2);
		assertThatThrownBy(() -> packet.setLength(65)).isInstanceOf(IllegalArgumentException.class);
		byte[] grown = packet.ensureCapacity(3000);
		assertThat(grown.length).isGreaterThanOrEqualTo(3000);
		assertThat(grown).startsWith(9, 8);
		packet.setLength(3000);
		assertThat(packet.length()).isEqualTo(3000);
	}

}
