package io.sonde.emulator.net;

/** A link was attached to a port that already has one: a port has one cable. */
public class PortAlreadyConnected extends IllegalStateException {

	private final String node;

	private final int port;

	public PortAlreadyConnected(String node, int port) {
		super("port " + node + ":" + port + " is already connected to a link");
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
