package io.sonde.e2e.bmv2;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * GPINT probe frames as /work/wt/GPINT-DECISIONS.md and p4-programs/README.md lay them
 * out (paper 001 Fig. 4), written byte by byte so the BMv2 test does not depend on the
 * Java codec it is meant to check: Ethernet / IPv4 (protocol 253, no options, TTL 64,
 * monitor address both ways) / Req META / SR stack / DLV stack / MEA values, every field
 * big-endian.
 */
final class GpintProbeFrames {

	static final int DSCP_MEASUREMENT = 0x1D;

	static final int DSCP_FEEDBACK = 0x19;

	static final int DSCP_RECOVERY = 0x21;

	static final byte[] MONITOR_MAC = { 0x02, 0x00, 0x00, 0x00, 0x0E, 0x01 };

	static final byte[] FIRST_SWITCH_MAC = { 0x02, 0x00, 0x00, 0x00, 0x0E, 0x02 };

	private GpintProbeFrames() {
	}

	/** One SR entry: where the probe leaves, and the switch's MEA range. */
	record SrEntry(int nextPort, int meaFirst, int meaCount) {
	}

	/** One hop's DLV entry and its measurements in index order. */
	record Hop(int switchId, int queueDepth, List<Long> measurements) {
	}

	/**
	 * A probe frame.
	 * @param hopsNewestFirst the DLV entries and their values, the last switch first
	 */
	static byte[] probe(int dscp, int requestId, int requestType, List<SrEntry> sr, List<Hop> hopsNewestFirst) {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		short16(body, (requestId << 1) | requestType);
		short16(body, sr.size());
		for (SrEntry entry : sr) {
			body.write(entry.nextPort());
			body.write(entry.meaFirst());
			body.write(entry.meaCount());
		}
		short16(body, hopsNewestFirst.size());
		int measurements = 0;
		for (Hop hop : hopsNewestFirst) {
			body.write(hop.switchId());
			body.write(hop.queueDepth());
			short16(body, hop.measurements().size());
			measurements += hop.measurements().size();
		}
		short16(body, measurements);
		for (Hop hop : hopsNewestFirst) {
			for (long value : hop.measurements()) {
				body.writeBytes(ByteBuffer.allocate(4).putInt((int) value).array());
			}
		}
		return frame(MONITOR_MAC, FIRST_SWITCH_MAC, dscp, body.toByteArray());
	}

	/**
	 * The feedback answering a probe that went from {@code probeSource} to
	 * {@code probeDestination}: MACs swapped, DSCP 0x19, Req META only (36 bytes).
	 */
	static byte[] feedback(byte[] probeSource, byte[] probeDestination, int requestId, int requestType) {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		short16(body, (requestId << 1) | requestType);
		return frame(probeDestination, probeSource, DSCP_FEEDBACK, body.toByteArray());
	}

	private static byte[] frame(byte[] source, byte[] destination, int dscp, byte[] body) {
		ByteBuffer frame = ByteBuffer.allocate(14 + 20 + body.length);
		frame.put(destination).put(source).putShort((short) 0x0800);
		int ip = frame.position();
		frame.put((byte) 0x45)
			.put((byte) (dscp << 2))
			.putShort((short) (20 + body.length))
			.putShort((short) 0)
			.putShort((short) 0)
			.put((byte) 64)
			.put((byte) 253)
			.putShort((short) 0)
			.put(new byte[] { 127, 0, 0, 1 })
			.put(new byte[] { 127, 0, 0, 1 });
		frame.put(body);
		byte[] bytes = frame.array();
		int checksum = checksum(bytes, ip, 20);
		bytes[ip + 10] = (byte) (checksum >>> 8);
		bytes[ip + 11] = (byte) checksum;
		return bytes;
	}

	/** The RFC 791 header checksum of {@code length} bytes at {@code offset}. */
	static int checksum(byte[] bytes, int offset, int length) {
		long sum = 0;
		for (int i = offset; i < offset + length; i += 2) {
			sum += ((bytes[i] & 0xFF) << 8) | (bytes[i + 1] & 0xFF);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return (int) (~sum & 0xFFFF);
	}

	/** The DSCP of a frame's IPv4 header. */
	static int dscp(byte[] frame) {
		return (frame[15] & 0xFF) >>> 2;
	}

	private static void short16(ByteArrayOutputStream out, int value) {
		out.write(value >>> 8);
		out.write(value);
	}

}
