package io.sonde.p4programs.codec;

import java.net.Inet4Address;
import java.util.List;
import java.util.Objects;

/**
 * An IPv4 packet carrying the INT OPTION: what the hops on its path wrote and what a
 * consumer needs to tell whose packet it is.
 *
 * @param nextHeader the INT OPTION's nh: the packet's original IPv4 protocol
 * @param specificFlow whether int_num's bit 7 is set (a specific flow, labeled at every
 * hop)
 * @param items the items in path order (oldest first, as on the wire)
 * @param source the IPv4 source address
 * @param destination the IPv4 destination address
 * @param sourcePort the TCP or UDP source port; 0 for other protocols
 * @param destinationPort the TCP or UDP destination port; 0 for other protocols
 */
public record LabeledPacket(int nextHeader, boolean specificFlow, List<LabelItem> items, Inet4Address source,
		Inet4Address destination, int sourcePort, int destinationPort) {

	public LabeledPacket {
		GpintWire.requireUnsigned(nextHeader, 8, "next header");
		items = List.copyOf(items);
		if (items.size() > LabelWire.MAX_LABEL_ITEMS) {
			throw new IllegalArgumentException(
					items.size() + " items, over MAX_LABEL_ITEMS " + LabelWire.MAX_LABEL_ITEMS);
		}
		Objects.requireNonNull(source, "source");
		Objects.requireNonNull(destination, "destination");
		GpintWire.requireUnsigned(sourcePort, 16, "source port");
		GpintWire.requireUnsigned(destinationPort, 16, "destination port");
	}

	/** The INT OPTION's int_num: the item count, with bit 7 for a specific flow. */
	public int intNum() {
		return (this.specificFlow ? LabelWire.SPECIFIC_FLOW_BIT : 0) | this.items.size();
	}

	/** Whether the original protocol has ports (TCP or UDP). */
	public boolean hasPorts() {
		return LabelWire.hasPorts(this.nextHeader);
	}

	/**
	 * The flow as {@code src:sport>dst:dport/proto} (ports 0 when the protocol has none),
	 * the name a specific flow's path is kept under.
	 */
	public String flow() {
		return this.source.getHostAddress() + ":" + this.sourcePort + ">" + this.destination.getHostAddress() + ":"
				+ this.destinationPort + "/" + this.nextHeader;
	}

}
