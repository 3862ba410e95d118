package io.sonde.store.internal.questdb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import io.questdb.std.Unsafe;
import io.questdb.std.str.Utf8Sequence;

/**
 * A Java string as the UTF-8 bytes QuestDB copies into a VARCHAR column. Encoded by
 * {@link String#getBytes} (an array copy for the ASCII text most values are) and read
 * eight bytes at a time, where QuestDB's own sink encodes and hands out a byte per call:
 * that was a fifth of the event log's ingest time. Reused for value after value.
 */
final class Utf8Value implements Utf8Sequence {

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

	private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

	private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class,
			ByteOrder.LITTLE_ENDIAN);

	private byte[] bytes = new byte[0];

	private boolean ascii;

	Utf8Value of(CharSequence value) {
		String text = value.toString();
		this.bytes = text.getBytes(StandardCharsets.UTF_8);
		// Any character past ASCII takes more than one byte.
		this.ascii = this.bytes.length == text.length();
		return this;
	}

	@Override
	public CharSequence asAsciiCharSequence() {
		return new String(this.bytes, StandardCharsets.ISO_8859_1);
	}

	@Override
	public byte byteAt(int index) {
		return this.bytes[index];
	}

	@Override
	public short shortAt(int offset) {
		return (short) SHORTS.get(this.bytes, offset);
	}

	@Override
	public int intAt(int offset) {
		return (int) INTS.get(this.bytes, offset);
	}

	@Override
	public long longAt(int offset) {
		return (long) LONGS.get(this.bytes, offset);
	}

	/**
	 * One copy into QuestDB's memory: the interface's default reads eight bytes a call,
	 * through a call site that sees every kind of sequence QuestDB has and inlines none.
	 */
	@Override
	public void writeTo(long address, int lo, int hi) {
		Unsafe.getUnsafe().copyMemory(this.bytes, Unsafe.BYTE_OFFSET + lo, null, address, hi - lo);
	}

	@Override
	public int size() {
		return this.bytes.length;
	}

	@Override
	public boolean isAscii() {
		return this.ascii;
	}

	@Override
	public String toString() {
		return new String(this.bytes, StandardCharsets.UTF_8);
	}

}
