package io.sonde.emulator.net;

/**
 * Where a {@link PacketTap} saw a frame: a node's port and the direction.
 */
public record TapPoint(String node, int port, TapDirection direction) {

	@Override
	public String toString() {
		return this.node + ":" + this.port + (this.direction == TapDirection.RECEIVED ? " rx" : " tx");
	}

}
