package io.sonde.emulator.report;

import java.util.Objects;

import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.InnerPacketKind;

/**
 * What an INT sink knows when it reports a packet: the values int_report.p4 puts into a
 * report, and the reported packet as the sink received it.
 *
 * @param hwId TR hw_id (6 bits)
 * @param sequenceNumber the sequence number register's value for this report (32 bits;
 * TR-2.0 carries its low 22 bits)
 * @param nodeId the sink's INT Node ID
 * @param repMdBits which of the sink's own values {@code sinkMetadata} holds (TR-2.0
 * RepMdBits)
 * @param sinkMetadata the sink's own metadata, in RepMdBits layout
 * @param ingressTimestamp when the packet entered the sink (the switch's clock)
 * @param packet the frame as received, Ethernet first (the report clone)
 * @param ipOffset where its IP header starts
 * @param innerEnd the end of its INT stack: the inner packet is truncated there
 * @param ipKind IPv4 or IPv6
 */
public record SinkReport(int hwId, long sequenceNumber, long nodeId, int repMdBits, IntHop sinkMetadata,
		long ingressTimestamp, byte[] packet, int ipOffset, int innerEnd, InnerPacketKind ipKind) {

	public SinkReport {
		Objects.requireNonNull(sinkMetadata, "sinkMetadata");
		Objects.requireNonNull(packet, "packet");
		Objects.requireNonNull(ipKind, "ipKind");
		Objects.checkFromToIndex(ipOffset, innerEnd, packet.length);
		if (ipKind == InnerPacketKind.ETHERNET) {
			throw new IllegalArgumentException("the inner packet of a sink report starts at its IP header");
		}
	}

}
