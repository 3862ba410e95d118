package io.sonde.webhooks.internal;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;

import io.sonde.webhooks.DestinationRefused;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which literal addresses the guard refuses, and what the allow-list lets through. */
class DestinationGuardTests {

	private final DestinationGuard guard = new DestinationGuard(List.of());

	@ParameterizedTest
	@CsvSource({ "127.0.0.1, loopback", "127.9.9.9, loopback", "::1, loopback", "0.0.0.0, unspecified",
			":: , unspecified", "169.254.169.254, link-local", "fe80::1, link-local", "224.0.0.251, multicast",
			"ff02::1, multicast", "10.0.0.1, private", "172.16.5.4, private", "192.168.1.1, private",
			"100.64.0.1, private", "fd00::1, private", "::ffff:127.0.0.1, loopback", "::ffff:10.0.0.1, private",
			"::ffff:169.254.169.254, link-local", "255.255.255.255, broadcast" })
	void refusesAddressesAForgeryWouldReach(String address, String reason) throws Exception {
		assertThat(this.guard.refusal(InetAddress.getByName(address))).startsWith(reason);
	}

	@ParameterizedTest
	@ValueSource(strings = { "93.184.216.34", "8.8.8.8", "2606:4700::1111", "172.32.0.1" })
	void letsPublicAddressesThrough(String address) throws Exception {
		assertThat(this.guard.refusal(InetAddress.getByName(address))).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "ftp://93.184.216.34/x", "file:///etc/passwd", "http:///nohost" })
	void refusesWhatIsNotAnHttpUrlWithAHost(String url) {
		assertThatThrownBy(() -> this.guard.check(URI.create(url))).isInstanceOf(DestinationRefused.class);
	}

	@ParameterizedTest
	@CsvSource({ "127.0.0.1/32, 127.0.0.1, true", "127.0.0.1/32, 127.0.0.2, false", "10.0.0.0/8, 10.1.2.3, true",
			"10.0.0.0/8, ::ffff:10.1.2.3, true", "fd00::/8, fd12::1, true", "fd00::/8, fc00::1, false" })
	void allowListedRangesPass(String cidr, String address, boolean allowed) throws Exception {
		DestinationGuard allowing = new DestinationGuard(List.of(cidr));
		assertThat(allowing.refusal(InetAddress.getByName(address)) == null).isEqualTo(allowed);
	}

}
