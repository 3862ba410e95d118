package io.sonde.emulator.sim;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Seeded randomness per component. Each component (a link direction, a traffic flow) asks
 * for its stream by a stable name; the stream depends only on the root seed and that
 * name, not on the order in which components were created, so adding a link to a topology
 * does not change the loss pattern of the others.
 */
public final class RandomStreams {

	private static final long FNV_OFFSET = 0xcbf29ce484222325L;

	private static final long FNV_PRIME = 0x100000001b3L;

	private final long rootSeed;

	public RandomStreams(long rootSeed) {
		this.rootSeed = rootSeed;
	}

	public long rootSeed() {
		return this.rootSeed;
	}

	/**
	 * A new generator for the named component: the same (seed, name) always gives the
	 * same sequence.
	 */
	public SplittableRandom forComponent(String componentName) {
		if (componentName == null || componentName.isEmpty()) {
			throw new IllegalArgumentException("a random stream needs a component name");
		}
		long seed = mix64(this.rootSeed ^ mix64(fnv1a(componentName)));
		// split() derives a fresh gamma as well as a fresh state, so streams of
		// different components do not run along the same increment sequence.
		return new SplittableRandom(seed).split();
	}

	private static long fnv1a(String text) {
		long hash = FNV_OFFSET;
		for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
			hash ^= (b & 0xff);
			hash *= FNV_PRIME;
		}
		return hash;
	}

	/** Stafford's variant 13 of the 64-bit finalizer (the one SplittableRandom uses). */
	private static long mix64(long z) {
		z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
		z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
		return z ^ (z >>> 31);
	}

}
