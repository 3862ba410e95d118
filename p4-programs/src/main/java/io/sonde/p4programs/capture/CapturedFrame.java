package io.sonde.p4programs.capture;

import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * One frame read from a capture file.
 *
 * @param number 1-based position of the frame in the whole file, across pcapng sections
 * @param timestamp when the frame was captured; {@link Instant#EPOCH} for a pcapng Simple
 * Packet Block, which carries no timestamp
 * @param linkTypeCode the LINKTYPE_ code of the interface the frame was captured on
 * @param linkType that code as a {@link LinkType}, empty when Sonde does not know it
 * @param interfaceId the pcapng interface id within the frame's section (0 for classic
 * pcap)
 * @param data the captured bytes (at most the snapshot length)
 * @param originalLength the length of the frame on the wire, which may exceed
 * {@code data.length} when the capture was cut short
 */
public record CapturedFrame(long number, Instant timestamp, int linkTypeCode, Optional<LinkType> linkType,
		int interfaceId, byte[] data, int originalLength) {

	/** Whether the capture holds fewer bytes than the frame had on the wire. */
	public boolean isTruncated() {
		return this.data.length < this.originalLength;
	}

	/** Frames are equal when their bytes are, not only when they share an array. */
	@Override
	public boolean equals(Object other) {
		return other instanceof CapturedFrame that && this.number == that.number
				&& this.timestamp.equals(that.timestamp) && this.linkTypeCode == that.linkTypeCode
				&& this.linkType.equals(that.linkType) && this.interfaceId == that.interfaceId
				&& Arrays.equals(this.data, that.data) && this.originalLength == that.originalLength;
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.number, this.timestamp, this.linkTypeCode, this.interfaceId, this.originalLength) * 31
				+ Arrays.hashCode(this.data);
	}

	@Override
	public String toString() {
		return "CapturedFrame[number=" + this.number + ", timestamp=" + this.timestamp + ", linkTypeCode="
				+ this.linkTypeCode + ", interfaceId=" + this.interfaceId + ", captured=" + this.data.length
				+ ", originalLength=" + this.originalLength + "]";
	}

}
