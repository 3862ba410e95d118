package io.sonde.emulator.pipeline;

import io.sonde.emulator.net.Packet;

/**
 * The network's pooled {@link Packet} seen as a {@link MutableFrame}, pointed at one
 * packet at a time so the pipeline works on the packet's own array without copying.
 */
final class PacketFrame implements MutableFrame {

	private Packet packet;

	PacketFrame on(Packet current) {
		this.packet = current;
		return this;
	}

	@Override
	public byte[] bytes() {
		return this.packet.frame();
	}

	@Override
	public int length() {
		return this.packet.length();
	}

	@Override
	public void insert(int offset, int count) {
		int length = this.packet.length();
		java.util.Objects.checkFromIndexSize(offset, 0, length + 1);
		byte[] bytes = this.packet.ensureCapacity(length + count);
		System.arraycopy(bytes, offset, bytes, offset + count, length - offset);
		this.packet.setLength(length + count);
	}

	@Override
	public void remove(int offset, int count) {
		int length = this.packet.length();
		java.util.Objects.checkFromIndexSize(offset, count, length);
		byte[] bytes = this.packet.frame();
		System.arraycopy(bytes, offset + count, bytes, offset, length - offset - count);
		this.packet.setLength(length - count);
	}

}
