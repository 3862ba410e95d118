package io.sonde.emulator.report;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

import io.sonde.p4programs.codec.ReportFormat;

/**
 * One telemetry report as a switch emitted it: the whole frame (Ethernet / IPv4 / UDP /
 * report, as int_report.p4 encapsulates it) and where its UDP payload, the report proper,
 * starts.
 *
 * @param frame the frame bytes, exactly as long as the frame
 * @param payloadOffset where the UDP payload starts in {@code frame}
 */
public record ReportFrame(byte[] frame, int payloadOffset) {

	private static final int ETHERNET_BYTES = 14;

	private static final int UDP_BYTES = 8;

	public ReportFrame {
		Objects.requireNonNull(frame, "frame");
		Objects.checkIndex(payloadOffset, frame.length);
	}

	/**
	 * A copy of an Ethernet (optionally 802.1Q) / IPv4 / UDP frame, as a network's report
	 * sink receives it.
	 * @throws IllegalArgumentException when the bytes are not such a frame with a payload
	 */
	public static ReportFrame copyOf(byte[] frame, int offset, int length) {
		Objects.checkFromIndexSize(offset, length, frame.length);
		int payload = udpPayloadOffset(frame, offset, length);
		if (payload < 0) {
			throw new IllegalArgumentException(
					"a report frame is Ethernet / IPv4 / UDP with a payload; these " + length + " bytes are not");
		}
		return new ReportFrame(Arrays.copyOfRange(frame, offset, offset + length), payload - offset);
	}

	/**
	 * Where the UDP payload of an Ethernet / IPv4 / UDP frame starts, or -1 when the
	 * bytes are not such a frame with a payload.
	 */
	static int udpPayloadOffset(byte[] frame, int offset, int length) {
		int end = offset + length;
		int ip = offset + ETHERNET_BYTES;
		if (ip > end) {
			return -1;
		}
		int etherType = u16(frame, ip - 2);
		if (etherType == 0x8100 && ip + 4 <= end) {
			etherType = u16(frame, ip + 2);
			ip += 4;
		}
		if (etherType != 0x0800 || ip + 20 > end || (frame[ip] & 0xF0) != 0x40 || frame[ip + 9] != 17) {
			return -1;
		}
		int payload = ip + 4 * (frame[ip] & 0x0F) + UDP_BYTES;
		return (payload < end) ? payload : -1;
	}

	private static int u16(byte[] bytes, int at) {
		return ((bytes[at] & 0xFF) << 8) | (bytes[at + 1] & 0xFF);
	}

	/** Bytes of the UDP payload. */
	public int payloadLength() {
		return this.frame.length - this.payloadOffset;
	}

	/** A copy of the UDP payload. */
	public byte[] payload() {
		return Arrays.copyOfRange(this.frame, this.payloadOffset, this.frame.length);
	}

	/**
	 * The report format by the payload's first nibble (WIRE_FACTS C.6: 0 TR-0.5, 1
	 * TR-1.0, 2 TR-2.0); empty for any other.
	 */
	public Optional<ReportFormat> format() {
		return switch ((this.frame[this.payloadOffset] & 0xF0) >>> 4) {
			case 0 -> Optional.of(ReportFormat.TR0_5);
			case 1 -> Optional.of(ReportFormat.TR1_0);
			case 2 -> Optional.of(ReportFormat.TR2_0);
			default -> Optional.empty();
		};
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof ReportFrame that && this.payloadOffset == that.payloadOffset
				&& Arrays.equals(this.frame, that.frame);
	}

	@Override
	public int hashCode() {
		return 31 * Arrays.hashCode(this.frame) + this.payloadOffset;
	}

	@Override
	public String toString() {
		return "ReportFrame[" + this.frame.length + " bytes, payload at " + this.payloadOffset + "]";
	}

}
