package io.sonde.p4programs.capture;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.sonde.p4programs.capture.CaptureReader.Format;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads files written by Wireshark's text2pcap, editcap and mergecap and expects what
 * tshark shows for them (see src/test/resources/capture/README.md).
 */
class ThirdPartyCaptureTests {

	@Test
	void readsText2pcapsPcapngWithNanosecondTimestamps() throws Exception {
		try (CaptureReader reader = Fixtures.open("ipv4-udp.pcapng")) {
			assertThat(reader.format()).isEqualTo(Format.PCAPNG);
			List<CapturedFrame> frames = CaptureFrames.drain(reader);

			// tshark -r ipv4-udp.pcapng -T fields -e frame.number -e frame.time_epoch
			// -e frame.len -e frame.cap_len -e frame.interface_id
			// 1 1700000000.123456789 60 60 0
			// 2 1700000000.500000001 60 60 0
			// 3 1700000001.000999999 74 74 0
			assertThat(frames).extracting(CapturedFrame::number).containsExactly(1L, 2L, 3L);
			assertThat(frames).extracting(CapturedFrame::timestamp)
				.containsExactly(Instant.parse("2023-11-14T22:13:20.123456789Z"),
						Instant.parse("2023-11-14T22:13:20.500000001Z"),
						Instant.parse("2023-11-14T22:13:21.000999999Z"));
			assertThat(frames).extracting(CapturedFrame::originalLength).containsExactly(60, 60, 74);
			assertThat(frames).extracting((frame) -> frame.data().length).containsExactly(60, 60, 74);
			assertThat(frames).extracting(CapturedFrame::interfaceId).containsExactly(0, 0, 0);
			// capinfos: Encapsulation = Ethernet (1 - ether)
			assertThat(frames).extracting(CapturedFrame::linkTypeCode).containsOnly(LinkType.ETHERNET.code());
		}
	}

	@Test
	void findsText2pcapsPayloadsBehindItsDummyHeaders() throws Exception {
		List<CapturedFrame> frames = Fixtures.frames("ipv4-udp.pcapng");
		List<byte[]> payloads = Fixtures.hexDumpFrames("udp-payloads.txt");

		// Ethernet (14) + IPv4 (20) + UDP (8) come before the payload.
		for (int i = 0; i < payloads.size(); i++) {
			byte[] data = frames.get(i).data();
			assertThat(Arrays.copyOfRange(data, 42, 42 + payloads.get(i).length)).isEqualTo(payloads.get(i));
		}
	}

	@Test
	void readsEditcapsMicrosecondPcap() throws Exception {
		try (CaptureReader reader = Fixtures.open("ipv4-udp-microseconds.pcap")) {
			assertThat(reader.format()).isEqualTo(Format.PCAP_MICROSECONDS);
			List<CapturedFrame> frames = CaptureFrames.drain(reader);

			// tshark -r ipv4-udp-microseconds.pcap -T fields -e frame.number
			// -e frame.time_epoch -e frame.len -e frame.cap_len
			// 1 1700000000.123456000 60 60
			// 2 1700000000.500000000 60 60
			// 3 1700000001.000999000 74 74
			assertThat(frames).extracting(CapturedFrame::timestamp)
				.containsExactly(Instant.parse("2023-11-14T22:13:20.123456Z"),
						Instant.parse("2023-11-14T22:13:20.500Z"), Instant.parse("2023-11-14T22:13:21.000999Z"));
			assertThat(frames).extracting(CapturedFrame::originalLength).containsExactly(60, 60, 74);
			assertThat(frames).extracting((frame) -> frame.data().length).containsExactly(60, 60, 74);
			assertThat(frames).extracting(CapturedFrame::linkType).containsOnly(Optional.of(LinkType.ETHERNET));
		}
		// The same frames as the pcapng they were converted from.
		List<CapturedFrame> pcapng = Fixtures.frames("ipv4-udp.pcapng");
		List<CapturedFrame> pcap = Fixtures.frames("ipv4-udp-microseconds.pcap");
		for (int i = 0; i < pcap.size(); i++) {
			assertThat(pcap.get(i).data()).isEqualTo(pcapng.get(i).data());
		}
	}

