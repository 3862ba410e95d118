package io.sonde.intconfig.internal;

import io.sonde.intconfig.IntConfigDocument.FlowMatchSpec;
import io.sonde.intconfig.IntConfigRejected;
import io.sonde.p4programs.entries.FlowKey;

/** A {@link FlowMatchSpec} as the ternary/range key of sonde.p4's flow tables. */
final class FlowMatches {

	private FlowMatches() {
	}

	static FlowKey key(String at, FlowMatchSpec match) {
		if (match == null) {
			return FlowKey.ANY;
		}
		int[] src = prefix(at + ".srcPrefix", match.srcPrefix());
		int[] dst = prefix(at + ".dstPrefix", match.dstPrefix());
		int protocol = 0;
		int protocolMask = 0;
		if (match.protocol() != null) {
			IntConfigCompiler.require(match.protocol() >= 0 && match.protocol() <= 255, at + ".protocol",
					"must be an IP protocol number, 0-255");
			protocol = match.protocol();
			protocolMask = 0xFF;
		}
		int[] srcPorts = ports(at + ".srcPorts", match.srcPorts());
		int[] dstPorts = ports(at + ".dstPorts", match.dstPorts());
		return new FlowKey(src[0], src[1], dst[0], dst[1], protocol, protocolMask, srcPorts[0], srcPorts[1],
				dstPorts[0], dstPorts[1]);
	}

	/** {value, mask}; absent is any. */
	private static int[] prefix(String at, String text) {
		if (text == null) {
			return new int[] { 0, 0 };
		}
		String[] parts = text.split("/", -1);
		int length = 32;
		if (parts.length == 2) {
			try {
				length = Integer.parseInt(parts[1]);
			}
			catch (NumberFormatException ex) {
				length = -1;
			}
			IntConfigCompiler.require(length >= 0 && length <= 32, at,
					"'" + text + "' has a prefix length outside 0-32");
		}
		else {
			IntConfigCompiler.require(parts.length == 1, at, "'" + text + "' is not a prefix (a.b.c.d/len)");
		}
		int mask = FlowKey.prefixMask(length);
		int address = Addresses.ipv4(at, parts[0]);
		IntConfigCompiler.require((address & ~mask) == 0, at, "'" + text + "' has host bits set beyond /" + length);
		return new int[] { address, mask };
	}

	/** {low, high}; absent is 0-65535. */
	private static int[] ports(String at, String text) {
		if (text == null) {
			return new int[] { 0, 0xFFFF };
		}
		String[] parts = text.trim().split("-", -1);
		try {
			int low = Integer.parseInt(parts[0].trim());
			int high = (parts.length == 2) ? Integer.parseInt(parts[1].trim()) : low;
			IntConfigCompiler.require(parts.length <= 2 && low >= 0 && high <= 0xFFFF && low <= high, at,
					"'" + text + "' is not a port or range within 0-65535");
			return new int[] { low, high };
		}
		catch (NumberFormatException ex) {
			throw new IntConfigRejected(at, "'" + text + "' is not a port or range (80, or 1024-65535)");
		}
	}

}
