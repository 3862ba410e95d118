package io.sonde.topology;

import java.util.Objects;

/** A link between two ports of two different nodes. */
public record TopologyLink(LinkEnd a, LinkEnd b, LinkProperties properties) {

	public TopologyLink {
		Objects.requireNonNull(a, "a");
		Objects.requireNonNull(b, "b");
		Objects.requireNonNull(properties, "properties");
	}

	/** Whether {@code node} is one of the ends. */
	public boolean touches(String node) {
		return this.a.node().equals(node) || this.b.node().equals(node);
	}

	@Override
	public String toString() {
		return this.a + "<->" + this.b;
	}

}
