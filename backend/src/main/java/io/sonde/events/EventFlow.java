package io.sonde.events;

import java.util.Objects;

/**
 * A flow 5-tuple.
 *
 * @param srcIp dotted IPv4 or RFC 5952 IPv6
 * @param dstIp dotted IPv4 or RFC 5952 IPv6
 * @param srcPort 0 when the protocol has none
 * @param dstPort 0 when the protocol has none
 * @param protocol IP protocol number
 */
public record EventFlow(String srcIp, String dstIp, int srcPort, int dstPort, int protocol) {

	public EventFlow {
		Objects.requireNonNull(srcIp, "srcIp");
		Objects.requireNonNull(dstIp, "dstIp");
	}

	/** {@code 10.0.0.2:5000>10.1.0.3:6000/17}: stable, for keys and filters. */
	@Override
	public String toString() {
		return this.srcIp + ":" + this.srcPort + ">" + this.dstIp + ":" + this.dstPort + "/" + this.protocol;
	}

}
