package io.sonde.p4programs.decode;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.DecodeLimits;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.LabelWire;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.ProbeKind;
import io.sonde.p4programs.codec.ProbeLimits;
import io.sonde.p4programs.codec.TelemetryReport;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.packet.DissectedFrame;
import io.sonde.p4programs.packet.FrameDissector;
import io.sonde.p4programs.packet.MalformedFrame;

/**
 * Decides what a captured frame is and decodes it: a GPINT probe (IPv4 protocol 253 with
 * a probe DSCP), an INT-label packet (IPv4 protocol 254), a telemetry report (recognised
 * by content on any UDP port, or any UDP datagram to the forced report port), else INT-MD
 * at the start of a TCP or UDP payload or in a GRE, VXLAN-GPE or Geneve header, else not
 * telemetry. Never throws for bad input: every failure becomes an
 * {@link UndecodableFrame} with the typed error's reason.
 */
public final class FrameDecoder {

	private final OptionalInt reportPort;

	private final DecodeLimits limits;

	private final ReportFrames reports;

	/**
	 * @param reportPort UDP destination port whose datagrams are decoded as reports
	 * without recognising them first; empty to rely on content alone
	 * @param limits hop limit and INT DSCP markings
	 */
	public FrameDecoder(OptionalInt reportPort, DecodeLimits limits) {
		this.reportPort = reportPort;
		this.limits = limits;
		this.reports = new ReportFrames(limits);
	}

	/** A decoder with content recognition only and the codecs' default limits. */
	public FrameDecoder() {
		this(OptionalInt.empty(), DecodeLimits.DEFAULT);
	}

	/**
	 * @param number the frame number printed
	 * @param linkType the capture's link type; empty when the file names one we do not
	 * know
	 * @param data the captured bytes
	 */
	public DecodedFrame decode(long number, Optional<LinkType> linkType, byte[] data) {
		if (linkType.isEmpty()) {
			return new UndecodableFrame(number, "unsupported_link_type");
		}
		try {
			DissectedFrame packet = FrameDissector.dissect(linkType.get(), data, 0, data.length);
			return decodePacket(number, packet, data);
		}
		catch (MalformedFrame ex) {
			return undecodable(number, ex);
		}
		catch (MalformedTelemetry ex) {
			return new UndecodableFrame(number, ex.reason().jsonName());
		}
	}

	/**
	 * Decodes the packet a telemetry report carries, for a caller that received the
	 * report as a UDP payload and decoded it already: the same reading {@link #decode}
	 * gives a frame that holds that payload.
	 * @param number the frame number printed
	 * @param report the report, decoded from {@code data}
	 * @param data the bytes the report was decoded from
	 */
	public DecodedFrame decodeReport(long number, TelemetryReport report, byte[] data) {
		try {
			return this.reports.frame(number, report, data);
		}
		catch (MalformedFrame ex) {
			return undecodable(number, ex);
		}
		catch (MalformedTelemetry ex) {
			return new UndecodableFrame(number, ex.reason().jsonName());
		}
	}

	private static UndecodableFrame undecodable(long number, MalformedFrame ex) {
		return (ex.reason() == MalformedFrame.Reason.NOT_IP)
				? new UndecodableFrame(number, UndecodableFrame.NOT_TELEMETRY)
				: new UndecodableFrame(number, ex.reason().name().toLowerCase(Locale.ROOT));
	}

	private DecodedFrame decodePacket(long number, DissectedFrame packet, byte[] data)
			throws MalformedTelemetry, MalformedFrame {
		Optional<ProbeKind> probe = (packet.ipVersion() == 4 && packet.vlanTags().isEmpty()
				&& packet.carriesUpperHeader()) ? GpintProbeCodec.recognise(packet.protocol(), packet.dscp())
						: Optional.empty();
		if (probe.isPresent()) {
			return new ProbeFrame(number, packet.srcIp(), packet.dstIp(), GpintProbeCodec.decode(data,
					packet.payloadOffset(), packet.payloadLength(), probe.get(), ProbeLimits.DEFAULT));
		}
		if (packet.ipVersion() == 4 && packet.vlanTags().isEmpty() && packet.carriesUpperHeader()
				&& packet.protocol() == LabelWire.IP_PROTOCOL) {
			return new LabelFrame(number,
					LabelCodec.decodeIpv4(data, packet.ipOffset(), data.length - packet.ipOffset()));
		}
		if (IntPackets.hasPorts(packet) && packet.protocol() == IntPackets.PROTOCOL_UDP && isReport(packet, data)) {
			return this.reports.decode(number, packet, data);
		}
		Optional<IntPackets.IntReading> reading = IntPackets.read(packet, data, this.limits);
		if (reading.isEmpty()) {
			return new UndecodableFrame(number, UndecodableFrame.NOT_TELEMETRY);
		}
		return new TelemetryFrame(number, TelemetryFrame.INT_MD, null, null, null, reading.get().flow(),
				reading.get().stack());
	}

	private boolean isReport(DissectedFrame packet, byte[] data) {
		if (this.reportPort.isPresent() && this.reportPort.getAsInt() == packet.dstPort()) {
			return true;
		}
		return TelemetryReportCodec.recognise(data, packet.payloadOffset(), packet.payloadLength()).isPresent();
	}

}
