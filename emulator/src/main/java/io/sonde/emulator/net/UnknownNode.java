package io.sonde.emulator.net;

/** A node name or address that the network does not have. */
public class UnknownNode extends RuntimeException {

	private final String node;

	public UnknownNode(String node) {
		super("the network has no node " + node);
		this.node = node;
	}

	public String node() {
		return this.node;
	}

}
