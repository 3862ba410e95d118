package io.sonde.topology.internal;

import java.util.Locale;
import java.util.regex.Pattern;

import io.sonde.topology.LinkEnd;
import io.sonde.topology.TopologyRejected;

/**
 * The textual forms of a topology document: MAC and IPv4 addresses, link ends, and the
 * default MACs the format gives nodes that name none (TOPOLOGY_FORMAT.md, "Switch" and
 * "Host").
 */
final class Addresses {

	private static final Pattern MAC = Pattern.compile("[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}");

	private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

	private static final Pattern LINK_END = Pattern.compile("(.+):(\\d{1,6})");

	private Addresses() {
	}

	/** Lower-case {@code aa:bb:cc:dd:ee:ff}, so equal MACs compare equal as text. */
	static String mac(String text, String field) {
		if (!MAC.matcher(text).matches()) {
			throw new TopologyRejected(field, "'" + text + "' is not a MAC address (aa:bb:cc:dd:ee:ff)");
		}
		return text.toLowerCase(Locale.ROOT);
	}

	/** A dotted quad with every part 0..255, as written (no leading zeros added). */
	static String ipv4(String text, String field) {
		var matcher = IPV4.matcher(text);
		if (!matcher.matches()) {
			throw new TopologyRejected(field, "'" + text + "' is not an IPv4 address (a.b.c.d)");
		}
		StringBuilder canonical = new StringBuilder();
		for (int part = 1; part <= 4; part++) {
			int value = Integer.parseInt(matcher.group(part));
			if (value > 255) {
				throw new TopologyRejected(field, "'" + text + "' is not an IPv4 address: " + value + " > 255");
			}
			canonical.append((part > 1) ? "." : "").append(value);
		}
		return canonical.toString();
	}

	/** {@code node:port}; the node may itself hold no ':' (checked with the names). */
	static LinkEnd linkEnd(String text, String field) {
		var matcher = LINK_END.matcher(text);
		if (!matcher.matches()) {
			throw new TopologyRejected(field, "a link end is written node:port, got '" + text + "'");
		}
		return new LinkEnd(matcher.group(1), Integer.parseInt(matcher.group(2)));
	}

	/** {@code 02:53} ('S') then the low 32 bits of the device id. */
	static String defaultSwitchMac(long deviceId) {
		return format(0x02_53_0000_0000L | (deviceId & 0xFFFF_FFFFL));
	}

	/** {@code 02:48} ('H') then the IPv4 address. */
	static String defaultHostMac(String ipv4) {
		long address = 0;
		for (String part : ipv4.split("\\.")) {
			address = (address << 8) | Integer.parseInt(part);
		}
		return format(0x02_48_0000_0000L | address);
	}

	private static String format(long value) {
		StringBuilder text = new StringBuilder();
		for (int shift = 40; shift >= 0; shift -= 8) {
			text.append(String.format("%02x", (value >>> shift) & 0xFF));
			if (shift > 0) {
				text.append(':');
			}
		}
		return text.toString();
	}

}
