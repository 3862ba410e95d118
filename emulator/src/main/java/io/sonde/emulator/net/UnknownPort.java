package io.sonde.emulator.net;

/** A port number that a node does not have. */
public class UnknownPort extends RuntimeException {

	private final String node;

	private final int port;

	public UnknownPort(String node, int port) {
		super("node " + node + " has no port " + port);
		this.node = node;
		this.port = port;
	}

	public String node() {
		return this.node;
	}

	public int port() {
		return this.port;
	}

}
