package io.sonde.intconfig.internal;

import io.sonde.intconfig.IntConfigRejected;

/** Dotted quads and colon MACs as the configuration writes them. */
final class Addresses {

	private Addresses() {
	}

	static int ipv4(String field, String text) {
		String[] parts = text.trim().split("\\.", -1);
		if (parts.length != 4) {
			throw new IntConfigRejected(field, "'" + text + "' is not an IPv4 address (a.b.c.d)");
		}
		int value = 0;
		for (String part : parts) {
			int octet;
			try {
				octet = Integer.parseInt(part);
			}
			catch (NumberFormatException ex) {
				octet = -1;
			}
			if (octet < 0 || octet > 255 || part.isEmpty() || part.length() > 3 || !part.matches("[0-9]+")) {
				throw new IntConfigRejected(field, "'" + text + "' is not an IPv4 address (a.b.c.d)");
			}
			value = (value << 8) | octet;
		}
		return value;
	}

	/**
	 * An address one host can be sent reports at: not 0.0.0.0, not a broadcast or
	 * multicast address.
	 */
	static int unicastIpv4(String field, String text) {
		int address = ipv4(field, text);
		if (address == 0 || address == 0xFFFF_FFFF || (address >>> 28) == 0xE) {
			throw new IntConfigRejected(field,
					"'" + text + "' is not a host's address (unspecified, broadcast or multicast)");
		}
		return address;
	}

	static long mac(String field, String text) {
		if (!text.matches("(?i)[0-9a-f]{2}(:[0-9a-f]{2}){5}")) {
			throw new IntConfigRejected(field, "'" + text + "' is not a MAC address (aa:bb:cc:dd:ee:ff)");
		}
		return Long.parseLong(text.replace(":", ""), 16);
	}

	/** A MAC one interface has: not all zeros, not a group (multicast or broadcast). */
	static long unicastMac(String field, String text) {
		long mac = mac(field, text);
		if (mac == 0 || (mac & 0x0100_0000_0000L) != 0) {
			throw new IntConfigRejected(field, "'" + text + "' is not an interface's MAC (all zeros, or a group "
					+ "address: the first octet's lowest bit is set)");
		}
		return mac;
	}

}
