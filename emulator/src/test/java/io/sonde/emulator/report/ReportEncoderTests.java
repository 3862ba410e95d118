package io.sonde.emulator.report;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.InnerPacketKind;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdHeader;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.IntShim;
import io.sonde.p4programs.codec.IntVersion;
import io.sonde.p4programs.codec.ReportFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Report payload layouts held to the offsets of WIRE_FACTS B.2-B.4 (TR-2.0), C.4 (TR-1.0)
 * and C.3 (TR-0.5).
 */
class ReportEncoderTests {

	/**
	 * Ethernet 14 / IPv4 20 / UDP 8 / INT (shim, header, one switch-id hop) / 10 bytes.
	 */
	private static byte[] receivedFrame() {
		byte[] intBytes = IntMdCodec.encode(IntMdPacket.build(IntVersion.V2_1, IntShim.v2(0, 0),
				IntMdHeader.v2(0x8000, 1, 4), List.of(IntHop.of(Map.of(HopValue.SWITCH_ID, 7L))), List.of(), null));
		ByteBuffer frame = ByteBuffer.allocate(14 + 20 + 8 + intBytes.length + 10);
		frame.putLong(0x0200_0000_0001_0200L).putInt(0x0000_0002).putShort((short) 0x0800);
		frame.put((byte) 0x45).put((byte) (0x17 << 2)).putShort((short) (20 + 8 + intBytes.length + 10));
		frame.putInt(0).put((byte) 64).put((byte) 17).putShort((short) 0).putInt(0x0A00_0001).putInt(0x0A00_0102);
		frame.putShort((short) 5000)
			.putShort((short) 6000)
			.putShort((short) (8 + intBytes.length + 10))
			.putShort((short) 0);
		frame.put(intBytes).put(new byte[10]);
		return frame.array();
	}

	private static SinkReport report() {
		byte[] frame = receivedFrame();
		IntHop sink = IntHop.of(Map.of(HopValue.HOP_LATENCY, 250L));
		return new SinkReport(5, 0x40_0009L, 0xAABBCCDDL, 0x2000, sink, 0x1_2345_6789L, frame, 14, 14 + 20 + 8 + 20,
				InnerPacketKind.IPV4);
	}

	@Test
	void tr20PutsEveryFieldAtItsOffset() {
		byte[] payload = ReportEncoder.encode(ReportFormat.TR2_0, report());
		ByteBuffer in = ByteBuffer.wrap(payload);
		int word = in.getInt(0);
		assertThat(word >>> 28).as("Ver").isEqualTo(2);
		assertThat((word >>> 22) & 0x3F).as("hw_id").isEqualTo(5);
		assertThat(word & 0x3F_FFFF).as("sequence, low 22 bits").isEqualTo(9);
		assertThat(in.getInt(4) & 0xFFFF_FFFFL).as("Node ID").isEqualTo(0xAABBCCDDL);
		assertThat(payload[8] & 0xFF).as("RepType 1, InType 4").isEqualTo(0x14);
		// 2 fixed words + 1 metadata word + 48 inner bytes (IPv4 20, UDP 8, INT 20).
		assertThat(payload[9] & 0xFF).as("Report Length").isEqualTo(2 + 1 + 12);
		assertThat(payload[10] & 0xFF).as("MD Length").isEqualTo(1);
		assertThat(payload[11] & 0xFF).as("F").isEqualTo(0x20);
		assertThat(in.getShort(12) & 0xFFFF).as("RepMdBits").isEqualTo(0x2000);
		assertThat(in.getInt(20)).as("hop latency").isEqualTo(250);
		assertThat(payload).hasSize(24 + 48);
		assertThat(payload[24]).as("inner IPv4 header").isEqualTo((byte) 0x45);
	}

	@Test
	void tr10HasTheFixedHeaderAndTheEthernetFrame() {
		byte[] payload = ReportEncoder.encode(ReportFormat.TR1_0, report());
		ByteBuffer in = ByteBuffer.wrap(payload);
		int word = in.getInt(0);
		assertThat(word >>> 28).as("Ver").isEqualTo(1);
		assertThat((word >>> 24) & 0xF).as("Length").isEqualTo(4);
		assertThat((word >>> 21) & 0x7).as("NProt Ethernet").isZero();
		assertThat((word >>> 15) & 0x3F).as("RepMdBits").isZero();
		assertThat((word >>> 6) & 1).as("F").isEqualTo(1);
		assertThat(word & 0x3F).as("hw_id").isEqualTo(5);
		assertThat(in.getInt(4) & 0xFFFF_FFFFL).isEqualTo(0xAABBCCDDL);
		assertThat(in.getInt(8)).as("32-bit sequence").isEqualTo(0x40_0009);
		assertThat(in.getInt(12)).as("ingress timestamp, low 32 bits").isEqualTo(0x2345_6789);
		assertThat(payload).hasSize(16 + 14 + 48);
		assertThat(in.getShort(16 + 12)).as("inner EtherType").isEqualTo((short) 0x0800);
	}

	@Test
	void tr05HasTheFixedHeaderAndTheEthernetFrame() {
		byte[] payload = ReportEncoder.encode(ReportFormat.TR0_5, report());
		ByteBuffer in = ByteBuffer.wrap(payload);
		int word = in.getInt(0);
		assertThat(word >>> 28).as("Ver").isZero();
		assertThat((word >>> 24) & 0xF).as("NProto Ethernet").isZero();
		assertThat((word >>> 21) & 1).as("F").isEqualTo(1);
		assertThat(word & 0x3F).isEqualTo(5);
		assertThat(in.getInt(4)).isEqualTo(0x40_0009);
		assertThat(in.getInt(8)).isEqualTo(0x2345_6789);
		assertThat(payload).hasSize(12 + 14 + 48);
	}

	@Test
	void aReportMustStartItsInnerPacketAtIp() {
		SinkReport valid = report();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SinkReport(0, 0, 0, 0, valid.sinkMetadata(), 0, valid.packet(), 0, 10,
					InnerPacketKind.ETHERNET))
			.withMessageContaining("IP header");
	}

}
