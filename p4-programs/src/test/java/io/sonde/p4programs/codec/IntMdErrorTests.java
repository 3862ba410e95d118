package io.sonde.p4programs.codec;

import java.util.Arrays;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/** Every way INT-MD bytes are rejected, each with its reason, header and offset. */
class IntMdErrorTests {

	@Test
	void rejectsAWindowThatEndsInsideTheStack() {
		byte[] data = IntMdV2CodecTests.TWO_HOPS_DSCP;

		rejects(() -> IntMdCodec.decode(data, 0, data.length - 1), Reason.TRUNCATED, "INT shim v2.1", 0);
	}

	@Test
	void neverReadsPastTheWindowEvenWhenTheArrayGoesOn() {
		// The array holds the whole packet, but the window stops at the shim.
		byte[] data = IntMdV2CodecTests.TWO_HOPS_DSCP;

		rejects(() -> IntMdCodec.decode(data, 0, 4), Reason.TRUNCATED, "INT shim v2.1", 0);
	}

	@Test
	void rejectsAnEmptyWindowAsTruncated() {
		rejects(() -> IntMdCodec.decode(new byte[8], 3, 0), Reason.TRUNCATED, "INT shim", 0);
	}

	@Test
	void rejectsAShimLengthShorterThanTheHeader() {
		byte[] data = Hex.bytes("10 02 00 00", "20 00 01 01", "80 00 00 00", "00 00 00 00");

		rejects(() -> IntMdCodec.decode(data, 0, data.length), Reason.BAD_LENGTH, "INT shim v2.1", 0);
	}

	@Test
	void rejectsAStackThatIsNotWholeHopsInTheDefaultDomain() {
		byte[] data = Hex.bytes("10 05 00 00", // Length 5: 2 words of stack
				"20 00 03 01", // Hop ML 3: hops of 3 words
				"80 00 00 00", "00 00 00 00", // switch id; default domain
				"00 00 00 01", "00 00 00 02");

		rejects(() -> IntMdCodec.decode(data, 0, data.length), Reason.BAD_LENGTH, "INT-MD header v2.1", 4);
	}

	@Test
	void rejectsABitmapThatNeedsMoreThanHopMl() {
		byte[] data = Hex.bytes("10 04 00 00", // Length 4: 1 word of stack
				"20 00 01 01", // Hop ML 1
				"88 00 00 00", "00 00 00 00", // id + 8-byte timestamp: 3 words
				"00 00 00 01");

		rejects(() -> IntMdCodec.decode(data, 0, data.length), Reason.BAD_LENGTH, "INT-MD header v2.1", 4);
	}

	@Test
	void rejectsMoreHopsThanTheLimit() {
		byte[] data = IntMdV2CodecTests.TWO_HOPS_DSCP;

		rejects(() -> IntMdCodec.decode(data, 0, data.length, DecodeLimits.DEFAULT.withMaxHops(1)),
				Reason.HOP_COUNT_OVER_LIMIT, "INT-MD header v2.1", 4);
		assertThatNoException()
			.isThrownBy(() -> IntMdCodec.decode(data, 0, data.length, DecodeLimits.DEFAULT.withMaxHops(2)));
	}

	@Test
	void rejectsMoreV05HopsThanTheLimit() {
		byte[] data = IntMdV05CodecTests.TWO_HOPS;

		rejects(() -> IntMdCodec.decode(data, 0, data.length, DecodeLimits.DEFAULT.withMaxHops(1)),
				Reason.HOP_COUNT_OVER_LIMIT, "INT-MD header v0.5", 4);
	}

	@Test
	void rejectsAHeaderVersionThatDoesNotMatchTheShim() {
		byte[] v3 = Hex.bytes("10 03 00 00", "30 00 00 00", "00 00 00 00", "00 00 00 00");
		byte[] v2AfterLegacyShim = Hex.bytes("01 00 03 00", "20 00 00 00", "00 00 00 00");

		rejects(() -> IntMdCodec.decode(v3, 0, v3.length), Reason.UNKNOWN_VERSION, "INT-MD header v2.1", 4);
		rejects(() -> IntMdCodec.decode(v2AfterLegacyShim, 0, v2AfterLegacyShim.length), Reason.UNKNOWN_VERSION,
				"INT-MD header", 4);
	}

	@Test
	void rejectsShimsThatAreNotIntMd() {
		byte[] mx = Hex.bytes("30 03 00 00", "20 00 00 00", "00 00 00 00", "00 00 00 00");
		byte[] reservedNpt = Hex.bytes("1C 03 00 00", "20 00 00 00", "00 00 00 00", "00 00 00 00");
		byte[] destination = Hex.bytes("02 00 03 00", "10 00 00 00", "00 00 00 00");
		byte[] noInt = Hex.bytes("00 00 00 00 00 00 00 00");

		rejects(() -> IntMdCodec.decode(mx, 0, mx.length), Reason.BAD_SHIM, "INT shim v2.1", 0);
		rejects(() -> IntMdCodec.decode(reservedNpt, 0, reservedNpt.length), Reason.BAD_SHIM, "INT shim v2.1", 0);
		rejects(() -> IntMdCodec.decode(destination, 0, destination.length), Reason.BAD_SHIM, "INT shim", 0);
		rejects(() -> IntMdCodec.decode(noInt, 0, noInt.length), Reason.BAD_SHIM, "INT shim", 0);
	}

	@Test
	void rejectsAV05ShimLengthThatDisagreesWithTheHopCount() {
		byte[] data = IntMdV05CodecTests.TWO_HOPS.clone();
		data[7] = 3; // Total Hop Count 3, but the shim Length holds two hops

		rejects(() -> IntMdCodec.decode(data, 0, data.length), Reason.BAD_LENGTH, "INT-MD header v0.5", 4);
	}

	@Test
	void rejectsAV05ShimTooShortForItsTail() {
		byte[] data = Hex.bytes("01 00 03 00", "00 00 00 00", "00 00 00 00");

		rejects(() -> IntMdCodec.decode(data, 0, data.length), Reason.BAD_LENGTH, "INT shim v0.5", 0);
	}

	@Test
	void rejectsAV10StackThatIsNotWholeHops() {
		byte[] data = Arrays.copyOf(IntMdV1CodecTests.TWO_HOPS, IntMdV1CodecTests.TWO_HOPS.length);
		data[2] = 0x10; // Length 16 words: one word short of two 7-word hops

		rejects(() -> IntMdCodec.decode(data, 0, data.length), Reason.BAD_LENGTH, "INT-MD header v1.0", 4);
	}

	@Test
	void namesTheHopThatIsCutOff() {
		byte[] data = IntMdV2CodecTests.TWO_HOPS_DSCP.clone();
		data[1] = 0x20; // Length 32 words: more than the window holds

		rejects(() -> IntMdCodec.decode(data, 0, data.length), Reason.TRUNCATED, "INT shim v2.1", 0);
	}

	static void rejects(ThrowingCallable decode, Reason reason, String header, int offset) {
		assertThatExceptionOfType(MalformedTelemetry.class).isThrownBy(decode).satisfies((error) -> {
			org.assertj.core.api.Assertions.assertThat(error.reason()).isEqualTo(reason);
			org.assertj.core.api.Assertions.assertThat(error.header()).isEqualTo(header);
			org.assertj.core.api.Assertions.assertThat(error.offset()).isEqualTo(offset);
		}).withMessageStartingWith(reason.jsonName() + ": " + header + " at offset " + offset + ": ");
	}

}
