package io.sonde.emulator.pipeline;

import io.sonde.p4programs.names.P4Actions;

/**
 * The action an {@code ipv4_lpm}, {@code next_hop} or {@code ipv6_lpm} lookup ran:
 * {@code set_next_hop(port, dmac)} / {@code set_next_hop_v6(port, dmac)}, {@code drop}
 * (the LPM tables' default action), or {@code set_next_hop_group(group_id)}, after which
 * {@code next_hop} picks one of the group's next hops.
 *
 * @param drop whether the action is {@code drop}
 * @param port the egress port ({@code port_t}, 9 bits)
 * @param dmac the next hop's MAC address (48 bits)
 * @param group the group of {@code set_next_hop_group} ({@code next_hop_group_t}, 16
 * bits), -1 for the other actions
 */
public record NextHop(boolean drop, int port, long dmac, int group) {

	/** {@code drop()}, the LPM tables' default action. */
	public static final NextHop DROP = new NextHop(true, 0, 0, -1);

	public NextHop {
		ActionParams.check(P4Actions.SetNextHop.ALIAS, P4Actions.SetNextHop.PORT, port, 9);
		ActionParams.check(P4Actions.SetNextHop.ALIAS, P4Actions.SetNextHop.DMAC, dmac, 48);
		if (group != -1) {
			ActionParams.check(P4Actions.SetNextHopGroup.ALIAS, P4Actions.SetNextHopGroup.GROUP_ID, group, 16);
		}
	}

	/** {@code set_next_hop(port, dmac)}. */
	public static NextHop to(int port, long dmac) {
		return new NextHop(false, port, dmac, -1);
	}

	/**
	 * {@code set_next_hop_group(group_id)}: the packet is marked to drop until a member
	 * runs.
	 */
	public static NextHop group(int groupId) {
		return new NextHop(true, 0, 0, groupId);
	}

	/** Whether the action is {@code set_next_hop_group}: {@code next_hop} decides. */
	public boolean isGroup() {
		return this.group >= 0;
	}

}
