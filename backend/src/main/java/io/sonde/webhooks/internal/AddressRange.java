package io.sonde.webhooks.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** A CIDR block, IPv4 or IPv6: {@code 127.0.0.1/32}, {@code fd00::/8}. */
record AddressRange(byte[] network, int prefixLength, String text) {

	static AddressRange parse(String cidr) {
		String trimmed = cidr.trim();
		int slash = trimmed.indexOf('/');
		String address = (slash < 0) ? trimmed : trimmed.substring(0, slash);
		if (!address.matches("[0-9a-fA-F:.]+")) {
			// A literal only: InetAddress would otherwise resolve a name through DNS.
			throw new IllegalArgumentException("not an IP address: " + cidr);
		}
		byte[] bytes;
		try {
			bytes = InetAddress.getByName(address).getAddress();
		}
		catch (UnknownHostException ex) {
			throw new IllegalArgumentException("not an IP address: " + cidr, ex);
		}
		int prefix = (slash < 0) ? bytes.length * 8 : Integer.parseInt(trimmed.substring(slash + 1));
		if (prefix < 0 || prefix > bytes.length * 8) {
			throw new IllegalArgumentException("prefix length out of range: " + cidr);
		}
		return new AddressRange(bytes, prefix, trimmed);
	}

	boolean contains(InetAddress address) {
		byte[] candidate = address.getAddress();
		if (candidate.length != this.network.length) {
			return false;
		}
		int whole = this.prefixLength / 8;
		for (int i = 0; i < whole; i++) {
			if (candidate[i] != this.network[i]) {
				return false;
			}
		}
		int rest = this.prefixLength % 8;
		if (rest == 0) {
			return true;
		}
		int mask = (0xff << (8 - rest)) & 0xff;
		return (candidate[whole] & mask) == (this.network[whole] & mask);
	}

}
