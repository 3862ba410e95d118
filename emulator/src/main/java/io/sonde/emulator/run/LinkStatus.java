package io.sonde.emulator.run;

import io.sonde.emulator.net.LinkParameters;

/**
 * One link of a running network as the control channel reports it.
 *
 * @param name {@code a<->b}, its two ends as {@code node:port}
 * @param a one end, {@code node:port}
 * @param b the other end
 * @param up false while the link is cut
 * @param parameters what it does to packets now
 * @param configured what the topology gave it (what a clear returns to)
 * @param deliveredPackets frames delivered, both directions
 * @param lostPackets frames lost to its loss probability
 * @param droppedWhileDown frames dropped while it was down
 */
public record LinkStatus(String name, String a, String b, boolean up, LinkParameters parameters,
		LinkParameters configured, long deliveredPackets, long lostPackets, long droppedWhileDown) {

	/** Whether the link does something else than the topology says. */
	public boolean changed() {
		return !this.parameters.equals(this.configured);
	}

}