	@Test
	void readsEditcapsNanosecondPcap() throws Exception {
		try (CaptureReader reader = Fixtures.open("ipv6-tcp-nanoseconds.pcap")) {
			// capinfos: File type: Wireshark/tcpdump/... - nanosecond pcap
			assertThat(reader.format()).isEqualTo(Format.PCAP_NANOSECONDS);
			List<CapturedFrame> frames = CaptureFrames.drain(reader);

			// tshark -r ipv6-tcp-nanoseconds.pcap -T fields -e frame.number
			// -e frame.time_epoch -e frame.len -e frame.cap_len
			// 1 1709251199.999999999 90 90
			// 2 1709251200.000000001 91 91
			assertThat(frames).extracting(CapturedFrame::timestamp)
				.containsExactly(Instant.parse("2024-02-29T23:59:59.999999999Z"),
						Instant.parse("2024-03-01T00:00:00.000000001Z"));
			assertThat(frames).extracting(CapturedFrame::originalLength).containsExactly(90, 91);
			assertThat(frames).extracting((frame) -> frame.data().length).containsExactly(90, 91);
		}
	}

	@Test
	void readsWholeFramesExactlyAsText2pcapWroteThem() throws Exception {
		List<CapturedFrame> frames = Fixtures.frames("tagged-frames.pcapng");
		List<byte[]> written = Fixtures.hexDumpFrames("tagged-frames.txt");

		// tshark -r tagged-frames.pcapng -T fields -e frame.number
		// -e frame.time_epoch -e frame.len
		// 1 1714557600.000000001 64
		// 2 1714557600.000000002 98
		// 3 1714557600.000000003 86
		// 4 1714557600.000000004 66
		// 5 1714557600.000000005 60
		// 6 1714557600.000000006 60
		assertThat(frames).extracting(CapturedFrame::originalLength).containsExactly(64, 98, 86, 66, 60, 60);
		assertThat(frames).extracting(CapturedFrame::timestamp)
			.containsExactly(Instant.ofEpochSecond(1_714_557_600L, 1), Instant.ofEpochSecond(1_714_557_600L, 2),
					Instant.ofEpochSecond(1_714_557_600L, 3), Instant.ofEpochSecond(1_714_557_600L, 4),
					Instant.ofEpochSecond(1_714_557_600L, 5), Instant.ofEpochSecond(1_714_557_600L, 6));
		assertThat(frames).hasSameSizeAs(written);
		for (int i = 0; i < written.size(); i++) {
			assertThat(frames.get(i).data()).as("frame %d", i + 1).isEqualTo(written.get(i));
		}
	}

	@Test
	void readsMergecapsInterfacesOfDifferentLinkTypes() throws Exception {
		List<CapturedFrame> frames = Fixtures.frames("mixed-links.pcapng");

		// tshark -r mixed-links.pcapng -T fields -e frame.number -e frame.interface_id
		// -e frame.time_epoch -e frame.len
		// 1 0 1714561200.100000000 52
		// 2 1 1714561200.200000000 52
		// capinfos: Interface #0 Linux cooked-mode capture v2, #1 Raw IP
		assertThat(frames).extracting(CapturedFrame::interfaceId).containsExactly(0, 1);
		assertThat(frames).extracting(CapturedFrame::timestamp)
			.containsExactly(Instant.parse("2024-05-01T11:00:00.100Z"), Instant.parse("2024-05-01T11:00:00.200Z"));
		assertThat(frames).extracting(CapturedFrame::originalLength).containsExactly(52, 52);
		assertThat(frames).extracting(CapturedFrame::linkType)
			.containsExactly(Optional.of(LinkType.LINUX_SLL2), Optional.of(LinkType.RAW));
		assertThat(frames.get(0).data()).isEqualTo(Fixtures.hexDumpFrames("sll2.txt").get(0));
		assertThat(frames.get(1).data()).isEqualTo(Fixtures.hexDumpFrames("raw-ipv6.txt").get(0));
	}

}
