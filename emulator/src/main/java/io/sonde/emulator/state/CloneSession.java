package io.sonde.emulator.state;

import java.util.List;

/**
 * A clone session the control plane configured with a {@code CloneSessionEntry}
 * (P4Runtime spec §9.5.2), as the data plane uses it: a packet cloned to this session
 * gets one copy per replica, sent to the replica's egress port, cut to
 * {@link #packetLengthBytes()} when that is not 0.
 *
 * @param sessionId the session id (never 0)
 * @param replicas where the copies go, in the order the controller gave them
 * @param classOfService the class of service of the copies
 * @param packetLengthBytes the length copies are truncated to; 0 = not truncated
 */
public record CloneSession(int sessionId, List<Replica> replicas, int classOfService, int packetLengthBytes) {

	public CloneSession {
		replicas = List.copyOf(replicas);
		if (packetLengthBytes < 0) {
			throw new IllegalArgumentException("a truncation length cannot be negative: " + packetLengthBytes);
		}
	}

	/** One copy of a cloned packet: the port it leaves by and its instance number. */
	public record Replica(int egressPort, int instance) {

	}

	/** Whether copies are cut to {@link #packetLengthBytes()}. */
	public boolean truncates() {
		return this.packetLengthBytes > 0;
	}

	/**
	 * The length of a copy of a packet of {@code packetBytes} bytes: the packet's own, or
	 * the truncation length when that is shorter.
	 */
	public int copyLength(int packetBytes) {
		return truncates() ? Math.min(packetBytes, this.packetLengthBytes) : packetBytes;
	}

	/** The egress port of the first replica, or -1 when the session has none. */
	public int firstEgressPort() {
		return this.replicas.isEmpty() ? -1 : this.replicas.get(0).egressPort();
	}

	/** The egress ports of the replicas, in order. */
	public List<Integer> egressPorts() {
		return this.replicas.stream().map(Replica::egressPort).toList();
	}

}
