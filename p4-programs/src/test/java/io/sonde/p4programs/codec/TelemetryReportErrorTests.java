package io.sonde.p4programs.codec;

import java.util.Arrays;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;
import org.junit.jupiter.api.Test;

import static io.sonde.p4programs.codec.IntMdErrorTests.rejects;

/**
 * Every way telemetry report bytes are rejected, each with its reason, header and offset.
 */
class TelemetryReportErrorTests {

	private static final String GROUP = "telemetry report group header v2.0";

	private static final String INDIVIDUAL = "individual report header v2.0";

	@Test
	void rejectsAnUnknownVersion() {
		byte[] data = Hex.bytes("30 00 00 00 00 00 00 00");

		rejects(() -> decode(data), Reason.UNKNOWN_VERSION, "telemetry report", 0);
	}

	@Test
	void rejectsAnEmptyPayload() {
		rejects(() -> TelemetryReportCodec.decode(new byte[4], 4, 0), Reason.TRUNCATED, "telemetry report", 0);
	}

	@Test
	void rejectsAGroupHeaderWithoutReports() {
		byte[] data = Arrays.copyOf(TelemetryReportV20CodecTests.EXAMPLE_4_1, 8);

		rejects(() -> decode(data), Reason.TRUNCATED, GROUP, 0);
		rejects(() -> decode(Arrays.copyOf(data, 7)), Reason.TRUNCATED, GROUP, 0);
	}

	@Test
	void rejectsAReportLongerThanThePayload() {
		byte[] data = TelemetryReportV20CodecTests.EXAMPLE_4_1;

		rejects(() -> TelemetryReportCodec.decode(data, 0, data.length - 4), Reason.TRUNCATED, INDIVIDUAL, 8);
	}

	@Test
	void rejectsMdLengthBeyondTheReport() {
		byte[] data = TelemetryReportV20CodecTests.EXAMPLE_4_1.clone();
		data[10] = 13; // MD Length 13 words in a report of 14 words

		rejects(() -> decode(data), Reason.BAD_LENGTH, INDIVIDUAL, 8);
	}

	@Test
	void rejectsRepMdBitsThatNeedMoreThanMdLength() {
		byte[] data = TelemetryReportV20CodecTests.EXAMPLE_4_1.clone();
		data[12] = 0x5C; // RepMdBits 0x5C00 adds two 8-byte timestamps to MD Length 2

		rejects(() -> decode(data), Reason.BAD_LENGTH, INDIVIDUAL, 8);
	}

	@Test
	void rejectsATlvThatRunsPastItsReport() {
		byte[] data = TelemetryReportV20CodecTests.TLVS.clone();
		data[25] = 0x0D; // first TLV claims 13 words, the report has 12 left

		rejects(() -> decode(data), Reason.BAD_LENGTH, "report TLV", 24);
	}

	@Test
	void rejectsInnerBytesWhenInTypeSaysNone() {
		byte[] data = Hex.bytes("20 00 00 01 00 00 00 01", // group header
				"00 01 00 00", // RepType 0, InType 0, Report Length 1
				"45 00 00 14");

		rejects(() -> decode(data), Reason.BAD_LENGTH, INDIVIDUAL, 8);
	}

	@Test
	void rejectsMetadataInAnInnerOnlyReport() {
		byte[] data = Hex.bytes("20 00 00 01 00 00 00 01", // group header
				"04 01 01 00", // RepType 0, InType 4, Report Length 1, MD Length 1
				"45 00 00 14");

		rejects(() -> decode(data), Reason.BAD_LENGTH, INDIVIDUAL, 8);
	}

	@Test
	void rejectsReportAndInnerTypesItDoesNotDecode() {
		byte[] ioam = Hex.bytes("20 00 00 01 00 00 00 01", "24 01 00 00", "45 00 00 14");
		byte[] reservedRepType = Hex.bytes("20 00 00 01 00 00 00 01", "54 01 00 00", "45 00 00 14");
		byte[] reservedInType = Hex.bytes("20 00 00 01 00 00 00 01", "06 01 00 00", "45 00 00 14");

		rejects(() -> decode(ioam), Reason.UNKNOWN_TYPE, INDIVIDUAL, 8);
		rejects(() -> decode(reservedRepType), Reason.UNKNOWN_TYPE, INDIVIDUAL, 8);
		rejects(() -> decode(reservedInType), Reason.UNKNOWN_TYPE, INDIVIDUAL, 8);
	}

	@Test
	void rejectsBrokenV10Headers() {
		byte[] data = TelemetryReportLegacyCodecTests.V10_WITH_LATENCY;
		byte[] zeroLength = data.clone();
		// Length 0: INTCollector's older generator wrote a 12-byte header here, so it has
		// two readings (1 to 3 are read as the 4-word header: TelemetryReportQuirkTests).
		zeroLength[0] = 0x10;
		byte[] reservedNextProtocol = data.clone();
		reservedNextProtocol[1] = (byte) (data[1] | 0x60); // NProt 3
		byte[] metadataBeyondLength = data.clone();
		metadataBeyondLength[0] = 0x14; // 4 words, hop latency selected
		String header = "telemetry report header v1.0";

		rejects(() -> TelemetryReportCodec.decode(data, 0, 15), Reason.TRUNCATED, header, 0);
		rejects(() -> TelemetryReportCodec.decode(data, 0, 20), Reason.TRUNCATED, "inner packet", 20);
		rejects(() -> decode(zeroLength), Reason.BAD_LENGTH, header, 0);
		rejects(() -> decode(reservedNextProtocol), Reason.UNKNOWN_TYPE, header, 0);
		rejects(() -> decode(metadataBeyondLength), Reason.BAD_LENGTH, header, 0);
	}

	@Test
	void rejectsBrokenV05Headers() {
		byte[] data = TelemetryReportLegacyCodecTests.V05_LOCAL;
		byte[] reservedNextProtocol = data.clone();
		reservedNextProtocol[0] = 0x03; // NProto 3

		rejects(() -> TelemetryReportCodec.decode(data, 0, 11), Reason.TRUNCATED, "telemetry report header v0.5", 0);
		rejects(() -> TelemetryReportCodec.decode(data, 0, 20), Reason.TRUNCATED, "switch local report header v0.5",
				12);
		rejects(() -> TelemetryReportCodec.decode(data, 0, 28), Reason.TRUNCATED, "inner packet", 28);
		rejects(() -> decode(reservedNextProtocol), Reason.UNKNOWN_TYPE, "telemetry report header v0.5", 0);
	}

	private static TelemetryReport decode(byte[] data) throws MalformedTelemetry {
		return TelemetryReportCodec.decode(data, 0, data.length);
	}

}
