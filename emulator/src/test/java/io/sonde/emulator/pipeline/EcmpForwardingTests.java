package io.sonde.emulator.pipeline;

import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * forwarding.p4's ECMP: an {@code ipv4_lpm} route names a group, {@code next_hop} runs
 * the member a hash of the flow picks ({@code crc16(crc32(5-tuple) + ecmp_salt) mod
 * members}), so a flow keeps its path and flows spread over the group.
 */
class EcmpForwardingTests {

	private static final int DESTINATION = TestFrames.address(10, 0, 1, 2);

	private static final long MAC_A = 0x02_00_00_00_00_0AL;

	private static final long MAC_B = 0x02_00_00_00_00_0BL;

	private final TestSwitch sw = new TestSwitch(1);

	private DirectCounterCell twoUplinks() {
		this.sw.tables.addIpv4Route(DESTINATION, 32, NextHop.group(7));
		return this.sw.tables.addNextHopGroup(7, List.of(NextHop.to(1, MAC_A), NextHop.to(2, MAC_B)));
	}

	private int egressOf(int sourcePort) {
		FrameBuffer frame = FrameBuffer.copyOf(TestFrames.udp().dst(DESTINATION).ports(sourcePort, 6000).build());
		this.sw.forward(frame, sourcePort, 9);
		return this.sw.result.egressPort();
	}

	@Test
	void aMemberRewritesTheFrameOnceAndTheGroupCountsIt() {
		DirectCounterCell group = twoUplinks();
		FrameBuffer frame = FrameBuffer.copyOf(TestFrames.udp().dst(DESTINATION).ttl(64).build());

		this.sw.forward(frame, 1, 9);

		int port = this.sw.result.egressPort();
		assertThat(port).isIn(1, 2);
		byte[] out = frame.toByteArray();
		assertThat(WireBytes.u48(out, 0)).isEqualTo((port == 1) ? MAC_A : MAC_B);
		assertThat(WireBytes.u8(out, 14 + 8)).as("TTL decremented by the member only").isEqualTo(63);
		assertThat(group.packets()).isEqualTo(1);
	}

	@Test
	void everyPacketOfAFlowTakesTheSameMember() {
		twoUplinks();
		int first = egressOf(40000);
		for (int i = 0; i < 20; i++) {
			assertThat(egressOf(40000)).isEqualTo(first);
		}
	}

	@Test
	void flowsSpreadOverEveryMemberAsTheHashSays() {
		twoUplinks();
		long salt = 0x1234_5678L;
		this.sw.tables.setEcmpSalt(salt);
		Set<Integer> used = new HashSet<>();
		for (int sourcePort = 40000; sourcePort < 40064; sourcePort++) {
			int port = egressOf(sourcePort);
			used.add(port);
			assertThat(port).as("flow from source port %d", sourcePort)
				.isEqualTo(
						1 + expectedIndex(TestFrames.address(10, 0, 0, 1), DESTINATION, 17, sourcePort, 6000, salt, 2));
		}
		assertThat(used).containsExactlyInAnyOrder(1, 2);
	}

	@Test
	void anotherSaltSendsSomeFlowsElsewhere() {
		twoUplinks();
		int[] before = new int[64];
		for (int i = 0; i < before.length; i++) {
			before[i] = egressOf(40000 + i);
		}
		this.sw.tables.setEcmpSalt(0x9E37_79B9L);
		int moved = 0;
		for (int i = 0; i < before.length; i++) {
			moved += (egressOf(40000 + i) != before[i]) ? 1 : 0;
		}
		assertThat(moved).isBetween(8, 56);
	}

	@Test
	void aGroupNextHopDoesNotBindOrWithoutMembersDrops() {
		this.sw.tables.addIpv4Route(DESTINATION, 32, NextHop.group(7));
		assertThat(egressOf(40000)).isEqualTo(IntWire.DROP_PORT);

		this.sw.tables.addNextHopGroup(7, List.of());
		assertThat(egressOf(40000)).isEqualTo(IntWire.DROP_PORT);
		assertThat(this.sw.result.drop()).isTrue();
	}

	/**
	 * The member the README's formula picks, computed here from scratch: CRC-32 of the 13
	 * bytes of the 5-tuple, plus the salt, then CRC-16/ARC of those 4 bytes, modulo the
	 * members.
	 */
	private static int expectedIndex(int src, int dst, int proto, int srcPort, int dstPort, long salt, int members) {
		ByteBuffer tuple = ByteBuffer.allocate(13)
			.putInt(src)
			.putInt(dst)
			.put((byte) proto)
			.putShort((short) srcPort)
			.putShort((short) dstPort);
		CRC32 crc32 = new CRC32();
		crc32.update(tuple.array());
		int ecmpHash = (int) (crc32.getValue() + salt);
		int crc16 = 0;
		for (byte b : ByteBuffer.allocate(4).putInt(ecmpHash).array()) {
			crc16 ^= b & 0xFF;
			for (int bit = 0; bit < 8; bit++) {
				crc16 = ((crc16 & 1) != 0) ? (crc16 >>> 1) ^ 0xA001 : crc16 >>> 1;
			}
		}
		return crc16 % members;
	}

}
