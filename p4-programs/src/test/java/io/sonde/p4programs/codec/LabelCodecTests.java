package io.sonde.p4programs.codec;

import java.util.Arrays;
import java.util.List;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.codec.MalformedTelemetry.Reason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The INT-label layout laid out by hand: fields, order, restoration and every rejection.
 */
class LabelCodecTests {

	/** 10.0.0.1 -> 10.0.0.2, UDP 1000 -> 2000 with 4 payload bytes, IPv4 id 7, TTL 63. */
	private static final byte[] ORIGINAL = Hex.bytes("02 00 00 00 00 02 02 00 00 00 00 01 08 00",
			"45 00 00 20 00 07 40 00 3f 11 00 00 0a 00 00 01 0a 00 00 02", // checksum 0
			"03 e8 07 d0 00 0c 00 00", "de ad be ef");

	private static final LabelItem FIRST = new LabelItem(0x0A000001L, 1, 2, 0x0000_1234_5678_9ABCL, 17, 0, 5,
			LabelWire.TX_UTILIZATION_NOT_MEASURED, 0, LabelReason.INTERVAL);

	private static final LabelItem SECOND = new LabelItem(0x0A000002L, 3, 4, 0x0000_1234_5678_9AC0L, 0x8000_0000L, 1,
			0xFFFFFF, 0, 15, LabelReason.PROBABILITY);

	@Test
	void labelsAfterTheIpv4HeaderWithTheOriginalProtocolInNh() throws MalformedTelemetry {
		byte[] labeled = LabelCodec.encode(withChecksum(ORIGINAL), false, List.of(FIRST, SECOND));

		assertThat(labeled).hasSize(ORIGINAL.length + 2 + 64);
		assertThat(labeled[14 + 9] & 0xFF).isEqualTo(254);
		assertThat(u16(labeled, 14 + 2)).isEqualTo(0x20 + 2 + 64);
		assertThat(Arrays.copyOfRange(labeled, 34, 36)).isEqualTo(Hex.bytes("11 02"));
		assertThat(Arrays.copyOfRange(labeled, 36, 68)).isEqualTo(Hex.bytes("0a 00 00 01", "00 01", "00 02",
				"00 00 12 34 56 78 9a bc", "00 00 00 11", "00", "00 00 05", "ff ff ff ff", "00", "01", "00 00"));
		assertThat(Arrays.copyOfRange(labeled, 68, 100)).isEqualTo(Hex.bytes("0a 00 00 02", "00 03", "00 04",
				"00 00 12 34 56 78 9a c0", "80 00 00 00", "01", "ff ff ff", "00 00 00 00", "0f", "02", "00 00"));
		assertThat(Arrays.copyOfRange(labeled, 100, labeled.length))
			.isEqualTo(Arrays.copyOfRange(ORIGINAL, 34, ORIGINAL.length));
		assertThat(headerSum(labeled)).isEqualTo(0xFFFF);
	}

	@Test
	void decodesItemsInPathOrderWithAddressesAndPorts() throws MalformedTelemetry {
		LabeledPacket packet = LabelCodec
			.decode(LabelCodec.encode(withChecksum(ORIGINAL), false, List.of(FIRST, SECOND)));

		assertThat(packet.nextHeader()).isEqualTo(17);
		assertThat(packet.specificFlow()).isFalse();
		assertThat(packet.items()).containsExactly(FIRST, SECOND);
		assertThat(packet.intNum()).isEqualTo(2);
		assertThat(packet.source().getHostAddress()).isEqualTo("10.0.0.1");
		assertThat(packet.destination().getHostAddress()).isEqualTo("10.0.0.2");
		assertThat(packet.sourcePort()).isEqualTo(1000);
		assertThat(packet.destinationPort()).isEqualTo(2000);
		assertThat(packet.flow()).isEqualTo("10.0.0.1:1000>10.0.0.2:2000/17");
	}

	@Test
	void specificFlowKeepsBitSevenBesideTheCount() throws MalformedTelemetry {
		byte[] labeled = LabelCodec.encode(withChecksum(ORIGINAL), true, List.of(FIRST));

		assertThat(labeled[35] & 0xFF).isEqualTo(0x81);
		LabeledPacket packet = LabelCodec.decode(labeled);
		assertThat(packet.specificFlow()).isTrue();
		assertThat(packet.items()).containsExactly(FIRST);
		assertThat(packet.intNum()).isEqualTo(0x81);
	}

	@Test
	void restoresTheOriginalByteForByte() throws MalformedTelemetry {
		byte[] original = withChecksum(ORIGINAL);
		byte[] labeled = LabelCodec.encode(original, true, List.of(FIRST, SECOND));

		assertThat(LabelCodec.restore(labeled)).isEqualTo(original);
	}

	@Test
	void restoreIgnoresEthernetPadding() throws MalformedTelemetry {
		byte[] original = withChecksum(ORIGINAL);
		byte[] padded = Arrays.copyOf(LabelCodec.encode(original, false, List.of()), 80);

		assertThat(LabelCodec.restore(padded)).isEqualTo(original);
	}

	@Test
	void rejectsWhatIsNoLabeledPacket() {
		assertThatExceptionOfType(MalformedTelemetry.class).isThrownBy(() -> LabelCodec.decode(withChecksum(ORIGINAL)))
			.satisfies((ex) -> {
				assertThat(ex.reason()).isEqualTo(Reason.UNKNOWN_TYPE);
				assertThat(ex.header()).isEqualTo("INT-label IPv4 header");
			});
		assertThat(LabelCodec.recogniseFrame(ORIGINAL, 0, ORIGINAL.length)).isFalse();
	}

