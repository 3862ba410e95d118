package io.sonde.emulator.pipeline;

import java.util.HashMap;
import java.util.Map;

/**
 * SQR's store on one switch (paper §IV-B): a copy of each probe the switch forwarded,
 * kept until the next hop's feedback (same request id, arriving on the port the probe
 * left by) releases it or t_f runs out. Bounded: beyond {@link #CAPACITY} copies a
 * forwarded probe is not kept, as a switch's buffer would refuse it.
 */
final class ProbeCopies {

	/**
	 * Copies one switch keeps at most (c = 1 sessions of up to 12 probes in the paper).
	 */
	static final int CAPACITY = 1024;

	/** A kept probe: the frame as it left, the port it left by. */
	static final class Copy {

		final int requestId;

		final int port;

		final byte[] frame;

		Copy(int requestId, int port, byte[] frame) {
			this.requestId = requestId;
			this.port = port;
			this.frame = frame;
		}

	}

	private final Map<Long, Copy> copies = new HashMap<>();

	/**
	 * Keeps a copy; a copy of the same request out of the same port replaces the older
	 * one (a loop), whose timeout then finds nothing.
	 * @return the copy, or null when the store is full
	 */
	Copy store(int requestId, int port, byte[] frame) {
		long key = key(requestId, port);
		if (this.copies.size() >= CAPACITY && !this.copies.containsKey(key)) {
			return null;
		}
		Copy copy = new Copy(requestId, port, frame);
		this.copies.put(key, copy);
		return copy;
	}

	/** The feedback of request {@code requestId} arrived on {@code port}: release. */
	boolean release(int requestId, int port) {
		return this.copies.remove(key(requestId, port)) != null;
	}

	/** t_f ran out for {@code copy}: true when it was still kept (now removed). */
	boolean expire(Copy copy) {
		return this.copies.remove(key(copy.requestId, copy.port), copy);
	}

	/** Copies kept now. */
	int size() {
		return this.copies.size();
	}

	/** Forgets every copy, as a switch restart loses its buffers. */
	void clear() {
		this.copies.clear();
	}

	private static long key(int requestId, int port) {
		return ((long) port << 16) | requestId;
	}

}
