package io.sonde.p4programs.codec;

import java.net.Inet4Address;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * Reads and writes GPINT probes (p4-programs/README.md "GPINT probes"): the probe body
 * after the IPv4 header, and whole Ethernet frames. Decoding reads only inside the given
 * window, which must be exactly the IPv4 payload (the IPv4 total length bounds it), and
 * fails with {@link MalformedTelemetry} for anything it cannot decode or that is over the
 * {@link ProbeLimits}.
 */
public final class GpintProbeCodec {

	private static final int DSCP_SHIFT = 2;

	private static final int DONT_FRAGMENT = 0x4000;

	private GpintProbeCodec() {
	}

	/** The probe kind of an IPv4 packet, empty when it is no GPINT packet. */
	public static Optional<ProbeKind> recognise(int ipProtocol, int dscp) {
		return (ipProtocol == GpintWire.IP_PROTOCOL) ? ProbeKind.ofDscp(dscp) : Optional.empty();
	}

	/**
	 * Decodes a probe body.
	 * @param data the bytes
	 * @param offset where Req META starts (right after the IPv4 header)
	 * @param length the rest of the IPv4 payload: the body must fill it exactly
	 * @param kind the kind the DSCP marks
	 * @param limits the hop and measurement bounds
	 * @throws IndexOutOfBoundsException when the window is not inside {@code data}
	 * @throws MalformedTelemetry when the body is cut short ({@code TRUNCATED}), its
	 * counts disagree or bytes follow it ({@code BAD_LENGTH}), or it is over a bound
	 */
	public static GpintProbe decode(byte[] data, int offset, int length, ProbeKind kind, ProbeLimits limits)
			throws MalformedTelemetry {
		Objects.requireNonNull(kind, "kind");
		WireReader reader = new WireReader(data, offset, length);
		reader.begin("GPINT Req META");
		int meta = reader.u16();
		int requestId = meta >>> 1;
		ProbeRequestType type = ProbeRequestType.ofBit(meta & 1);
		if (kind == ProbeKind.FEEDBACK) {
			requireEnd(reader);
			return new GpintProbe(kind, requestId, type, List.of(), List.of());
		}
		List<SourceRouteEntry> route = sourceRoute(reader, limits);
		List<ProbeHop> hops = hops(reader, limits);
		requireEnd(reader);
		return new GpintProbe(kind, requestId, type, route, hops);
	}

	/** {@link #decode} with {@link ProbeLimits#DEFAULT}. */
	public static GpintProbe decode(byte[] data, int offset, int length, ProbeKind kind) throws MalformedTelemetry {
		return decode(data, offset, length, kind, ProbeLimits.DEFAULT);
	}

	/**
	 * The probe body's wire bytes: Req META and, but for a feedback, the three stacks.
	 */
	public static byte[] encode(GpintProbe probe) {
		byte[] out = new byte[probe.bodyLength()];
		encodeInto(probe, out, 0);
		return out;
	}

	/**
	 * Writes the probe body into {@code target} from {@code offset}.
	 * @return the offset after the last byte written
	 * @throws IllegalArgumentException when {@code target} is too short
	 */
	public static int encodeInto(GpintProbe probe, byte[] target, int offset) {
		WireWriter writer = new WireWriter(target, offset);
		writer.u16((probe.requestId() << 1) | probe.requestType().bit());
		if (probe.kind() == ProbeKind.FEEDBACK) {
			return writer.position();
		}
		writer.u16(probe.sourceRoute().size());
		for (SourceRouteEntry entry : probe.sourceRoute()) {
			writer.u8(entry.nextPort());
			writer.u8(entry.firstIndex());
			writer.u8(entry.count());
		}
		List<ProbeHop> newestFirst = new ArrayList<>(probe.hops());
		Collections.reverse(newestFirst);
		writer.u16(newestFirst.size());
		for (ProbeHop hop : newestFirst) {
			writer.u8(hop.switchId());
			writer.u8(hop.queueDepth());
			writer.u16(hop.measurements().size());
		}
		writer.u16(probe.measurementCount());
		for (ProbeHop hop : newestFirst) {
			hop.measurements().forEach(writer::u32);
		}
		return writer.position();
	}

