package io.sonde.p4programs.codec;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.List;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** The GPINT probe body and frame: layout, hop order, bounds and every rejection. */
class GpintProbeCodecTests {

	private static final byte[] SWITCH_MAC = Hex.bytes("02 00 00 00 5e 01");

	private static final byte[] MONITOR_MAC = Hex.bytes("02 00 00 00 c0 01");

	/**
	 * Request 77 (rule hits) after switches 11 (2 values) and 12 (1 value), 1 SR left.
	 */
	private static final byte[] TWO_HOPS = Hex.bytes("00 9a", // id 77 << 1 | type 0
			"00 01", "04 00 03", // SR count 1: port 4, MEA first 0, count 3
			"00 02", "0c 07 00 01", "0b 05 00 02", // DLV count 2, switch 12 first
			"00 03", "00 00 00 0c", // MEA count 3: switch 12's value
			"00 00 00 01", "ff ff ff ff"); // switch 11's values in index order

	@Test
	void decodesHopsInPathOrderWithTheirOwnMeasurements() throws MalformedTelemetry {
		GpintProbe probe = GpintProbeCodec.decode(TWO_HOPS, 0, TWO_HOPS.length, ProbeKind.MEASUREMENT);

		assertThat(probe.requestId()).isEqualTo(77);
		assertThat(probe.requestType()).isEqualTo(ProbeRequestType.RULE_HITS);
		assertThat(probe.sourceRoute()).containsExactly(new SourceRouteEntry(4, 0, 3));
		assertThat(probe.hops()).containsExactly(new ProbeHop(11, 5, List.of(1L, 0xFFFF_FFFFL)),
				new ProbeHop(12, 7, List.of(12L)));
		assertThat(probe.completed()).isFalse();
	}

	@Test
	void encodesWhatItDecodes() throws MalformedTelemetry {
		GpintProbe probe = GpintProbeCodec.decode(TWO_HOPS, 0, TWO_HOPS.length, ProbeKind.MEASUREMENT);

		assertThat(GpintProbeCodec.encode(probe)).isEqualTo(TWO_HOPS);
		assertThat(probe.bodyLength()).isEqualTo(TWO_HOPS.length);
	}

	@Test
	void aSwitchPopsItsEntryAndAddsItsHopAfterTheOthers() {
		GpintProbe fresh = GpintProbe.start(5, ProbeRequestType.PORT_PACKETS,
				List.of(new SourceRouteEntry(2, 1, 1), new SourceRouteEntry(0, 0, 0)));

		GpintProbe first = fresh.afterHop(new ProbeHop(1, 0, List.of(9L)));
		GpintProbe last = first.afterHop(new ProbeHop(2, 3, List.of()));

		assertThat(first.sourceRoute()).containsExactly(new SourceRouteEntry(0, 0, 0));
		assertThat(last.completed()).isTrue();
		assertThat(last.hops()).extracting(ProbeHop::switchId).containsExactly(1, 2);
		assertThatIllegalStateException().isThrownBy(() -> last.afterHop(new ProbeHop(3, 0, List.of())));
	}

	@Test
	void aFeedbackIsReqMetaAlone() throws MalformedTelemetry {
		GpintProbe feedback = GpintProbe.start(0x7FFF, ProbeRequestType.PORT_PACKETS, List.of()).feedback();

		byte[] body = GpintProbeCodec.encode(feedback);

		assertThat(body).isEqualTo(Hex.bytes("ff ff"));
		assertThat(GpintProbeCodec.decode(body, 0, 2, ProbeKind.FEEDBACK)).isEqualTo(feedback);
	}

	@Test
	void buildsAFeedbackFrameOf36Bytes() throws Exception {
		GpintProbe feedback = GpintProbe.start(77, ProbeRequestType.RULE_HITS, List.of()).feedback();

		byte[] frame = GpintProbeCodec.encodeFrame(feedback, SWITCH_MAC, MONITOR_MAC, monitor());

		assertThat(frame).hasSize(GpintWire.FEEDBACK_FRAME_BYTES);
		assertThat((frame[15] & 0xFF) >>> 2).isEqualTo(ProbeKind.FEEDBACK.dscp());
		assertThat(GpintProbeCodec.recogniseFrame(frame, 0, frame.length)).contains(ProbeKind.FEEDBACK);
		assertThat(GpintProbeCodec.decodeFrame(frame)).isEqualTo(feedback);
	}

	@Test
	void reframeKeepsTheHeaderAndFixesDscpLengthAndChecksum() throws Exception {
		GpintProbe fresh = GpintProbe.start(9, ProbeRequestType.RULE_HITS, List.of(new SourceRouteEntry(1, 0, 2)));
		byte[] sent = GpintProbeCodec.encodeFrame(fresh, SWITCH_MAC, MONITOR_MAC, monitor());
		sent[18] = 0x12; // identification, which the switch keeps

		GpintProbe recovered = fresh.afterHop(new ProbeHop(1, 0, List.of(3L, 4L))).withKind(ProbeKind.RECOVERY);
		byte[] frame = GpintProbeCodec.reframe(recovered, sent, 0, sent.length);

		assertThat(frame[18]).isEqualTo((byte) 0x12);
		assertThat(((frame[16] & 0xFF) << 8) | (frame[17] & 0xFF)).isEqualTo(20 + recovered.bodyLength());
		assertThat(ipv4HeaderSum(frame)).isEqualTo(0xFFFF);
		assertThat(GpintProbeCodec.decodeFrame(frame)).isEqualTo(recovered);
	}

