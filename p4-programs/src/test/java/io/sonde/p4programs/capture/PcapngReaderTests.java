package io.sonde.p4programs.capture;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.List;

import io.sonde.p4programs.capture.CaptureReader.Format;
import io.sonde.p4programs.capture.CaptureUnreadable.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static io.sonde.p4programs.capture.CaptureBytes.block;
import static io.sonde.p4programs.capture.CaptureBytes.concat;
import static io.sonde.p4programs.capture.CaptureBytes.endOfOptions;
import static io.sonde.p4programs.capture.CaptureBytes.enhancedPacket;
import static io.sonde.p4programs.capture.CaptureBytes.frameBytes;
import static io.sonde.p4programs.capture.CaptureBytes.interfaceDescription;
import static io.sonde.p4programs.capture.CaptureBytes.obsoletePacket;
import static io.sonde.p4programs.capture.CaptureBytes.option;
import static io.sonde.p4programs.capture.CaptureBytes.sectionHeader;
import static io.sonde.p4programs.capture.CaptureBytes.simplePacket;
import static io.sonde.p4programs.capture.CaptureBytes.tsoffset;
import static io.sonde.p4programs.capture.CaptureBytes.tsresol;
import static io.sonde.p4programs.capture.CaptureBytes.withWord;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class PcapngReaderTests {

	private static final ByteOrder BIG = ByteOrder.BIG_ENDIAN;

	private static final ByteOrder LITTLE = ByteOrder.LITTLE_ENDIAN;

	private static final long SECOND = 1_700_000_000L;

	private static ByteOrder order(String name) {
		return name.equals("BIG_ENDIAN") ? BIG : LITTLE;
	}

	@ParameterizedTest
	@ValueSource(strings = { "BIG_ENDIAN", "LITTLE_ENDIAN" })
	void readsEnhancedPacketsWithTheDefaultMicrosecondResolution(String orderName) throws Exception {
		ByteOrder order = order(orderName);
		byte[] data = frameBytes(61, 5);
		byte[] file = concat(sectionHeader(order), interfaceDescription(order, 1, 65535),
				enhancedPacket(order, 0, SECOND * 1_000_000 + 250_001, data, 1514));

		try (CaptureReader reader = CaptureReader.open(new ByteArrayInputStream(file))) {
			assertThat(reader.format()).isEqualTo(Format.PCAPNG);
			CapturedFrame frame = reader.next();

			assertThat(frame.number()).isEqualTo(1);
			assertThat(frame.timestamp()).isEqualTo(Instant.ofEpochSecond(SECOND, 250_001_000));
			assertThat(frame.linkType()).contains(LinkType.ETHERNET);
			assertThat(frame.interfaceId()).isZero();
			assertThat(frame.data()).isEqualTo(data);
			assertThat(frame.originalLength()).isEqualTo(1514);
			assertThat(reader.next()).isNull();
		}
	}

	@ParameterizedTest
	@CsvSource({ "0, 1000, 1000, 0", "3, 1000500, 1000, 500000000", "6, 1000000001, 1000, 1000",
			"9, 1000000000007, 1000, 7", "12, 3250000000000, 3, 250000000", "12, 1000000001999, 1, 1",
			"19, 10000000000000000000, 1, 0", "19, 18446744073709551615, 1, 844674407" })
	void scalesTimestampsByAPowerOfTenResolution(int exponent, String units, long seconds, int nanos) throws Exception {
		byte[] file = concat(sectionHeader(LITTLE),
				interfaceDescription(LITTLE, 1, 0, tsresol(LITTLE, exponent), endOfOptions()),
				enhancedPacket(LITTLE, 0, Long.parseUnsignedLong(units), new byte[4], 4));

		assertThat(CaptureFrames.readAll(file).get(0).timestamp()).isEqualTo(Instant.ofEpochSecond(seconds, nanos));
	}

	@Test
	void keepsNanosecondsExactly() throws Exception {
		long units = SECOND * 1_000_000_000L + 123_456_789;
		byte[] file = concat(sectionHeader(BIG), interfaceDescription(BIG, 1, 0, tsresol(BIG, 9)),
				enhancedPacket(BIG, 0, units, new byte[4], 4));

		assertThat(CaptureFrames.readAll(file).get(0).timestamp())
			.isEqualTo(Instant.ofEpochSecond(SECOND, 123_456_789));
	}

	@ParameterizedTest
	@CsvSource({ "0, 5, 5, 0", "10, 5888, 5, 750000000", "30, 6174015488, 5, 750000000",
			"63, 4611686018427387904, 0, 500000000", "63, 18446744073709551615, 1, 999999999" })
	void scalesTimestampsByAPowerOfTwoResolution(int exponent, String units, long seconds, int nanos) throws Exception {
		byte[] file = concat(sectionHeader(BIG), interfaceDescription(BIG, 1, 0, tsresol(BIG, 0x80 | exponent)),
				enhancedPacket(BIG, 0, Long.parseUnsignedLong(units), new byte[4], 4));

		assertThat(CaptureFrames.readAll(file).get(0).timestamp()).isEqualTo(Instant.ofEpochSecond(seconds, nanos));
	}

	@Test
	void roundsBinaryFractionsDownToTheNanosecond() throws Exception {
		// One unit of 2^-10 s is 976562.5 ns.
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0, tsresol(LITTLE, 0x8A)),
				enhancedPacket(LITTLE, 0, 1, new byte[4], 4));

		assertThat(CaptureFrames.readAll(file).get(0).timestamp()).isEqualTo(Instant.ofEpochSecond(0, 976_562));
	}

	@Test
	void addsTheInterfaceTimestampOffset() throws Exception {
		byte[] file = concat(sectionHeader(BIG),
				interfaceDescription(BIG, 1, 0, tsoffset(BIG, 1_000_000_000L), tsresol(BIG, 3), endOfOptions()),
				enhancedPacket(BIG, 0, 2_500, new byte[4], 4));

		assertThat(CaptureFrames.readAll(file).get(0).timestamp())
			.isEqualTo(Instant.ofEpochSecond(1_000_000_002L, 500_000_000));
	}

	@Test
	void ignoresOptionsItDoesNotUseAndStopsAtEndOfOptions() throws Exception {
		byte[] name = option(LITTLE, 2, "eth0".getBytes());
		byte[] comment = option(LITTLE, 1, "odd length".getBytes());
		// After opt_endofopt nothing counts, not even a resolution.
		byte[] file = concat(sectionHeader(LITTLE),
				interfaceDescription(LITTLE, 1, 0, name, comment, endOfOptions(), tsresol(LITTLE, 9)),
				enhancedPacket(LITTLE, 0, 7_000_001, new byte[4], 4));

		assertThat(CaptureFrames.readAll(file).get(0).timestamp()).isEqualTo(Instant.ofEpochSecond(7, 1_000));
	}

	@Test
	void givesEachPacketTheLinkTypeAndResolutionOfItsInterface() throws Exception {
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0),
				interfaceDescription(LITTLE, 101, 0, tsresol(LITTLE, 9)),
				enhancedPacket(LITTLE, 1, 1_000_000_000L, new byte[4], 4),
				enhancedPacket(LITTLE, 0, 1_000_000L, new byte[4], 4));

		List<CapturedFrame> frames = CaptureFrames.readAll(file);

		assertThat(frames).extracting(CapturedFrame::interfaceId).containsExactly(1, 0);
		assertThat(frames).extracting(CapturedFrame::linkTypeCode).containsExactly(101, 1);
		assertThat(frames).extracting(CapturedFrame::timestamp)
			.containsExactly(Instant.ofEpochSecond(1), Instant.ofEpochSecond(1));
	}

	@ParameterizedTest
	@ValueSource(strings = { "BIG_ENDIAN", "LITTLE_ENDIAN" })
	void readsSimplePacketsOnInterfaceZeroWithoutATimestamp(String orderName) throws Exception {
		ByteOrder order = order(orderName);
		byte[] data = frameBytes(30, 9);
		byte[] file = concat(sectionHeader(order), interfaceDescription(order, 101, 0), simplePacket(order, 30, data));

		CapturedFrame frame = CaptureFrames.readAll(file).get(0);

		assertThat(frame.data()).isEqualTo(data);
		assertThat(frame.originalLength()).isEqualTo(30);
		assertThat(frame.interfaceId()).isZero();
		assertThat(frame.linkType()).contains(LinkType.RAW);
		assertThat(frame.timestamp()).isEqualTo(Instant.EPOCH);
	}

	@Test
	void cutsSimplePacketsToTheSnapshotLength() throws Exception {
		byte[] data = frameBytes(16, 9);
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 16),
				simplePacket(LITTLE, 1500, data));

		CapturedFrame frame = CaptureFrames.readAll(file).get(0);

		assertThat(frame.data()).isEqualTo(data);
		assertThat(frame.originalLength()).isEqualTo(1500);
	}

	@Test
	void rejectsASimplePacketLongerThanItsBlock() throws Exception {
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0),
				simplePacket(LITTLE, 1500, new byte[16]));

		CaptureFrames.Outcome outcome = CaptureFrames.readUntilFailure(file);

		assertThat(outcome.failure().reason()).isEqualTo(Reason.BAD_RECORD_LENGTH);
	}

	@ParameterizedTest
	@ValueSource(strings = { "BIG_ENDIAN", "LITTLE_ENDIAN" })
	void readsTheObsoletePacketBlock(String orderName) throws Exception {
		ByteOrder order = order(orderName);
		byte[] data = frameBytes(13, 4);
		byte[] file = concat(sectionHeader(order), interfaceDescription(order, 1, 0),
				interfaceDescription(order, 113, 0), obsoletePacket(order, 1, 42_000_007L, data, 99));

		CapturedFrame frame = CaptureFrames.readAll(file).get(0);

		assertThat(frame.interfaceId()).isEqualTo(1);
		assertThat(frame.linkType()).contains(LinkType.LINUX_SLL);
		assertThat(frame.timestamp()).isEqualTo(Instant.ofEpochSecond(42, 7_000));
		assertThat(frame.data()).isEqualTo(data);
		assertThat(frame.originalLength()).isEqualTo(99);
	}

	@Test
	void skipsBlocksThatCarryNoPackets() throws Exception {
		byte[] nameResolution = block(LITTLE, CaptureBytes.NRB, new byte[] { 0, 0, 0, 0 });
		byte[] statistics = block(LITTLE, CaptureBytes.ISB, new byte[12]);
		byte[] custom = block(LITTLE, CaptureBytes.CUSTOM_BLOCK, frameBytes(10, 1));
		byte[] local = block(LITTLE, 0x8000_0001, new byte[0]);
		byte[] file = concat(sectionHeader(LITTLE), nameResolution, interfaceDescription(LITTLE, 1, 0), statistics,
				enhancedPacket(LITTLE, 0, 1, frameBytes(5, 1), 5), custom, local,
				enhancedPacket(LITTLE, 0, 2, frameBytes(6, 2), 6));

		List<CapturedFrame> frames = CaptureFrames.readAll(file);

		assertThat(frames).extracting(CapturedFrame::number).containsExactly(1L, 2L);
		assertThat(frames.get(1).data()).isEqualTo(frameBytes(6, 2));
	}

	@Test
	void numbersFramesAcrossSectionsOfDifferentByteOrders() throws Exception {
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0),
				enhancedPacket(LITTLE, 0, 1_000_000, frameBytes(8, 1), 8), sectionHeader(BIG),
				interfaceDescription(BIG, 101, 0, tsresol(BIG, 9)), interfaceDescription(BIG, 228, 0),
				enhancedPacket(BIG, 1, 2_000_000L, frameBytes(9, 2), 9),
				enhancedPacket(BIG, 0, 3_000_000_000L, frameBytes(10, 3), 10), sectionHeader(LITTLE),
				interfaceDescription(LITTLE, 229, 0), enhancedPacket(LITTLE, 0, 4_000_000, frameBytes(11, 4), 11));

		List<CapturedFrame> frames = CaptureFrames.readAll(file);

		assertThat(frames).extracting(CapturedFrame::number).containsExactly(1L, 2L, 3L, 4L);
		assertThat(frames).extracting(CapturedFrame::linkTypeCode).containsExactly(1, 228, 101, 229);
		assertThat(frames).extracting(CapturedFrame::interfaceId).containsExactly(0, 1, 0, 0);
		assertThat(frames).extracting(CapturedFrame::timestamp)
			.containsExactly(Instant.ofEpochSecond(1), Instant.ofEpochSecond(2), Instant.ofEpochSecond(3),
					Instant.ofEpochSecond(4));
		assertThat(frames).extracting((frame) -> frame.data().length).containsExactly(8, 9, 10, 11);
	}

	@Test
	void forgetsTheInterfacesOfEarlierSections() throws Exception {
		byte[] firstSection = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0),
				interfaceDescription(LITTLE, 1, 0));
		byte[] file = concat(firstSection, sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0),
				enhancedPacket(LITTLE, 1, 0, new byte[4], 4));

		CaptureFrames.Outcome outcome = CaptureFrames.readUntilFailure(file);

		assertThat(outcome.failure().reason()).isEqualTo(Reason.UNKNOWN_INTERFACE);
		assertThat(outcome.failure().offset()).isEqualTo(firstSection.length + 28 + 20);
	}

	@Test
	void rejectsPacketsBeforeAnyInterfaceIsDescribed() throws Exception {
		byte[] file = concat(sectionHeader(BIG), simplePacket(BIG, 4, new byte[4]));

		assertThat(CaptureFrames.readUntilFailure(file).failure().reason()).isEqualTo(Reason.UNKNOWN_INTERFACE);
	}

	@Test
	void checksTheTrailingBlockLength() throws Exception {
		byte[] packet = enhancedPacket(LITTLE, 0, 0, new byte[4], 4);
		byte[] damaged = withWord(packet, packet.length - 4, LITTLE, packet.length + 4);
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0), packet, damaged);

		CaptureFrames.Outcome outcome = CaptureFrames.readUntilFailure(file);

		assertThat(outcome.frames()).hasSize(1);
		assertThat(outcome.failure().reason()).isEqualTo(Reason.BAD_BLOCK_LENGTH);
		assertThat(outcome.failure().offset()).isEqualTo(28 + 20 + packet.length);
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, 8, 13, 34, 0x7FFF_FFFC, -4 })
	void rejectsBlockLengthsThatAreTooShortUnalignedOrAbsurd(int length) throws Exception {
		byte[] packet = enhancedPacket(BIG, 0, 0, new byte[4], 4);
		byte[] damaged = withWord(packet, 4, BIG, length);
		byte[] file = concat(sectionHeader(BIG), interfaceDescription(BIG, 1, 0), damaged);

		CaptureFrames.Outcome outcome = CaptureFrames.readUntilFailure(file);

		assertThat(outcome.failure().reason()).isEqualTo(Reason.BAD_BLOCK_LENGTH);
		assertThat(outcome.failure().detail()).contains(Long.toString(Integer.toUnsignedLong(length)));
	}

	@Test
	void rejectsACapturedLengthBeyondItsBlock() throws Exception {
		byte[] packet = enhancedPacket(LITTLE, 0, 0, new byte[8], 8);
		byte[] damaged = withWord(packet, 8 + 12, LITTLE, 9);
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0), damaged);

		CaptureFrames.Outcome outcome = CaptureFrames.readUntilFailure(file);

		assertThat(outcome.failure().reason()).isEqualTo(Reason.BAD_RECORD_LENGTH);
	}

	@Test
	void rejectsAnEnhancedPacketBlockTooShortForItsFields() throws Exception {
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0),
				block(LITTLE, CaptureBytes.EPB, new byte[16]));

		assertThat(CaptureFrames.readUntilFailure(file).failure().reason()).isEqualTo(Reason.BAD_BLOCK_LENGTH);
	}

	@Test
	void rejectsAnOptionRunningPastItsBlock() throws Exception {
		byte[] body = concat(ByteBuffer.allocate(8).order(LITTLE).putShort((short) 1).putInt(4, 0).array(),
				ByteBuffer.allocate(8).order(LITTLE).putShort((short) 2).putShort((short) 40).array());
		byte[] file = concat(sectionHeader(LITTLE), block(LITTLE, CaptureBytes.IDB, body));

		CaptureFrames.Outcome outcome = CaptureFrames.readUntilFailure(file);

		assertThat(outcome.failure().reason()).isEqualTo(Reason.BAD_OPTION);
		assertThat(outcome.failure().detail()).contains("option 2").contains("40");
	}

	@Test
	void rejectsAResolutionOptionOfTheWrongSize() throws Exception {
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0, option(LITTLE, 9, new byte[2])));

		assertThat(CaptureFrames.readUntilFailure(file).failure().reason()).isEqualTo(Reason.BAD_OPTION);
	}

	@ParameterizedTest
	@ValueSource(ints = { 20, 0x7F, 0x80 | 64 })
	void rejectsResolutionsFinerThanA64BitCountAllows(int value) throws Exception {
		byte[] file = concat(sectionHeader(LITTLE), interfaceDescription(LITTLE, 1, 0, tsresol(LITTLE, value)));

		assertThat(CaptureFrames.readUntilFailure(file).failure().reason()).isEqualTo(Reason.BAD_OPTION);
	}

	@Test
	void rejectsTimestampsNoInstantCanHold() throws Exception {
		byte[] secondsBeyondRange = concat(sectionHeader(LITTLE),
				interfaceDescription(LITTLE, 1, 0, tsresol(LITTLE, 0)), enhancedPacket(LITTLE, 0, -1, new byte[4], 4));
		byte[] offsetOverflow = concat(sectionHeader(LITTLE),
				interfaceDescription(LITTLE, 1, 0, tsresol(LITTLE, 0), tsoffset(LITTLE, Long.MAX_VALUE)),
				enhancedPacket(LITTLE, 0, Long.MAX_VALUE, new byte[4], 4));

		assertThat(CaptureFrames.readUntilFailure(secondsBeyondRange).failure().reason())
			.isEqualTo(Reason.BAD_TIMESTAMP);
		assertThat(CaptureFrames.readUntilFailure(offsetOverflow).failure().reason()).isEqualTo(Reason.BAD_TIMESTAMP);
	}

	@Test
	void rejectsAnotherMajorVersion() {
		byte[] file = concat(sectionHeader(BIG, 2), interfaceDescription(BIG, 1, 0));

		CaptureUnreadable failure = catchThrowableOfType(() -> CaptureReader.open(new ByteArrayInputStream(file)),
				CaptureUnreadable.class);

		assertThat(failure.reason()).isEqualTo(Reason.UNSUPPORTED_VERSION);
	}

	@Test
	void rejectsASectionHeaderWithoutByteOrderMagic() throws Exception {
		byte[] garbled = withWord(sectionHeader(LITTLE), 8, LITTLE, 0x12345678);

		CaptureUnreadable first = catchThrowableOfType(() -> CaptureReader.open(new ByteArrayInputStream(garbled)),
				CaptureUnreadable.class);
		CaptureFrames.Outcome later = CaptureFrames.readUntilFailure(concat(sectionHeader(LITTLE), garbled));

		assertThat(first.reason()).isEqualTo(Reason.NOT_A_CAPTURE);
		assertThat(later.failure().reason()).isEqualTo(Reason.BAD_SECTION_HEADER);
		assertThat(later.failure().offset()).isEqualTo(28);
	}

	@Test
	void readsASectionWithoutPackets() throws Exception {
		assertThat(CaptureFrames.readAll(concat(sectionHeader(BIG), interfaceDescription(BIG, 1, 0)))).isEmpty();
	}

}
