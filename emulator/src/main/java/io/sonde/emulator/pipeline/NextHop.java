package io.sonde.emulator.pipeline;

/**
 * The action an {@code ipv4_lpm} or {@code ipv6_lpm} lookup ran:
 * {@code set_next_hop(port,
 * dmac)} / {@code set_next_hop_v6(port, dmac)}, or {@code drop} (the default action).
 *
 * @param drop whether the action is {@code drop}
 * @param port the egress port ({@code port_t}, 9 bits)
 * @param dmac the next hop's MAC address (48 bits)
 */
public record NextHop(boolean drop, int port, long dmac) {

	/** {@code drop()}, the tables' default action. */
	public static final NextHop DROP = new NextHop(true, 0, 0);

	public NextHop {
		ActionParams.check("set_next_hop", "port", port, 9);
		ActionParams.check("set_next_hop", "dmac", dmac, 48);
	}

	/** {@code set_next_hop(port, dmac)}. */
	public static NextHop to(int port, long dmac) {
		return new NextHop(false, port, dmac);
	}

}
