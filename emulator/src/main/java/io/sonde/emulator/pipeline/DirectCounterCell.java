package io.sonde.emulator.pipeline;

/**
 * The direct counter of one table entry (packets and bytes), as v1model counts it on
 * every hit of the entry.
 */
public final class DirectCounterCell {

	private long packets;

	private long bytes;

	void hit(int packetBytes) {
		this.packets++;
		this.bytes += packetBytes;
	}

	public long packets() {
		return this.packets;
	}

	public long bytes() {
		return this.bytes;
	}

}
