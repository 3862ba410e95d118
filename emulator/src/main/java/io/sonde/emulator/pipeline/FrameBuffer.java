package io.sonde.emulator.pipeline;

import java.util.Arrays;
import java.util.Objects;

/**
 * One frame's bytes, Ethernet header first, in an array that may be longer than the frame
 * so that INT insertion (16 bytes at the source, Hop ML words per hop) usually finds room
 * in place. The pipeline grows the array only when it has to; give frames headroom of
 * {@link #INT_HEADROOM} bytes to avoid that copy.
 */
public final class FrameBuffer implements MutableFrame {

	/**
	 * The most one switch adds to a frame: the source's shim and metadata header (16
	 * bytes, INT-2.1 §5.3) plus its own hop (at most 31 words of Hop ML).
	 */
	public static final int INT_HEADROOM = 16 + 31 * 4;

	private byte[] bytes;

	private int length;

	private FrameBuffer(byte[] bytes, int length) {
		this.bytes = bytes;
		this.length = length;
	}

	/** An empty frame with room for {@code capacity} bytes. */
	public static FrameBuffer withCapacity(int capacity) {
		if (capacity < 0) {
			throw new IllegalArgumentException("negative frame capacity: " + capacity);
		}
		return new FrameBuffer(new byte[capacity], 0);
	}

	/** The first {@code length} bytes of {@code bytes}; the array is used, not copied. */
	public static FrameBuffer wrap(byte[] bytes, int length) {
		Objects.checkFromIndexSize(0, length, bytes.length);
		return new FrameBuffer(bytes, length);
	}

	/** A copy of {@code frame} with {@link #INT_HEADROOM} spare bytes. */
	public static FrameBuffer copyOf(byte[] frame) {
		byte[] bytes = Arrays.copyOf(frame, frame.length + INT_HEADROOM);
		return new FrameBuffer(bytes, frame.length);
	}

	@Override
	public byte[] bytes() {
		return this.bytes;
	}

	@Override
	public int length() {
		return this.length;
	}

	/** The frame as a new array of exactly its length. */
	public byte[] toByteArray() {
		return Arrays.copyOf(this.bytes, this.length);
	}

	/** Replaces the content with {@code length} bytes of {@code source}. */
	public void copyFrom(byte[] source, int length) {
		Objects.checkFromIndexSize(0, length, source.length);
		ensureCapacity(length);
		System.arraycopy(source, 0, this.bytes, 0, length);
		this.length = length;
	}

	@Override
	public void insert(int offset, int count) {
		Objects.checkFromIndexSize(offset, 0, this.length + 1);
		ensureCapacity(this.length + count);
		System.arraycopy(this.bytes, offset, this.bytes, offset + count, this.length - offset);
		this.length += count;
	}

	@Override
	public void remove(int offset, int count) {
		Objects.checkFromIndexSize(offset, count, this.length);
		System.arraycopy(this.bytes, offset + count, this.bytes, offset, this.length - offset - count);
		this.length -= count;
	}

	private void ensureCapacity(int capacity) {
		if (capacity > this.bytes.length) {
			this.bytes = Arrays.copyOf(this.bytes, Math.max(capacity + INT_HEADROOM, this.bytes.length * 2));
		}
	}

}
