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
			if (octet < 0 || octet > 255 || part.isEmpty() || part.length() > 3) {
				throw new IntConfigRejected(field, "'" + text + "' is not an IPv4 address (a.b.c.d)");
			}
			value = (value << 8) | octet;
		}
		return value;
	}

	static long mac(String field, String text) {
		if (!text.matches("(?i)[0-9a-f]{2}(:[0-9a-f]{2}){5}")) {
			throw new IntConfigRejected(field, "'" + text + "' is not a MAC address (aa:bb:cc:dd:ee:ff)");
		}
		return Long.parseLong(text.replace(":", ""), 16);
	}

}
