package io.sonde.topology;

import java.util.Objects;

/** One end of a link: a node's name and its port number, written {@code node:port}. */
public record LinkEnd(String node, int port) {

	public LinkEnd {
		Objects.requireNonNull(node, "node");
	}

	@Override
	public String toString() {
		return this.node + ":" + this.port;
	}

}