	@Test
	void recognisesOnlyProtocol253WithAProbeDscp() throws Exception {
		byte[] frame = GpintProbeCodec.encodeFrame(GpintProbe.start(1, ProbeRequestType.RULE_HITS, List.of()),
				SWITCH_MAC, MONITOR_MAC, monitor());
		frame[15] = (byte) (0x17 << 2);
		assertThat(GpintProbeCodec.recogniseFrame(frame, 0, frame.length)).isEmpty();
		frame[15] = (byte) (0x1D << 2);
		frame[23] = 17;
		assertThat(GpintProbeCodec.recogniseFrame(frame, 0, frame.length)).isEmpty();
		assertThatExceptionOfType(MalformedTelemetry.class).isThrownBy(() -> GpintProbeCodec.decodeFrame(frame))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.UNKNOWN_TYPE));
	}

	@Test
	void rejectsAFrameShorterThanItsIpTotalLength() throws Exception {
		byte[] frame = GpintProbeCodec.encodeFrame(GpintProbe.start(1, ProbeRequestType.RULE_HITS, List.of()),
				SWITCH_MAC, MONITOR_MAC, monitor());

		assertThatExceptionOfType(MalformedTelemetry.class)
			.isThrownBy(() -> GpintProbeCodec.decodeFrame(frame, 0, frame.length - 1, ProbeLimits.DEFAULT))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.TRUNCATED));
	}

	@Test
	void rejectsAnSrStackCutShort() {
		rejects(TWO_HOPS, 5, Reason.TRUNCATED, "GPINT SR stack", 2, ProbeLimits.DEFAULT);
	}

	@Test
	void rejectsMeasurementsCutShort() {
		rejects(TWO_HOPS, TWO_HOPS.length - 1, Reason.TRUNCATED, "GPINT MEA stack", 17, ProbeLimits.DEFAULT);
	}

	@Test
	void rejectsAMeaCountTheDlvEntriesDoNotAddUpTo() {
		byte[] body = TWO_HOPS.clone();
		body[18] = 4;

		rejects(body, body.length, Reason.BAD_LENGTH, "GPINT MEA stack", 17, ProbeLimits.DEFAULT);
	}

	@Test
	void rejectsBytesAfterTheBody() {
		byte[] body = Hex.concat(TWO_HOPS, Hex.bytes("00"));

		rejects(body, body.length, Reason.BAD_LENGTH, "GPINT MEA stack", 17, ProbeLimits.DEFAULT);
	}

	@Test
	void rejectsMoreHopsThanTheLimitAllows() {
		ProbeLimits oneHop = new ProbeLimits(1, 16);

		rejects(TWO_HOPS, TWO_HOPS.length, Reason.HOP_COUNT_OVER_LIMIT, "GPINT DLV stack", 7, oneHop);
	}

	@Test
	void rejectsMoreSourceRouteEntriesThanTheLimitAllows() {
		ProbeLimits noHop = new ProbeLimits(0, 16);

		rejects(TWO_HOPS, TWO_HOPS.length, Reason.HOP_COUNT_OVER_LIMIT, "GPINT SR stack", 2, noHop);
	}

	@Test
	void rejectsMoreMeasurementsPerHopThanTheLimitAllows() {
		ProbeLimits oneMeasurement = new ProbeLimits(8, 1);

		rejects(TWO_HOPS, TWO_HOPS.length, Reason.MEASUREMENT_COUNT_OVER_LIMIT, "GPINT SR stack", 2, oneMeasurement);
		ProbeLimits twoMeasurements = new ProbeLimits(8, 2);
		GpintProbe probe = decodes(TWO_HOPS, new ProbeLimits(8, 3));
		assertThat(probe.measurementCount()).isEqualTo(3);
		rejects(TWO_HOPS, TWO_HOPS.length, Reason.MEASUREMENT_COUNT_OVER_LIMIT, "GPINT SR stack", 2, twoMeasurements);
	}

	@Test
	void refusesToBuildWhatTheWireCannotHold() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> GpintProbe.start(0x8000, ProbeRequestType.RULE_HITS, List.of()));
		assertThatIllegalArgumentException().isThrownBy(() -> new SourceRouteEntry(256, 0, 0));
		assertThatIllegalArgumentException().isThrownBy(() -> new ProbeHop(1, 0, List.of(0x1_0000_0000L)));
		assertThatIllegalArgumentException().isThrownBy(() -> new GpintProbe(ProbeKind.FEEDBACK, 1,
				ProbeRequestType.RULE_HITS, List.of(new SourceRouteEntry(1, 0, 0)), List.of()));
	}

	private static GpintProbe decodes(byte[] body, ProbeLimits limits) {
		try {
			return GpintProbeCodec.decode(body, 0, body.length, ProbeKind.MEASUREMENT, limits);
		}
		catch (MalformedTelemetry ex) {
			throw new AssertionError(ex);
		}
	}

	private static void rejects(byte[] body, int length, Reason reason, String header, int offset, ProbeLimits limits) {
		assertThatExceptionOfType(MalformedTelemetry.class)
			.isThrownBy(() -> GpintProbeCodec.decode(body, 0, length, ProbeKind.MEASUREMENT, limits))
			.satisfies((ex) -> {
				assertThat(ex.reason()).isEqualTo(reason);
				assertThat(ex.header()).isEqualTo(header);
				assertThat(ex.offset()).isEqualTo(offset);
			});
	}

	private static Inet4Address monitor() throws Exception {
		return (Inet4Address) InetAddress.getByAddress(new byte[] { (byte) 192, 0, 2, 100 });
	}

	private static int ipv4HeaderSum(byte[] frame) {
		int sum = 0;
		for (int i = 14; i < 34; i += 2) {
			sum += ((frame[i] & 0xFF) << 8) | (frame[i + 1] & 0xFF);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return sum;
	}

}
