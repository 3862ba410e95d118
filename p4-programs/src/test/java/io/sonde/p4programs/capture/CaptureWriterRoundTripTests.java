package io.sonde.p4programs.capture;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import io.sonde.p4programs.capture.CaptureReader.Format;
import io.sonde.p4programs.capture.PcapWriter.Resolution;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CaptureWriterRoundTripTests {

	private static final Instant WHEN = Instant.ofEpochSecond(1_700_000_000L, 123_456_789);

	@Test
	void writesAMicrosecondPcapFileThatReadsBack(@TempDir Path folder) throws Exception {
		Path file = folder.resolve("link.pcap");
		byte[] first = CaptureBytes.frameBytes(64, 1);
		byte[] second = CaptureBytes.frameBytes(100, 2);
		try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET, 65535, Resolution.MICROSECONDS)) {
			writer.write(WHEN, first);
			writer.write(WHEN.plusMillis(1), second, 10, 50);
		}

		byte[] bytes = Files.readAllBytes(file);
		// Little-endian microsecond header: magic, version 2.4, snaplen, link type.
		ByteBuffer header = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
		assertThat(header.getInt(0)).isEqualTo(0xa1b2c3d4);
		assertThat(header.getShort(4)).isEqualTo((short) 2);
		assertThat(header.getShort(6)).isEqualTo((short) 4);
		assertThat(header.getInt(16)).isEqualTo(65535);
		assertThat(header.getInt(20)).isEqualTo(1);
		try (CaptureReader reader = CaptureReader.open(file)) {
			assertThat(reader.format()).isEqualTo(Format.PCAP_MICROSECONDS);
			List<CapturedFrame> frames = CaptureFrames.drain(reader);
			assertThat(frames).hasSize(2);
			assertThat(frames.get(0).timestamp()).isEqualTo(Instant.ofEpochSecond(1_700_000_000L, 123_456_000));
			assertThat(frames.get(0).data()).isEqualTo(first);
			assertThat(frames.get(1).timestamp()).isEqualTo(Instant.ofEpochSecond(1_700_000_000L, 124_456_000));
			assertThat(frames.get(1).data()).isEqualTo(Arrays.copyOfRange(second, 10, 60));
			assertThat(frames.get(1).originalLength()).isEqualTo(50);
		}
	}

	@Test
	void writesANanosecondBigEndianPcapStream() throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (PcapWriter writer = PcapWriter.create(out, LinkType.RAW, 1500, Resolution.NANOSECONDS,
				ByteOrder.BIG_ENDIAN)) {
			writer.write(WHEN, CaptureBytes.frameBytes(20, 1));
		}

		assertThat(Arrays.copyOf(out.toByteArray(), 4)).containsExactly((byte) 0xa1, (byte) 0xb2, (byte) 0x3c,
				(byte) 0x4d);
		CapturedFrame frame = CaptureFrames.readAll(out.toByteArray()).get(0);
		assertThat(frame.timestamp()).isEqualTo(WHEN);
		assertThat(frame.linkType()).contains(LinkType.RAW);
	}

	@Test
	void cutsFramesToTheSnapshotLengthAndKeepsTheirOriginalLength() throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		byte[] frame = CaptureBytes.frameBytes(200, 7);
		try (PcapWriter writer = PcapWriter.create(out, LinkType.ETHERNET, 128, Resolution.MICROSECONDS,
				ByteOrder.LITTLE_ENDIAN)) {
			writer.write(WHEN, frame);
		}

		CapturedFrame read = CaptureFrames.readAll(out.toByteArray()).get(0);

		assertThat(read.data()).isEqualTo(Arrays.copyOf(frame, 128));
		assertThat(read.originalLength()).isEqualTo(200);
	}

	@Test
	void refusesWhatTheFormatCannotHold() {
		ByteArrayOutputStream out = new ByteArrayOutputStream();

		assertThatIllegalArgumentException().isThrownBy(
				() -> PcapWriter.create(out, LinkType.ETHERNET, 0, Resolution.MICROSECONDS, ByteOrder.BIG_ENDIAN));
		assertThatIllegalArgumentException().isThrownBy(
				() -> PcapWriter.create(out, LinkType.ETHERNET, 100, Resolution.MICROSECONDS, ByteOrder.BIG_ENDIAN)
					.write(Instant.ofEpochSecond(-1), new byte[1]));
		assertThatIllegalArgumentException().isThrownBy(
				() -> PcapWriter.create(out, LinkType.ETHERNET, 100, Resolution.MICROSECONDS, ByteOrder.BIG_ENDIAN)
					.write(Instant.ofEpochSecond(1L << 32), new byte[1]));
	}

	@Test
	void writesAPcapngFileWithSeveralInterfacesThatReadsBack(@TempDir Path folder) throws Exception {
		Path file = folder.resolve("links.pcapng");
		try (PcapngWriter writer = PcapngWriter.create(file)) {
			int ethernet = writer.addInterface(LinkType.ETHERNET, 0);
			int raw = writer.addInterface(LinkType.RAW, 16);
			writer.write(raw, WHEN, CaptureBytes.frameBytes(40, 1));
			writer.write(ethernet, WHEN.plusNanos(1), CaptureBytes.frameBytes(61, 2));
			writer.write(ethernet, WHEN.plusSeconds(1), CaptureBytes.frameBytes(90, 3), 5, 3);
		}

		try (CaptureReader reader = CaptureReader.open(file)) {
			assertThat(reader.format()).isEqualTo(Format.PCAPNG);
			List<CapturedFrame> frames = CaptureFrames.drain(reader);
			assertThat(frames).extracting(CapturedFrame::interfaceId).containsExactly(1, 0, 0);
			assertThat(frames).extracting(CapturedFrame::linkTypeCode).containsExactly(101, 1, 1);
			assertThat(frames).extracting(CapturedFrame::timestamp)
				.containsExactly(WHEN, WHEN.plusNanos(1), WHEN.plusSeconds(1));
			assertThat(frames.get(0).data()).isEqualTo(Arrays.copyOf(CaptureBytes.frameBytes(40, 1), 16));
			assertThat(frames.get(0).originalLength()).isEqualTo(40);
			assertThat(frames.get(1).data()).isEqualTo(CaptureBytes.frameBytes(61, 2));
			assertThat(frames.get(2).data()).isEqualTo(Arrays.copyOfRange(CaptureBytes.frameBytes(90, 3), 5, 8));
		}
	}

	@Test
	void refusesPacketsOnInterfacesNotAdded() throws Exception {
		try (PcapngWriter writer = PcapngWriter.create(new ByteArrayOutputStream(), ByteOrder.BIG_ENDIAN)) {
			writer.addInterface(LinkType.ETHERNET, 0);
			assertThatIllegalArgumentException().isThrownBy(() -> writer.write(1, WHEN, new byte[1]));
		}
	}

	@Property(tries = 200)
	void pcapWritesWhatItReads(@ForAll("frames") List<TimedFrame> frames, @ForAll Resolution resolution,
			@ForAll boolean bigEndian) throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteOrder order = bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
		try (PcapWriter writer = PcapWriter.create(out, LinkType.ETHERNET, 262_144, resolution, order)) {
			for (TimedFrame frame : frames) {
				writer.write(frame.timestamp(), frame.data());
			}
		}

		List<CapturedFrame> read = CaptureFrames.readAll(out.toByteArray());

		assertThat(read).hasSameSizeAs(frames);
		for (int i = 0; i < frames.size(); i++) {
			Instant written = frames.get(i).timestamp();
			Instant expected = (resolution == Resolution.NANOSECONDS) ? written
					: Instant.ofEpochSecond(written.getEpochSecond(), written.getNano() / 1000 * 1000);
			assertThat(read.get(i).timestamp()).isEqualTo(expected);
			assertThat(read.get(i).data()).isEqualTo(frames.get(i).data());
			assertThat(read.get(i).number()).isEqualTo(i + 1);
		}
	}

	@Property(tries = 200)
	void pcapngWritesWhatItReads(@ForAll("frames") List<TimedFrame> frames, @ForAll boolean bigEndian)
			throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (PcapngWriter writer = PcapngWriter.create(out,
				bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN)) {
			writer.addInterface(LinkType.ETHERNET, 0);
			writer.addInterface(LinkType.IPV6, 0);
			for (int i = 0; i < frames.size(); i++) {
				writer.write(i % 2, frames.get(i).timestamp(), frames.get(i).data());
			}
		}

		List<CapturedFrame> read = CaptureFrames.readAll(out.toByteArray());

		assertThat(read).hasSameSizeAs(frames);
		for (int i = 0; i < frames.size(); i++) {
			assertThat(read.get(i).timestamp()).isEqualTo(frames.get(i).timestamp());
			assertThat(read.get(i).data()).isEqualTo(frames.get(i).data());
			assertThat(read.get(i).interfaceId()).isEqualTo(i % 2);
		}
	}

	@Provide
	Arbitrary<List<TimedFrame>> frames() {
		Arbitrary<Instant> timestamps = Combinators
			.combine(Arbitraries.longs().between(0, 0xFFFF_FFFFL), Arbitraries.integers().between(0, 999_999_999))
			.as(Instant::ofEpochSecond);
		Arbitrary<byte[]> data = Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
		return Combinators.combine(timestamps, data).as(TimedFrame::new).list().ofMaxSize(8);
	}

	record TimedFrame(Instant timestamp, byte[] data) {
	}

}
