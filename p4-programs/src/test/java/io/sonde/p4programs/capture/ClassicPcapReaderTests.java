package io.sonde.p4programs.capture;

import java.io.ByteArrayInputStream;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import io.sonde.p4programs.capture.CaptureReader.Format;
import io.sonde.p4programs.capture.CaptureUnreadable.Reason;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static io.sonde.p4programs.capture.CaptureBytes.concat;
import static io.sonde.p4programs.capture.CaptureBytes.frameBytes;
import static io.sonde.p4programs.capture.CaptureBytes.pcapHeader;
import static io.sonde.p4programs.capture.CaptureBytes.pcapRecord;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ClassicPcapReaderTests {

	private static final ByteOrder BIG = ByteOrder.BIG_ENDIAN;

	private static final ByteOrder LITTLE = ByteOrder.LITTLE_ENDIAN;

	@ParameterizedTest
	@ValueSource(strings = { "BIG_ENDIAN", "LITTLE_ENDIAN" })
	void readsMicrosecondFilesInEitherByteOrder(String orderName) throws Exception {
		ByteOrder order = orderName.equals("BIG_ENDIAN") ? BIG : LITTLE;
		byte[] first = frameBytes(60, 1);
		byte[] second = frameBytes(42, 2);
		byte[] file = concat(pcapHeader(order, false, 65535, 1),
				pcapRecord(order, 1_700_000_000L, 123_456, 60, 60, first),
				pcapRecord(order, 1_700_000_001L, 999_999, 42, 1500, second));

		try (CaptureReader reader = CaptureReader.open(new ByteArrayInputStream(file))) {
			assertThat(reader.format()).isEqualTo(Format.PCAP_MICROSECONDS);
			List<CapturedFrame> frames = CaptureFrames.drain(reader);

			assertThat(frames).hasSize(2);
			CapturedFrame one = frames.get(0);
			assertThat(one.number()).isEqualTo(1);
			assertThat(one.timestamp()).isEqualTo(Instant.ofEpochSecond(1_700_000_000L, 123_456_000));
			assertThat(one.linkTypeCode()).isEqualTo(1);
			assertThat(one.linkType()).contains(LinkType.ETHERNET);
			assertThat(one.interfaceId()).isZero();
			assertThat(one.data()).isEqualTo(first);
			assertThat(one.originalLength()).isEqualTo(60);
			assertThat(one.isTruncated()).isFalse();
			CapturedFrame two = frames.get(1);
			assertThat(two.number()).isEqualTo(2);
			assertThat(two.timestamp()).isEqualTo(Instant.ofEpochSecond(1_700_000_001L, 999_999_000));
			assertThat(two.data()).isEqualTo(second);
			assertThat(two.originalLength()).isEqualTo(1500);
			assertThat(two.isTruncated()).isTrue();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "BIG_ENDIAN", "LITTLE_ENDIAN" })
	void readsNanosecondFilesInEitherByteOrder(String orderName) throws Exception {
		ByteOrder order = orderName.equals("BIG_ENDIAN") ? BIG : LITTLE;
		byte[] file = concat(pcapHeader(order, true, 65535, 101),
				pcapRecord(order, 1_600_000_000L, 987_654_321, 20, 20, frameBytes(20, 3)));

		try (CaptureReader reader = CaptureReader.open(new ByteArrayInputStream(file))) {
			assertThat(reader.format()).isEqualTo(Format.PCAP_NANOSECONDS);
			CapturedFrame frame = reader.next();
			assertThat(frame.timestamp()).isEqualTo(Instant.ofEpochSecond(1_600_000_000L, 987_654_321));
			assertThat(frame.linkType()).contains(LinkType.RAW);
			assertThat(reader.next()).isNull();
			assertThat(reader.next()).isNull();
		}
	}

	@Test
	void readsTimestampsPast2038AsUnsignedSeconds() throws Exception {
		byte[] file = concat(pcapHeader(LITTLE, false, 100, 1), pcapRecord(LITTLE, 0xF000_0000L, 0, 1, 1, new byte[1]));

		assertThat(CaptureFrames.readAll(file).get(0).timestamp()).isEqualTo(Instant.ofEpochSecond(0xF000_0000L));
	}

	@Test
	void takesTheLinkTypeFromTheLow16BitsAndIgnoresTheFcsBits() throws Exception {
		// draft-ietf-opsawg-pcap Section 4: FCS length in the top 4 bits, the
		// F bit below.
		int linkTypeField = 0x4000_0000 | 0x0400_0000 | 113;
		byte[] file = concat(pcapHeader(BIG, false, 100, linkTypeField), pcapRecord(BIG, 1, 0, 1, 1, new byte[1]));

		CapturedFrame frame = CaptureFrames.readAll(file).get(0);

		assertThat(frame.linkTypeCode()).isEqualTo(113);
		assertThat(frame.linkType()).contains(LinkType.LINUX_SLL);
	}

	@Test
	void keepsLinkTypesItCannotDissect() throws Exception {
		byte[] file = concat(pcapHeader(BIG, false, 100, 105), pcapRecord(BIG, 1, 0, 1, 1, new byte[1]));

		CapturedFrame frame = CaptureFrames.readAll(file).get(0);

		assertThat(frame.linkTypeCode()).isEqualTo(105);
		assertThat(frame.linkType()).isEmpty();
	}

	@Test
	void readsAFileWithNoPackets() throws Exception {
		assertThat(CaptureFrames.readAll(pcapHeader(LITTLE, false, 65535, 1))).isEmpty();
	}

	@Test
	void rejectsARecordLargerThanTheSnapshotLengthAfterTheFramesBeforeIt() throws Exception {
		byte[] file = concat(pcapHeader(LITTLE, false, 64, 1), pcapRecord(LITTLE, 1, 0, 64, 64, frameBytes(64, 0)),
				pcapRecord(LITTLE, 2, 0, 65, 65, frameBytes(65, 0)));

		CaptureFrames.Outcome outcome = CaptureFrames.readUntilFailure(file);

		assertThat(outcome.frames()).hasSize(1);
		assertThat(outcome.failure().reason()).isEqualTo(Reason.BAD_RECORD_LENGTH);
		assertThat(outcome.failure().offset()).isEqualTo(24 + 16 + 64);
		assertThat(outcome.failure().getMessage()).contains("packet 2").contains("65").contains("64");
	}

	@Test
	void boundsAnUnlimitedSnapshotLengthAtLibpcapsMaximum() throws Exception {
		byte[] fine = concat(pcapHeader(LITTLE, false, 0, 1), pcapRecord(LITTLE, 1, 0, 3, 3, new byte[3]));
		byte[] absurd = concat(pcapHeader(LITTLE, false, 0, 1),
				pcapRecord(LITTLE, 1, 0, 262_145, 262_145, new byte[0]));

		assertThat(CaptureFrames.readAll(fine)).hasSize(1);
		assertThat(CaptureFrames.readUntilFailure(absurd).failure().reason()).isEqualTo(Reason.BAD_RECORD_LENGTH);
	}

	@Test
	void rejectsAbsurdCapturedLengthsWithoutReadingThem() throws Exception {
		byte[] file = concat(pcapHeader(BIG, false, 0x7FFF_FFFF, 1), pcapRecord(BIG, 1, 0, -1, -1, new byte[0]));

		CaptureFrames.Outcome outcome = CaptureFrames.readUntilFailure(file);

		assertThat(outcome.failure().reason()).isEqualTo(Reason.BAD_RECORD_LENGTH);
		assertThat(outcome.failure().getMessage()).contains("4294967295");
	}

	@Test
	void rejectsAnOtherMajorVersion() {
		byte[] header = pcapHeader(BIG, false, 100, 1);
		header[5] = 3;

		CaptureUnreadable failure = catchThrowableOfType(() -> CaptureReader.open(new ByteArrayInputStream(header)),
				CaptureUnreadable.class);

		assertThat(failure.reason()).isEqualTo(Reason.UNSUPPORTED_VERSION);
		assertThat(failure.detail()).contains("3.4");
	}

	@Test
	void rejectsFilesThatAreNoCapture() {
		byte[] text = "GET / HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII);

		CaptureUnreadable failure = catchThrowableOfType(() -> CaptureReader.open(new ByteArrayInputStream(text)),
				CaptureUnreadable.class);

		assertThat(failure.reason()).isEqualTo(Reason.NOT_A_CAPTURE);
		assertThat(failure.offset()).isZero();
		assertThat(failure.detail()).contains("47455420");
	}

	@Test
	void callsAnEmptyFileNoCapture() {
		CaptureUnreadable failure = catchThrowableOfType(
				() -> CaptureReader.open(new ByteArrayInputStream(new byte[0])), CaptureUnreadable.class);

		assertThat(failure.reason()).isEqualTo(Reason.NOT_A_CAPTURE);
	}

	@Test
	void callsAFileCutInsideItsMagicNumberTruncated() {
		byte[] cut = { (byte) 0xd4, (byte) 0xc3 };

		CaptureUnreadable failure = catchThrowableOfType(() -> CaptureReader.open(new ByteArrayInputStream(cut)),
				CaptureUnreadable.class);

		assertThat(failure.reason()).isEqualTo(Reason.TRUNCATED);
	}

	@ParameterizedTest
	@EnumSource(value = Format.class, names = { "PCAP_MICROSECONDS", "PCAP_NANOSECONDS" })
	void reportsTheSameProblemOnEveryLaterCall(Format format) throws Exception {
		boolean nanos = format == Format.PCAP_NANOSECONDS;
		byte[] file = concat(pcapHeader(LITTLE, nanos, 100, 1), pcapRecord(LITTLE, 1, 0, 10, 10, new byte[4]));

		try (CaptureReader reader = CaptureReader.open(new ByteArrayInputStream(file))) {
			CaptureUnreadable first = catchThrowableOfType(reader::next, CaptureUnreadable.class);
			CaptureUnreadable again = catchThrowableOfType(reader::next, CaptureUnreadable.class);

			assertThat(first.reason()).isEqualTo(Reason.TRUNCATED);
			assertThat(again.reason()).isEqualTo(first.reason());
			assertThat(again.offset()).isEqualTo(first.offset()).isEqualTo(24);
			assertThat(again.getMessage()).isEqualTo(first.getMessage());
		}
	}

}
