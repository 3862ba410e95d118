package io.sonde.p4programs.codec;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Telling INT-MD apart from ordinary TCP/UDP payloads (WIRE_FACTS C.6, INT-2.1 §5.7.2).
 */
class IntMdRecognitionTests {

	private static final int DSCP_INT = 0x17;

	private static final int DSCP_BEST_EFFORT = 0;

	@Test
	void recognisesEachVersionWhenTheDscpMarksInt() {
		assertThat(recognise(IntMdV2CodecTests.TWO_HOPS_DSCP, DSCP_INT)).contains(IntVersion.V2_1);
		assertThat(recognise(IntMdV1CodecTests.TWO_HOPS, DSCP_INT)).contains(IntVersion.V1_0);
		assertThat(recognise(IntMdV05CodecTests.TWO_HOPS, DSCP_INT)).contains(IntVersion.V0_5);
	}

	@Test
	void recognisesTheDscpMarkingsRealSwitchesUse() {
		byte[] data = IntMdV1CodecTests.TWO_HOPS;

		assertThat(recognise(data, 0x20)).contains(IntVersion.V1_0); // GEANT
		assertThat(recognise(data, 0x01)).contains(IntVersion.V1_0); // ONOS fabric bit
		assertThat(recognise(data, 0x2F)).contains(IntVersion.V1_0); // DSCP with that bit
		assertThat(recognise(data, 0x0A)).isEmpty();
	}

	@Test
	void needsNoDscpWhenTheShimSaysTheUdpHeaderBelongsToInt() {
		assertThat(recognise(IntMdV2CodecTests.ALL_VALUES_NPT1, DSCP_BEST_EFFORT)).contains(IntVersion.V2_1);
		assertThat(recognise(IntMdV2CodecTests.TWO_HOPS_DSCP, DSCP_BEST_EFFORT)).isEmpty();
	}

	@Test
	void followsTheConfiguredMarkers() {
		DecodeLimits onlyGeant = DecodeLimits.DEFAULT.withIntDscpMarkers(List.of(DscpMarker.GEANT));
		DecodeLimits contentOnly = DecodeLimits.DEFAULT.withIntDscpMarkers(List.of(DscpMarker.ANY));
		byte[] data = IntMdV2CodecTests.TWO_HOPS_DSCP;

		assertThat(IntMdCodec.recognise(data, 0, data.length, DSCP_INT, onlyGeant)).isEmpty();
		assertThat(IntMdCodec.recognise(data, 0, data.length, 0x20, onlyGeant)).contains(IntVersion.V2_1);
		assertThat(IntMdCodec.recognise(data, 0, data.length, DSCP_BEST_EFFORT, contentOnly)).contains(IntVersion.V2_1);
	}

	@Test
	void rejectsOrdinaryPayloadsEvenWhenTheDscpMarksInt() {
		byte[] http = "GET / HTTP/1.1\r\nHost: example\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
		byte[] tls = Hex.bytes("16 03 01 02 00 01 00 01 FC 03 03");
		byte[] zeros = new byte[32];
		byte[] mx = Hex.bytes("30 03 00 00", "20 00 00 00", "00 00 00 00", "00 00 00 00");

		assertThat(recognise(http, DSCP_INT)).isEmpty();
		assertThat(recognise(tls, DSCP_INT)).isEmpty();
		assertThat(recognise(zeros, DSCP_INT)).isEmpty();
		assertThat(recognise(mx, DSCP_INT)).isEmpty();
	}

	@Test
	void rejectsShimsWhoseHeaderVersionDoesNotMatch() {
		byte[] v2ShimV1Header = Hex.bytes("10 03 00 00", "10 00 00 00", "00 00 00 00", "00 00 00 00");
		byte[] reservedBitsSet = Hex.bytes("11 03 00 00", "20 00 00 00", "00 00 00 00", "00 00 00 00");

		assertThat(recognise(v2ShimV1Header, DSCP_INT)).isEmpty();
		assertThat(recognise(reservedBitsSet, DSCP_INT)).isEmpty();
	}

	@Test
	void recognisesATruncatedPacketSoItsDecodeErrorCanBeReported() {
		byte[] data = IntMdV2CodecTests.TWO_HOPS_DSCP;

		assertThat(IntMdCodec.recognise(data, 0, 8, DSCP_INT, DecodeLimits.DEFAULT)).contains(IntVersion.V2_1);
		assertThat(IntMdCodec.recognise(data, 0, 4, DSCP_INT, DecodeLimits.DEFAULT)).isEmpty();
	}

	private static Optional<IntVersion> recognise(byte[] data, int dscp) {
		return IntMdCodec.recognise(data, 0, data.length, dscp, DecodeLimits.DEFAULT);
	}

}
