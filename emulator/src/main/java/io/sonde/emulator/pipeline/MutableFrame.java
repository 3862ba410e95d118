package io.sonde.emulator.pipeline;

/**
 * A frame the pipeline reads and rewrites in place: bytes from offset 0 (Ethernet header
 * first), a length, and the two edits INT needs, opening a gap (source, transit) and
 * closing one (sink). {@link FrameBuffer} holds one itself; the emulated switch adapts
 * the network's pooled packets.
 */
public interface MutableFrame {

	/** The array; only the first {@link #length()} bytes are the frame. */
	byte[] bytes();

	int length();

	/**
	 * Opens {@code count} bytes at {@code offset}, moving what follows towards the end;
	 * the array may be replaced by a larger one, so read {@link #bytes()} again.
	 */
	void insert(int offset, int count);

	/** Removes {@code count} bytes at {@code offset}. */
	void remove(int offset, int count);

}
