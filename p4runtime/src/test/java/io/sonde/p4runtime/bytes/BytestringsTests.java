package io.sonde.p4runtime.bytes;

import java.math.BigInteger;
import java.util.HexFormat;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.bytes.BytestringRejected.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class BytestringsTests {

	/** Hex digits to bytes; "" is the empty bytestring. */
	private static ByteString bytes(String hex) {
		return ByteString.copyFrom(HexFormat.of().parseHex(hex));
	}

	@Test
	void encodesTheSpecExampleOf99InSixteenBitsAsOneByte() {
		assertThat(Bytestrings.encode(99, 16)).isEqualTo(bytes("63"));
	}

	@Test
	void encodesZeroAsOneZeroByte() {
		assertThat(Bytestrings.encode(0, 32)).isEqualTo(bytes("00"));
		assertThat(Bytestrings.encode(BigInteger.ZERO, 1)).isEqualTo(bytes("00"));
	}

	@Test
	void encodesTheLargestNineBitPortInTwoBytes() {
		assertThat(Bytestrings.encode(511, 9)).isEqualTo(bytes("01ff"));
	}

	@Test
	void encodesValuesWithTheTopBitSetWithoutASignByte() {
		assertThat(Bytestrings.encode(0xff, 8)).isEqualTo(bytes("ff"));
		assertThat(Bytestrings.encode(BigInteger.TWO.pow(64).subtract(BigInteger.ONE), 64))
			.isEqualTo(bytes("ffffffffffffffff"));
	}

	@Test
	void rejectsValuesWiderThanTheBitwidth() {
		assertThatExceptionOfType(BytestringRejected.class).isThrownBy(() -> Bytestrings.encode(512, 9))
			.satisfies((ex) -> {
				assertThat(ex.reason()).isEqualTo(Reason.TOO_WIDE);
				assertThat(ex.code()).isEqualTo(Status.Code.OUT_OF_RANGE);
				assertThat(ex.bitwidth()).isEqualTo(9);
			});
	}

	@Test
	void rejectsNegativeValues() {
		assertThatExceptionOfType(BytestringRejected.class).isThrownBy(() -> Bytestrings.encode(-1, 16))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.NEGATIVE));
		assertThatExceptionOfType(BytestringRejected.class)
			.isThrownBy(() -> Bytestrings.encode(BigInteger.valueOf(-5), 16))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.INVALID_ARGUMENT));
	}

	@Test
	void readsThePaddedSpecExampleBackInCanonicalForm() {
		ByteString padded = bytes("0063");
		assertThat(Bytestrings.canonicalize(padded, 16)).isEqualTo(bytes("63"));
		assertThat(Bytestrings.isCanonical(padded, 16)).isFalse();
		assertThat(Bytestrings.toLong(padded)).isEqualTo(99);
	}

	/** Spec §8.3, Table 4 (examples of valid bytestring encoding, unsigned rows). */
	@ParameterizedTest(name = "bit<{0}> {1} is accepted as {2}")
	@CsvSource({ "8, 63, 63, true", "16, 0063, 63, false", "16, 63, 63, true", "16, 3064, 3064, true",
			"16, 003064, 3064, false", "12, 0063, 63, false", "12, 63, 63, true", "12, 000063, 63, false" })
	void acceptsEverySpecValidEncoding(int bitwidth, String given, String canonical, boolean isCanonical) {
		assertThat(Bytestrings.canonicalize(bytes(given), bitwidth)).isEqualTo(bytes(canonical));
		assertThat(Bytestrings.isCanonical(bytes(given), bitwidth)).isEqualTo(isCanonical);
	}

	/** Spec §8.3, Table 5 (examples of invalid bytestring encoding, unsigned rows). */
	@ParameterizedTest(name = "bit<{0}> ''{1}'' is rejected")
	@CsvSource({ "8, 0163", "8, ''", "16, 010063", "12, 1063", "12, 010063", "12, 004063" })
	void rejectsEverySpecInvalidEncodingWithOutOfRange(int bitwidth, String given) {
		assertThatExceptionOfType(BytestringRejected.class)
			.isThrownBy(() -> Bytestrings.canonicalize(bytes(given), bitwidth))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.OUT_OF_RANGE));
	}

	@Test
	void rejectsTheEmptyBytestring() {
		assertThatExceptionOfType(BytestringRejected.class)
			.isThrownBy(() -> Bytestrings.canonicalize(ByteString.EMPTY, 32))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.EMPTY));
	}

	@Test
	void keepsOneByteWhenCanonicalizingAllZeroes() {
		assertThat(Bytestrings.canonicalize(bytes("000000"), 24)).isEqualTo(bytes("00"));
	}

	@Test
	void leavesStringTranslatedValuesAlone() {
		ByteString text = ByteString.copyFromUtf8("Ethernet0");
		assertThat(Bytestrings.canonicalize(text, 0)).isSameAs(text);
	}

	@Test
	void decodesBeyondSixtyFourBitsAsBigInteger() {
		assertThat(Bytestrings.toBigInteger(bytes("0100000000000000000000"))).isEqualTo(BigInteger.ONE.shiftLeft(80));
		assertThatExceptionOfType(BytestringRejected.class)
			.isThrownBy(() -> Bytestrings.toLong(bytes("8000000000000000")));
	}

	@Test
	void encodesMacAddressesCanonically() {
		assertThat(Bytestrings.mac("00:00:00:00:01:01")).isEqualTo(bytes("0101"));
		assertThat(Bytestrings.mac("AA-BB-CC-DD-EE-FF")).isEqualTo(bytes("aabbccddeeff"));
		assertThat(Bytestrings.formatMac(bytes("0101"))).isEqualTo("00:00:00:00:01:01");
	}

	@Test
	void encodesIpv4AddressesCanonically() {
		assertThat(Bytestrings.ipv4("10.0.1.0")).isEqualTo(bytes("0a000100"));
		assertThat(Bytestrings.ipv4("0.0.0.7")).isEqualTo(bytes("07"));
		assertThat(Bytestrings.formatIpv4(bytes("07"))).isEqualTo("0.0.0.7");
	}

	@Test
	void rejectsMalformedAddresses() {
		assertThatExceptionOfType(BytestringRejected.class).isThrownBy(() -> Bytestrings.ipv4("10.0.256.1"))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.MALFORMED));
		assertThatExceptionOfType(BytestringRejected.class).isThrownBy(() -> Bytestrings.ipv4("10.0.1"));
		assertThatExceptionOfType(BytestringRejected.class).isThrownBy(() -> Bytestrings.mac("00:11:22:33:44"));
		assertThatExceptionOfType(BytestringRejected.class).isThrownBy(() -> Bytestrings.mac("00:11:22:33:44:zz"));
	}

	@Test
	void padsToTheFieldWidthForDisplay() {
		assertThat(Bytestrings.padded(bytes("63"), 16)).isEqualTo(bytes("0063"));
		assertThat(Bytestrings.byteWidth(9)).isEqualTo(2);
		assertThat(Bytestrings.byteWidth(48)).isEqualTo(6);
	}

}
