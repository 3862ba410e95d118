package io.sonde.p4programs.packet;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class IpAddressTextTests {

	@ParameterizedTest
	@CsvSource({ "192.0.2.1, 192.0.2.1", "0.0.0.0, 0.0.0.0", "255.255.255.255, 255.255.255.255" })
	void writesIpv4AsDottedDecimal(String literal, String text) {
		byte[] bytes = Packets.address(literal);

		assertThat(IpAddressText.ipv4(bytes, 0)).isEqualTo(text);
	}

	// The cases of RFC 5952 Sections 4.1 to 4.3 and 5.
	@ParameterizedTest
	@CsvSource({ "2001:0db8:0000:0000:0000:0000:0000:0001, 2001:db8::1", "2001:db8:0:0:0:0:2:1, 2001:db8::2:1",
			"2001:db8:0:1:1:1:1:1, 2001:db8:0:1:1:1:1:1", "2001:0:0:1:0:0:0:1, 2001:0:0:1::1",
			"2001:db8:0:0:1:0:0:1, 2001:db8::1:0:0:1",
			"2001:DB8:AAAA:BBBB:CCCC:DDDD:EEEE:000F, 2001:db8:aaaa:bbbb:cccc:dddd:eeee:f", "::, ::", "::1, ::1",
			"1::, 1::", "fe80::1:0:0:0, fe80::1:0:0:0", "fe80:0:0:1:0:0:0:0, fe80:0:0:1::", "0:0:1:0:0:0:0:1, 0:0:1::1",
			"::ffff:192.0.2.1, ::ffff:192.0.2.1", "::192.0.2.1, ::c000:201", "64:ff9b::192.0.2.33, 64:ff9b::c000:221",
			"ff02::1, ff02::1", "2001:db8:1:2:3:4:5:0, 2001:db8:1:2:3:4:5:0" })
	void writesIpv6AsRfc5952Text(String literal, String text) {
		byte[] bytes = ipv6Bytes(literal);

		assertThat(IpAddressText.ipv6(bytes, 0)).isEqualTo(text);
	}

	@ParameterizedTest
	@CsvSource({ "2001:db8::1, 2001:db8::1" })
	void readsTheAddressAtTheGivenOffset(String literal, String text) {
		byte[] padded = new byte[40];
		System.arraycopy(ipv6Bytes(literal), 0, padded, 7, 16);

		assertThat(IpAddressText.ipv6(padded, 7)).isEqualTo(text);
	}

	/**
	 * InetAddress turns IPv4-mapped literals into 4-byte IPv4 addresses; map them back.
	 */
	private static byte[] ipv6Bytes(String literal) {
		byte[] bytes = Packets.address(literal);
		if (bytes.length == 16) {
			return bytes;
		}
		byte[] mapped = new byte[16];
		mapped[10] = (byte) 0xFF;
		mapped[11] = (byte) 0xFF;
		System.arraycopy(bytes, 0, mapped, 12, 4);
		return mapped;
	}

}
