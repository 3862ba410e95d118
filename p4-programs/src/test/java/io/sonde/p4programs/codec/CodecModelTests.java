package io.sonde.p4programs.codec;

import java.util.List;
import java.util.Map;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The value types: JSON names, limits, markers, and what the encoders refuse to write.
 */
class CodecModelTests {

	@Test
	void namesReasonsAndValuesForJson() {
		assertThat(Reason.HOP_COUNT_OVER_LIMIT.jsonName()).isEqualTo("hop_count_over_limit");
		assertThat(Reason.TRUNCATED.jsonName()).isEqualTo("truncated");
		assertThat(HopValue.SWITCH_ID.jsonName()).isEqualTo("switch_id");
		assertThat(HopValue.L2_EGRESS_PORT.jsonName()).isEqualTo("l2_egress_port");
		assertThat(ReportFormat.TR2_0.jsonName()).isEqualTo("TR2.0");
	}

	@Test
	void describesTheHeaderAndOffsetInTheMessage() {
		MalformedTelemetry error = new MalformedTelemetry(Reason.BAD_LENGTH, "INT-MD header v2.1", 46, "too long");

		assertThat(error).hasMessage("bad_length: INT-MD header v2.1 at offset 46: too long");
	}

	@Test
	void matchesDscpMarkersUnderTheirMask() {
		assertThat(DscpMarker.SPEC_EXAMPLE.matches(0x17)).isTrue();
		assertThat(DscpMarker.SPEC_EXAMPLE.matches(0x16)).isFalse();
		assertThat(DscpMarker.ONOS_FABRIC_BIT.matches(0x03)).isTrue();
		assertThat(DscpMarker.ONOS_FABRIC_BIT.matches(0x02)).isFalse();
		assertThat(DscpMarker.ANY.matches(0x2A)).isTrue();
		assertThat(DecodeLimits.DEFAULT.marksInt(0x20)).isTrue();
		assertThat(DecodeLimits.DEFAULT.marksInt(0x00)).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> new DscpMarker(0x40, 0x3F));
		assertThatIllegalArgumentException().isThrownBy(() -> DecodeLimits.DEFAULT.withMaxHops(-1));
	}

	@Test
	void ordersHopValuesByTheBitmapWhateverTheInsertionOrder() {
		IntHop hop = IntHop.of(Map.of(HopValue.EGRESS_TS, 2L, HopValue.SWITCH_ID, 1L, HopValue.QUEUE_ID, 3L));

		assertThat(hop.values().keySet()).containsExactly(HopValue.SWITCH_ID, HopValue.QUEUE_ID, HopValue.EGRESS_TS);
		assertThat(hop.value(HopValue.HOP_LATENCY)).isNull();
		assertThatIllegalArgumentException().isThrownBy(() -> new IntHop(Map.of(), List.of(0x1_0000_0000L)));
	}

	@Test
	void refusesToEncodeAHopWhoseValuesDoNotMatchTheBitmap() {
		IntHop wrong = IntHop.of(Map.of(HopValue.HOP_LATENCY, 5L));

		assertThatIllegalArgumentException()
			.isThrownBy(() -> IntMdCodec.encode(IntMdPacket.build(IntVersion.V2_1, IntShim.v2(0, 0),
					IntMdHeader.v2(0x8000, 1, 4), List.of(wrong), List.of(), null)))
			.withMessageContaining("SWITCH_ID");
	}

	@Test
	void refusesToEncodeHopsThatDoNotFillHopMl() {
		IntHop hop = IntHop.of(Map.of(HopValue.SWITCH_ID, 5L));

		assertThatIllegalArgumentException()
			.isThrownBy(() -> IntMdCodec.encode(IntMdPacket.build(IntVersion.V1_0, IntShim.legacy(0),
					IntMdHeader.v1(0x8000, 2, 4), List.of(hop), List.of(), null)))
			.withMessageContaining("Hop ML");
	}

	@Test
	void refusesToEncodeAValueWiderThanItsField() {
		IntHop hop = IntHop.of(Map.of(HopValue.INGRESS_PORT, 0x1_0000L, HopValue.EGRESS_PORT, 1L));

		assertThatIllegalArgumentException()
			.isThrownBy(() -> IntMdCodec.encode(IntMdPacket.build(IntVersion.V2_1, IntShim.v2(0, 0),
					IntMdHeader.v2(0x4000, 1, 4), List.of(hop), List.of(), null)))
			.withMessageContaining("INGRESS_PORT");
	}

	@Test
	void refusesToEncodeAShimLengthThatDisagreesWithTheStack() {
		IntMdPacket built = IntMdPacket.build(IntVersion.V2_1, IntShim.v2(0, 0), IntMdHeader.v2(0x8000, 1, 4),
				List.of(), List.of(), null);
		IntMdPacket wrongLength = new IntMdPacket(built.version(), built.shim().withLength(9), built.header(),
				built.hops(), built.sourceOnlyWords(), null, built.endOffset());

		assertThatIllegalArgumentException().isThrownBy(() -> IntMdCodec.encode(wrongLength))
			.withMessageContaining("shim Length");
	}

	@Test
	void refusesSourceOnlyMetadataADecoderWouldReadAsAHop() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> IntMdCodec.encode(IntMdPacket.build(IntVersion.V2_1, IntShim.v2(0, 0),
					IntMdHeader.v2(0x8000, 1, 4).withDomainSpecific(7, 0, 0), List.of(), List.of(1L), null)));
		assertThatIllegalArgumentException().isThrownBy(() -> IntMdCodec.encode(IntMdPacket.build(IntVersion.V2_1,
				IntShim.v2(0, 0), IntMdHeader.v2(0x8000, 2, 4), List.of(), List.of(1L), null)));
	}

	@Test
	void refusesInnerContentsThatDoNotMatchTheInType() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new IndividualReport(0, 4, false, false, false, false, null, List.of(), null, null));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new IndividualReport(2, 0, false, false, false, false, null, List.of(), null, null));
	}

	@Test
	void refusesInnerRangesOutsideTheContent() {
		IndividualReport report = new IndividualReport(0, 4, false, false, false, false, null, List.of(), null,
				new InnerPacket(InnerPacketKind.IPV4, 30, 20));

		assertThatIllegalArgumentException().isThrownBy(
				() -> TelemetryReportCodec.encode(new TelemetryReportV20(0L, 0L, 0L, List.of(report)), new byte[40]));
	}

}