	/**
	 * A whole probe frame as the monitoring module sends it: Ethernet, IPv4 (IHL 5, DSCP
	 * of the kind, identification 0, DF, TTL 64, protocol 253, valid checksum, source and
	 * destination the monitoring module's address), the body. Not padded.
	 * @param destinationMac 6 bytes
	 * @param sourceMac 6 bytes
	 * @param monitor the monitoring module's address
	 */
	public static byte[] encodeFrame(GpintProbe probe, byte[] destinationMac, byte[] sourceMac, Inet4Address monitor) {
		if (destinationMac.length != 6 || sourceMac.length != 6) {
			throw new IllegalArgumentException("MAC addresses are 6 bytes");
		}
		byte[] header = new byte[GpintWire.ETHERNET_HEADER_BYTES + GpintWire.IPV4_HEADER_BYTES];
		System.arraycopy(destinationMac, 0, header, 0, 6);
		System.arraycopy(sourceMac, 0, header, 6, 6);
		WireWriter writer = new WireWriter(header, 12);
		writer.u16(GpintWire.ETHERTYPE_IPV4);
		writer.u8(0x45);
		writer.u8(0);
		writer.u16(0);
		writer.u16(0);
		writer.u16(DONT_FRAGMENT);
		writer.u8(GpintWire.TTL);
		writer.u8(GpintWire.IP_PROTOCOL);
		writer.u16(0);
		byte[] address = monitor.getAddress();
		writer.bytes(address, 0, 4);
		writer.bytes(address, 0, 4);
		return reframe(probe, header, 0, header.length);
	}

	/**
	 * The probe's frame on the Ethernet and IPv4 header of another frame (a received
	 * probe): addresses, identification, flags and TTL kept; DSCP set to the probe's
	 * kind, total length and header checksum recomputed; ECN kept.
	 * @param template a frame starting with an Ethernet header and an IPv4 header
	 * @param offset where the template frame starts
	 * @param length bytes of the template frame
	 * @throws IllegalArgumentException when the template has no whole untagged IPv4
	 * header
	 */
	public static byte[] reframe(GpintProbe probe, byte[] template, int offset, int length) {
		Objects.checkFromIndexSize(offset, length, template.length);
		int headerLength = (length > GpintWire.ETHERNET_HEADER_BYTES)
				? (template[offset + GpintWire.ETHERNET_HEADER_BYTES] & 0x0F) * 4 : 0;
		if (headerLength < GpintWire.IPV4_HEADER_BYTES || length < GpintWire.ETHERNET_HEADER_BYTES + headerLength
				|| u16(template, offset + 12) != GpintWire.ETHERTYPE_IPV4) {
			throw new IllegalArgumentException("template is no Ethernet frame with a whole IPv4 header");
		}
		int ip = GpintWire.ETHERNET_HEADER_BYTES;
		byte[] out = new byte[ip + headerLength + probe.bodyLength()];
		System.arraycopy(template, offset, out, 0, ip + headerLength);
		out[ip + 1] = (byte) ((probe.kind().dscp() << DSCP_SHIFT) | (out[ip + 1] & 0x03));
		int totalLength = headerLength + probe.bodyLength();
		out[ip + 2] = (byte) (totalLength >>> 8);
		out[ip + 3] = (byte) totalLength;
		out[ip + 9] = (byte) GpintWire.IP_PROTOCOL;
		out[ip + 10] = 0;
		out[ip + 11] = 0;
		int checksum = ipv4Checksum(out, ip, headerLength);
		out[ip + 10] = (byte) (checksum >>> 8);
		out[ip + 11] = (byte) checksum;
		encodeInto(probe, out, ip + headerLength);
		return out;
	}

	/**
	 * The probe kind of an Ethernet frame, empty unless it is untagged IPv4 with protocol
	 * 253 and a probe DSCP. Looks at the headers only: the frame may still fail to
	 * {@link #decodeFrame decode}.
	 */
	public static Optional<ProbeKind> recogniseFrame(byte[] frame, int offset, int length) {
		Objects.checkFromIndexSize(offset, length, frame.length);
		int ip = offset + GpintWire.ETHERNET_HEADER_BYTES;
		if (length < GpintWire.ETHERNET_HEADER_BYTES + GpintWire.IPV4_HEADER_BYTES
				|| u16(frame, offset + 12) != GpintWire.ETHERTYPE_IPV4 || (frame[ip] & 0xF0) != 0x40) {
			return Optional.empty();
		}
		return recognise(frame[ip + 9] & 0xFF, (frame[ip + 1] & 0xFF) >>> DSCP_SHIFT);
	}

