package io.sonde.emulator.sim.bench;

import java.util.List;

import io.sonde.emulator.net.PacketContext;
import io.sonde.emulator.net.SwitchDataPlane;
import io.sonde.emulator.topology.Route;

/**
 * The benchmark's switch: IPv4 /32 forwarding as a router does it (next-hop MAC rewrite,
 * TTL decrement with an incremental header checksum update, RFC 1624), nothing else. It
 * measures the network core, not a P4 pipeline.
 */
final class ForwardingOnlyDataPlane implements SwitchDataPlane {

	private static final int ETHERTYPE_OFFSET = 12;

	private static final int IP_OFFSET = 14;

	private static final int TTL_OFFSET = IP_OFFSET + 8;

	private static final int CHECKSUM_OFFSET = IP_OFFSET + 10;

	private static final int DESTINATION_OFFSET = IP_OFFSET + 16;

	private final long switchMac;

	private final int[] keys;

	private final int[] ports;

	private final long[] nextHopMacs;

	private final int mask;

	ForwardingOnlyDataPlane(long switchMac, List<Route> routes) {
		int capacity = Integer.highestOneBit(Math.max(4, routes.size() * 4 - 1)) * 2;
		this.switchMac = switchMac;
		this.keys = new int[capacity];
		this.ports = new int[capacity];
		this.nextHopMacs = new long[capacity];
		this.mask = capacity - 1;
		java.util.Arrays.fill(this.ports, -1);
		for (Route route : routes) {
			int slot = slotOf(route.destination().value());
			this.keys[slot] = route.destination().value();
			this.ports[slot] = route.egressPort();
			this.nextHopMacs[slot] = route.nextHopMac().value();
		}
	}

	@Override
	public void process(PacketContext context) {
		byte[] frame = context.frame();
		if (context.length() < IP_OFFSET + 20 || frame[ETHERTYPE_OFFSET] != 0x08 || frame[ETHERTYPE_OFFSET + 1] != 0) {
			context.drop();
			return;
		}
		int ttl = frame[TTL_OFFSET] & 0xff;
		int slot = slotOf(readInt(frame, DESTINATION_OFFSET));
		if (ttl <= 1 || this.ports[slot] < 0) {
			context.drop();
			return;
		}
		frame[TTL_OFFSET] = (byte) (ttl - 1);
		// RFC 1624 eqn. 3: HC' = ~(~HC + ~m + m'); the TTL is the high byte of its word.
		int checksum = ((frame[CHECKSUM_OFFSET] & 0xff) << 8) | (frame[CHECKSUM_OFFSET + 1] & 0xff);
		int oldWord = ttl << 8 | (frame[TTL_OFFSET + 1] & 0xff);
		int newWord = oldWord - 0x100;
		int sum = (~checksum & 0xffff) + (~oldWord & 0xffff) + newWord;
		sum = (sum & 0xffff) + (sum >>> 16);
		sum = (sum & 0xffff) + (sum >>> 16);
		checksum = ~sum & 0xffff;
		frame[CHECKSUM_OFFSET] = (byte) (checksum >>> 8);
		frame[CHECKSUM_OFFSET + 1] = (byte) checksum;
		writeMac(frame, 0, this.nextHopMacs[slot]);
		writeMac(frame, 6, this.switchMac);
		context.emit(this.ports[slot]);
	}

	/**
	 * Open addressing with linear probing: the slot holding {@code key} or the empty one.
	 */
	private int slotOf(int key) {
		int slot = (key * 0x9E3779B9) >>> 16 & this.mask;
		while (this.ports[slot] >= 0 && this.keys[slot] != key) {
			slot = (slot + 1) & this.mask;
		}
		return slot;
	}

	private static int readInt(byte[] bytes, int offset) {
		return (bytes[offset] & 0xff) << 24 | (bytes[offset + 1] & 0xff) << 16 | (bytes[offset + 2] & 0xff) << 8
				| (bytes[offset + 3] & 0xff);
	}

	private static void writeMac(byte[] bytes, int offset, long mac) {
		for (int i = 0; i < 6; i++) {
			bytes[offset + i] = (byte) (mac >>> (40 - 8 * i));
		}
	}

}
