package io.sonde.p4programs.codec;

import java.util.Arrays;
import java.util.Random;

/**
 * Ways bytes get damaged on the way to a decoder: cut short, bits flipped, bytes
 * overwritten.
 */
final class Damage {

	private Damage() {
	}

	static byte[] apply(Random random, byte[] wire) {
		return switch (random.nextInt(3)) {
			case 0 -> Arrays.copyOf(wire, random.nextInt(wire.length + 1));
			case 1 -> flipBits(random, wire, 1 + random.nextInt(3));
			default -> overwrite(random, wire);
		};
	}

	private static byte[] flipBits(Random random, byte[] wire, int count) {
		byte[] damaged = wire.clone();
		for (int i = 0; i < count && damaged.length > 0; i++) {
			damaged[random.nextInt(damaged.length)] ^= (byte) (1 << random.nextInt(8));
		}
		return damaged;
	}

	private static byte[] overwrite(Random random, byte[] wire) {
		byte[] damaged = wire.clone();
		if (damaged.length > 0) {
			damaged[random.nextInt(Math.min(damaged.length, 16))] = (byte) random.nextInt(256);
		}
		return damaged;
	}

}