	/**
	 * Decodes a whole probe frame (a PacketIn's payload): Ethernet, IPv4, body; the IPv4
	 * total length bounds the body, so Ethernet padding is ignored.
	 * @throws MalformedTelemetry {@code UNKNOWN_TYPE} when the frame is no probe
	 * ({@link #recogniseFrame}), {@code TRUNCATED} or {@code BAD_LENGTH} when the IPv4
	 * header's lengths do not fit, or as {@link #decode}
	 */
	public static GpintProbe decodeFrame(byte[] frame, int offset, int length, ProbeLimits limits)
			throws MalformedTelemetry {
		Optional<ProbeKind> kind = recogniseFrame(frame, offset, length);
		int ip = GpintWire.ETHERNET_HEADER_BYTES;
		if (kind.isEmpty()) {
			throw new MalformedTelemetry(Reason.UNKNOWN_TYPE, "GPINT IPv4 header", ip,
					"not untagged IPv4 with protocol " + GpintWire.IP_PROTOCOL + " and a probe DSCP");
		}
		int headerLength = (frame[offset + ip] & 0x0F) * 4;
		int totalLength = u16(frame, offset + ip + 2);
		if (headerLength < GpintWire.IPV4_HEADER_BYTES || totalLength < headerLength) {
			throw new MalformedTelemetry(Reason.BAD_LENGTH, "GPINT IPv4 header", ip,
					"IHL " + headerLength + " bytes, total length " + totalLength);
		}
		if (ip + totalLength > length) {
			throw new MalformedTelemetry(Reason.TRUNCATED, "GPINT IPv4 header", ip,
					"total length " + totalLength + ", " + (length - ip) + " bytes in the frame");
		}
		return decode(frame, offset + ip + headerLength, totalLength - headerLength, kind.get(), limits);
	}

	/**
	 * {@link #decodeFrame(byte[], int, int, ProbeLimits)} of a whole array, default
	 * limits.
	 */
	public static GpintProbe decodeFrame(byte[] frame) throws MalformedTelemetry {
		return decodeFrame(frame, 0, frame.length, ProbeLimits.DEFAULT);
	}

	private static List<SourceRouteEntry> sourceRoute(WireReader reader, ProbeLimits limits) throws MalformedTelemetry {
		reader.begin("GPINT SR stack");
		int count = reader.u16();
		if (count > limits.maxHops()) {
			throw reader.error(Reason.HOP_COUNT_OVER_LIMIT,
					"SR count " + count + " over the limit of " + limits.maxHops());
		}
		reader.require(count * GpintWire.SR_ENTRY_BYTES, count + " SR entries");
		List<SourceRouteEntry> route = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			SourceRouteEntry entry = new SourceRouteEntry(reader.u8(), reader.u8(), reader.u8());
			if (entry.count() > limits.maxMeasurementsPerHop()) {
				throw reader.error(Reason.MEASUREMENT_COUNT_OVER_LIMIT, "SR entry " + (i + 1) + " asks for "
						+ entry.count() + " measurements, over the limit of " + limits.maxMeasurementsPerHop());
			}
			route.add(entry);
		}
		return route;
	}

	private static List<ProbeHop> hops(WireReader reader, ProbeLimits limits) throws MalformedTelemetry {
		reader.begin("GPINT DLV stack");
		int count = reader.u16();
		if (count > limits.maxHops()) {
			throw reader.error(Reason.HOP_COUNT_OVER_LIMIT,
					"DLV count " + count + " over the limit of " + limits.maxHops());
		}
		reader.require(count * GpintWire.DLV_ENTRY_BYTES, count + " DLV entries");
		int[][] dlv = new int[count][];
		int sum = 0;
		for (int i = 0; i < count; i++) {
			dlv[i] = new int[] { reader.u8(), reader.u8(), reader.u16() };
			if (dlv[i][2] > limits.maxMeasurementsPerHop()) {
				throw reader.error(Reason.MEASUREMENT_COUNT_OVER_LIMIT, "DLV entry " + (i + 1) + " has " + dlv[i][2]
						+ " measurements, over the limit of " + limits.maxMeasurementsPerHop());
			}
			sum += dlv[i][2];
		}
		reader.begin("GPINT MEA stack");
		int meaCount = reader.u16();
		if (meaCount != sum) {
			throw reader.error(Reason.BAD_LENGTH,
					"MEA count " + meaCount + ", the DLV entries' measurement counts add up to " + sum);
		}
		reader.require(meaCount * GpintWire.MEASUREMENT_BYTES, meaCount + " measurements");
		List<ProbeHop> pathOrder = new ArrayList<>(count);
		for (int[] entry : dlv) {
			List<Long> values = new ArrayList<>(entry[2]);
			for (int j = 0; j < entry[2]; j++) {
				values.add(reader.u32());
			}
			pathOrder.add(new ProbeHop(entry[0], entry[1], values));
		}
		Collections.reverse(pathOrder);
		return pathOrder;
	}

	private static void requireEnd(WireReader reader) throws MalformedTelemetry {
		if (reader.remaining() != 0) {
			throw reader.error(Reason.BAD_LENGTH, reader.remaining() + " bytes after the probe body");
		}
	}

	private static int u16(byte[] data, int at) {
		return ((data[at] & 0xFF) << 8) | (data[at + 1] & 0xFF);
	}

	/** RFC 791 header checksum (RFC 1071 one's-complement sum). */
	private static int ipv4Checksum(byte[] data, int offset, int length) {
		int sum = 0;
		for (int i = 0; i < length; i += 2) {
			sum += u16(data, offset + i);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return ~sum & 0xFFFF;
	}

}
