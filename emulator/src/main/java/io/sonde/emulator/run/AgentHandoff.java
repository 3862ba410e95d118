package io.sonde.emulator.run;

import java.net.InetSocketAddress;
import java.nio.file.Path;

/**
 * Where the packets sinks deliver to hosts go, as a NIC agent in front of the host would
 * receive them (INT-MD over UDP, paper 002's encapsulation); any of the three, or none.
 *
 * @param feed each frame as one UDP datagram to this address, or null
 * @param pcap each frame into this pcap file, or null
 * @param truth the ground truth of each frame as JSON Lines, or null
 */
public record AgentHandoff(InetSocketAddress feed, Path pcap, Path truth) {

	/** No handoff. */
	public static final AgentHandoff NONE = new AgentHandoff(null, null, null);

	/** Whether packets are handed off at all. */
	public boolean enabled() {
		return this.feed != null || this.pcap != null || this.truth != null;
	}

}
