package io.sonde.p4programs.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of the telemetry report codec over random valid reports and random or
 * damaged bytes.
 */
class TelemetryReportPropertyTests {

	@Property(tries = 2000)
	void validReportsRoundTrip(@ForAll Random random) throws MalformedTelemetry {
		byte[] content = RandomTelemetry.content(random);
		TelemetryReport report = RandomTelemetry.report(random);

		byte[] wire = TelemetryReportCodec.encode(report, content);
		TelemetryReport decoded = TelemetryReportCodec.decode(wire, 0, wire.length);

		assertThat(view(decoded, wire)).isEqualTo(view(report, content));
		assertThat(TelemetryReportCodec.encode(decoded, wire)).isEqualTo(wire);
	}

	@Property(tries = 2000)
	void randomBytesDecodeOrFailWithTheTypedError(@ForAll @Size(max = 300) byte[] data) {
		decodeOrFailTyped(data);
	}

	@Property(tries = 2000)
	void damagedEncodingsDecodeOrFailWithTheTypedError(@ForAll Random random) {
		byte[] wire = TelemetryReportCodec.encode(RandomTelemetry.report(random), RandomTelemetry.content(random));

		decodeOrFailTyped(Damage.apply(random, wire));
	}

	/** Decodes; a decoded report must stay inside the window and encode again. */
	private static void decodeOrFailTyped(byte[] data) {
		TelemetryReportCodec.recognise(data, 0, data.length);
		TelemetryReport decoded;
		try {
			decoded = TelemetryReportCodec.decode(data, 0, data.length);
		}
		catch (MalformedTelemetry expected) {
			assertThat(expected.reason()).isNotNull();
			assertThat(expected.offset()).isBetween(0, data.length);
			return;
		}
		for (InnerPacket packet : decoded.innerPackets()) {
			assertThat(packet.offset() + packet.length()).isLessThanOrEqualTo(data.length);
		}
		byte[] again = TelemetryReportCodec.encode(decoded, data);
		try {
			assertThat(TelemetryReportCodec.decode(again, 0, again.length).format()).isEqualTo(decoded.format());
		}
		catch (MalformedTelemetry ex) {
			throw new AssertionError("the encoding of a decoded report does not decode: " + Arrays.toString(data), ex);
		}
	}

	/**
	 * A report with every range replaced by the bytes it names, comparable across arrays.
	 */
	static List<Object> view(TelemetryReport report, byte[] source) {
		List<Object> view = new ArrayList<>(
				Arrays.asList(report.format(), report.hardwareId(), report.sequence(), report.nodeId()));
		if (report instanceof TelemetryReportV20 v20) {
			for (IndividualReport individual : v20.reports()) {
				view.addAll(Arrays.asList(individual.repType(), individual.inType(), individual.dropped(),
						individual.congestedQueue(), individual.trackedFlow(), individual.intermediate(),
						individual.metadata(), (individual.domainSpecificData() != null)
								? bytes(source, individual.domainSpecificData()) : null));
				for (ReportTlv tlv : individual.tlvs()) {
					view.addAll(List.of(tlv.type(), tlv.dataTemplate(), bytes(source, tlv.data())));
				}
			}
		}
		else if (report instanceof TelemetryReportV10 v10) {
			view.addAll(List.of(v10.repMdBits(), v10.dropped(), v10.congestedQueue(), v10.trackedFlow(),
					v10.ingressTimestamp(), v10.metadata()));
		}
		else if (report instanceof TelemetryReportV05 v05) {
			view.addAll(Arrays.asList(v05.nextProtocol(), v05.dropped(), v05.congestedQueue(), v05.trackedFlow(),
					v05.ingressTimestamp(), v05.metadata()));
		}
		for (InnerPacket packet : report.innerPackets()) {
			view.addAll(List.of(packet.kind(), bytes(source, new ByteRange(packet.offset(), packet.length()))));
		}
		return view;
	}

	private static String bytes(byte[] source, ByteRange range) {
		return HexFormat.of().formatHex(source, range.offset(), range.offset() + range.length());
	}

}