	@Test
	void namesTheItemThatIsCutShort() throws MalformedTelemetry {
		byte[] labeled = LabelCodec.encode(withChecksum(ORIGINAL), false, List.of(FIRST, SECOND));
		byte[] cut = Arrays.copyOf(labeled, 14 + 20 + 2 + 32 + 31);

		assertThat(LabelCodec.recogniseFrame(cut, 0, cut.length)).isTrue();
		assertThatExceptionOfType(MalformedTelemetry.class).isThrownBy(() -> LabelCodec.decode(cut)).satisfies((ex) -> {
			assertThat(ex.reason()).isEqualTo(Reason.TRUNCATED);
			assertThat(ex.header()).isEqualTo("INT-label item 2");
			assertThat(ex.offset()).isEqualTo(14 + 20 + 2 + 32);
		});
	}

	@Test
	void rejectsMoreItemsThanTheHeaderStackHolds() throws MalformedTelemetry {
		byte[] labeled = LabelCodec.encode(withChecksum(ORIGINAL), false, List.of(FIRST));
		labeled[35] = (byte) 0x89;

		assertThatExceptionOfType(MalformedTelemetry.class).isThrownBy(() -> LabelCodec.decode(labeled))
			.satisfies((ex) -> {
				assertThat(ex.reason()).isEqualTo(Reason.HOP_COUNT_OVER_LIMIT);
				assertThat(ex.header()).isEqualTo("INT-label option");
			});
	}

	@Test
	void rejectsAnUnknownReason() throws MalformedTelemetry {
		byte[] labeled = LabelCodec.encode(withChecksum(ORIGINAL), false, List.of(FIRST));
		labeled[36 + 29] = 4;

		assertThatExceptionOfType(MalformedTelemetry.class).isThrownBy(() -> LabelCodec.decode(labeled))
			.satisfies((ex) -> {
				assertThat(ex.reason()).isEqualTo(Reason.UNKNOWN_TYPE);
				assertThat(ex.header()).isEqualTo("INT-label item 1");
			});
	}

	@Test
	void decodesFromTheIpv4HeaderForOtherLinkTypes() throws MalformedTelemetry {
		byte[] labeled = LabelCodec.encode(withChecksum(ORIGINAL), false, List.of(SECOND));

		LabeledPacket packet = LabelCodec.decodeIpv4(labeled, 14, labeled.length - 14);
		assertThat(packet.items()).containsExactly(SECOND);
	}

	@Test
	void encodingRefusesPacketsAlreadyLabeledAndTooManyItems() {
		byte[] labeled = LabelCodec.encode(withChecksum(ORIGINAL), false, List.of(FIRST));

		assertThatIllegalArgumentException().isThrownBy(() -> LabelCodec.encode(labeled, false, List.of(FIRST)));
		assertThatIllegalArgumentException().isThrownBy(
				() -> LabelCodec.encode(withChecksum(ORIGINAL), false, java.util.Collections.nCopies(9, FIRST)));
	}

	@Test
	void itemsRejectValuesOutsideTheirFields() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LabelItem(1L << 32, 0, 0, 0, 0, 0, 0, 0, 0, LabelReason.INTERVAL));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LabelItem(0, 0, 0, 0, 0, 0, 1 << 24, 0, 0, LabelReason.INTERVAL));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LabelItem(0, 0, 0, 0, 0, 0, 0, 0, 256, LabelReason.INTERVAL));
		assertThat(LabelReason.of(3)).isEqualTo(LabelReason.SPECIFIC_FLOW);
		assertThatIllegalArgumentException().isThrownBy(() -> LabelReason.of(0));
	}

	@Test
	void wireConstantsAreSondeP4s() {
		assertThat(LabelWire.IP_PROTOCOL).isEqualTo(SondePipeline.IP_PROTO_INT_LABEL);
		assertThat(LabelWire.OPTION_BYTES).isEqualTo(SondePipeline.LABEL_OPTION_BYTES);
		assertThat(LabelWire.ITEM_BYTES).isEqualTo(SondePipeline.LABEL_ITEM_BYTES);
		assertThat(LabelWire.SPECIFIC_FLOW_BIT).isEqualTo(SondePipeline.LABEL_SPECIFIC_FLOW);
		assertThat(LabelWire.ITEM_COUNT_MASK).isEqualTo(SondePipeline.LABEL_COUNT_MASK);
		assertThat(LabelWire.MAX_LABEL_ITEMS).isEqualTo(SondePipeline.MAX_LABEL_ITEMS);
		for (LabelReason reason : LabelReason.values()) {
			assertThat(SondePipeline.LabelDecision.valueOf(reason.name()).code()).isEqualTo(reason.code());
		}
	}

	private static byte[] withChecksum(byte[] frame) {
		byte[] out = frame.clone();
		int sum = 0;
		for (int i = 0; i < 20; i += 2) {
			sum += u16(out, 14 + i);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		int checksum = ~sum & 0xFFFF;
		out[24] = (byte) (checksum >>> 8);
		out[25] = (byte) checksum;
		return out;
	}

	private static int headerSum(byte[] frame) {
		int sum = 0;
		for (int i = 0; i < 20; i += 2) {
			sum += u16(frame, 14 + i);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return sum;
	}

	private static int u16(byte[] data, int at) {
		return ((data[at] & 0xFF) << 8) | (data[at + 1] & 0xFF);
	}

}
