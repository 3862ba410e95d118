package io.sonde.labeling;

import java.util.Objects;

/**
 * One egress port of one switch: the key of INT-label's per-port state (the paper's (R_x,
 * P_y)), of Reg1/Reg2 and of coverage.
 *
 * @param switchName the switch's name in the topology
 * @param port the egress port number (Reg1/Reg2's index)
 */
public record PortKey(String switchName, int port) implements Comparable<PortKey> {

	public PortKey {
		Objects.requireNonNull(switchName, "switchName");
		if (port < 0) {
			throw new IllegalArgumentException("port must not be negative: " + port);
		}
	}

	@Override
	public int compareTo(PortKey other) {
		int bySwitch = this.switchName.compareTo(other.switchName);
		return (bySwitch != 0) ? bySwitch : Integer.compare(this.port, other.port);
	}

	@Override
	public String toString() {
		return this.switchName + ":" + this.port;
	}

}
