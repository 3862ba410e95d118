package io.sonde.emulator.topology;

import io.sonde.emulator.net.LinkParameters;

/**
 * A link of a topology between two ports, with its delay, bandwidth, loss and queue
 * capacity.
 */
public record LinkSpec(Endpoint a, Endpoint b, LinkParameters parameters) {

	public LinkSpec {
		if (a == null || b == null || parameters == null) {
			throw new IllegalArgumentException("a link needs two ends and its parameters");
		}
	}

	/** Whether {@code node} is one of the ends. */
	public boolean touches(String node) {
		return this.a.node().equals(node) || this.b.node().equals(node);
	}

	/** The end on {@code node}'s side. */
	public Endpoint endAt(String node) {
		if (this.a.node().equals(node)) {
			return this.a;
		}
		if (this.b.node().equals(node)) {
			return this.b;
		}
		throw new IllegalArgumentException(node + " is not an end of link " + this);
	}

	/** The end that is not on {@code node}'s side. */
	public Endpoint otherEnd(String node) {
		return this.a.node().equals(node) ? this.b : this.a;
	}

	@Override
	public String toString() {
		return this.a + "<->" + this.b;
	}

}
