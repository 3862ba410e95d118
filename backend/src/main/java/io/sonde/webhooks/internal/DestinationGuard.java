package io.sonde.webhooks.internal;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.sonde.webhooks.DestinationRefused;

/**
 * Refuses destinations a server-side request forgery would reach: loopback, link-local,
 * private (RFC 1918, CGNAT, IPv6 ULA and site-local), unspecified, broadcast and
 * multicast addresses, IPv4-mapped or -compatible IPv6 forms included, unless an
 * allow-listed CIDR holds them. Names are judged by every address they resolve to: one
 * refused address refuses the name, so a name cannot smuggle loopback behind a public
 * address.
 */
final class DestinationGuard {

	private static final List<AddressRange> FORBIDDEN = List.of(AddressRange.parse("0.0.0.0/8"),
			AddressRange.parse("10.0.0.0/8"), AddressRange.parse("100.64.0.0/10"), AddressRange.parse("127.0.0.0/8"),
			AddressRange.parse("169.254.0.0/16"), AddressRange.parse("172.16.0.0/12"),
			AddressRange.parse("192.168.0.0/16"), AddressRange.parse("224.0.0.0/4"), AddressRange.parse("240.0.0.0/4"),
			AddressRange.parse("::/128"), AddressRange.parse("::1/128"), AddressRange.parse("fc00::/7"),
			AddressRange.parse("fe80::/10"), AddressRange.parse("fec0::/10"), AddressRange.parse("ff00::/8"));

	private final List<AddressRange> allowed;

	DestinationGuard(List<String> allowedCidrs) {
		this.allowed = allowedCidrs.stream().map(AddressRange::parse).toList();
	}

	/**
	 * The addresses to connect to for this URL, every one of them checked.
	 * @throws DestinationRefused when the URL is not http(s) with a host, the host does
	 * not resolve, or any address it resolves to is refused
	 */
	List<InetAddress> check(URI url) {
		String scheme = (url.getScheme() != null) ? url.getScheme().toLowerCase(Locale.ROOT) : "";
		if (!scheme.equals("http") && !scheme.equals("https")) {
			throw new DestinationRefused(String.valueOf(url), "only http and https URLs are delivered to");
		}
		if (url.getHost() == null || url.getHost().isEmpty()) {
			throw new DestinationRefused(String.valueOf(url), "the URL names no host");
		}
		return resolve(url.getHost());
	}

	/** Resolves a host name (or reads a literal) and checks every address. */
	List<InetAddress> resolve(String host) {
		String bare = (host.startsWith("[") && host.endsWith("]")) ? host.substring(1, host.length() - 1) : host;
		InetAddress[] addresses;
		try {
			addresses = InetAddress.getAllByName(bare);
		}
		catch (UnknownHostException ex) {
			throw new DestinationRefused(host, "the name does not resolve");
		}
		for (InetAddress address : addresses) {
			String reason = refusal(address);
			if (reason != null) {
				throw new DestinationRefused(host,
						address.getHostAddress() + " is " + reason + " and not in sonde.webhooks.allowed-destinations");
			}
		}
		return Arrays.asList(addresses);
	}

	/** Why the address is refused, or null when it may be reached. */
	String refusal(InetAddress address) {
		InetAddress judged = unwrapped(address);
		if (this.allowed.stream().anyMatch((range) -> range.contains(judged))) {
			return null;
		}
		if (judged.isLoopbackAddress()) {
			return "loopback";
		}
		if (judged.isAnyLocalAddress()) {
			return "unspecified";
		}
		if (judged.isLinkLocalAddress()) {
			return "link-local";
		}
		if (judged.isMulticastAddress()) {
			return "multicast";
		}
		if (judged.getHostAddress().equals("255.255.255.255")) {
			return "broadcast";
		}
		for (AddressRange range : FORBIDDEN) {
			if (range.contains(judged)) {
				return "private or reserved (" + range.text() + ")";
			}
		}
		return null;
	}

	/**
	 * The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or -compatible (::a.b.c.d)
	 * one.
	 */
	static InetAddress unwrapped(InetAddress address) {
		if (!(address instanceof Inet6Address)) {
			return address;
		}
		byte[] bytes = address.getAddress();
		for (int i = 0; i < 10; i++) {
			if (bytes[i] != 0) {
				return address;
			}
		}
		boolean mapped = bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
		boolean compatible = bytes[10] == 0 && bytes[11] == 0 && (bytes[12] | bytes[13] | bytes[14]) != 0;
		if (!mapped && !compatible) {
			return address;
		}
		try {
			return Inet4Address.getByAddress(Arrays.copyOfRange(bytes, 12, 16));
		}
		catch (UnknownHostException ex) {
			throw new IllegalStateException("four bytes always make an IPv4 address", ex);
		}
	}

}
