package io.sonde.emulator.pipeline;

import io.sonde.p4programs.names.P4Registers;

/**
 * The two registers GPINT probes read their measurements from (request type 0 and 1),
 * with the alias sonde.p4's P4Info gives them, their size and element width. The data
 * plane increments them: one cell per next-hop group of an {@code ipv4_lpm} hit (cell 0
 * for a direct next hop; misses and groups beyond the size are not counted), and one cell
 * per ingress port for every packet.
 */
public enum ProbeRegister {

	/** Rule hits by next-hop group id (request type 0). */
	RULE_HITS(P4Registers.ProbeRuleHits.ALIAS),
	/** Packets received per ingress port (request type 1). */
	PORT_PACKETS(P4Registers.ProbePortPackets.ALIAS);

	/** Cells per register: one per port, {@code MAX_PORTS}. */
	public static final int SIZE = 512;

	/** Bits per cell: measurements are 32-bit values that wrap. */
	public static final int BIT_WIDTH = 32;

	private final String p4Alias;

	ProbeRegister(String p4Alias) {
		this.p4Alias = p4Alias;
	}

	/** The register's alias in the P4Info (its name's last segment). */
	public String p4Alias() {
		return this.p4Alias;
	}

	/** The cell a value wraps to. */
	static long wrap(long value) {
		return value & 0xFFFF_FFFFL;
	}

}
