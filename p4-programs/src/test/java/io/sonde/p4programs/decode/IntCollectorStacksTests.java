package io.sonde.p4programs.decode;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * INTCollector's test reports (TR1.0 Length 1, INT v1.0 layout with Ver 0, one word per
 * instruction, 16/16 queue words, inner DSCP 0) and where that tolerance stops; the
 * golden vectors hold the frames.
 */
class IntCollectorStacksTests {

	private static final String REPORT = "thirdparty_intcollector_test_report_3h";

	/** Where the reported frame starts: Ethernet, IPv4, UDP, the 16-byte TR1.0 header. */
	private static final int INNER = 14 + 20 + 8 + 16;

	/** The reported IPv4 header's DSCP / ECN byte. */
	private static final int INNER_TOS = INNER + 14 + 1;

	private final FrameDecoder decoder = new FrameDecoder();

	@Test
	void readsQueueWordsAsSixteenBitIdsAboveSixteenBitValues() {
		TelemetryFrame frame = (TelemetryFrame) decode(GoldenFiles.frame(REPORT));

		assertThat(JsonLines.line(frame)).isEqualTo(GoldenFiles.expectedJson(REPORT));
		List<IntHop> hops = frame.intStack().hops();
		// Bit 3 of switch 11 (nearest the source) is 1 << 16 | 61441;
		// bit 6 is 1 << 16 | 711.
		assertThat(hops.get(0).value(HopValue.QUEUE_ID)).isEqualTo(1L);
		assertThat(hops.get(0).value(HopValue.QUEUE_OCCUPANCY)).isEqualTo(61441L);
		assertThat(hops.get(0).value(HopValue.CONGESTION_QUEUE_ID)).isEqualTo(1L);
		assertThat(hops.get(0).value(HopValue.QUEUE_CONGESTION_STATUS)).isEqualTo(711L);
		assertThat(frame.intStack().version()).isZero();
		assertThat(frame.intStack().remainingHopCount()).isEqualTo(3);
	}

	@Test
	void findsIntWithoutTheDscpOnlyInReportsWithTheGeneratorsLength() {
		byte[] trueLength = GoldenFiles.frame(REPORT);
		trueLength[14 + 20 + 8] = 0x14; // Ver 1, Length 4: a header as TR-1.0 writes it

		TelemetryFrame frame = (TelemetryFrame) decode(trueLength);

		assertThat(frame.format()).isEqualTo("TR1.0");
		assertThat(frame.flow()).isNotNull();
		assertThat(frame.intStack()).as("DSCP 0 announces no INT").isNull();
	}

	@Test
	void readsTheSameStackInADataPacketThatTheDscpAnnounces() {
		byte[] report = GoldenFiles.frame(REPORT);
		byte[] data = Arrays.copyOfRange(report, INNER, report.length);
		data[INNER_TOS - INNER] = 0x17 << 2;

		TelemetryFrame frame = (TelemetryFrame) decode(data);

		assertThat(frame.format()).isEqualTo(TelemetryFrame.INT_MD);
		assertThat(frame.intStack()).isEqualTo(((TelemetryFrame) decode(report)).intStack());
	}

	@Test
	void leavesStacksThatKeepV05sLengthRuleToV05() {
		for (String vector : List.of("int_md_v0_5_udp_all_3h", "int_md_v0_5_udp_swid_3h",
				"thirdparty_intcollector_v0_5_report_2h")) {
			assertThat(JsonLines.line(decode(GoldenFiles.frame(vector)))).as(vector)
				.isEqualTo(GoldenFiles.expectedJson(vector));
		}
		// Ins Cnt 1, Total Hop Count 2, Length 6: v0.5's rule holds, though Hop ML (byte
		// 6, Max Hop Count here) 1 would fit INTCollector's reading too.
		byte[] shim = { 1, 0, 6, 0, 0x00, 0x01, 0x01, 0x02, (byte) 0x80, 0, 0, 0 };
		assertThat(IntCollectorStacks.matches(shim, 0, shim.length)).isFalse();
	}

	private DecodedFrame decode(byte[] frame) {
		return this.decoder.decode(1, Optional.of(LinkType.ETHERNET), frame);
	}

}
