package io.sonde.emulator.pipeline;

import static io.sonde.emulator.pipeline.WireBytes.u16;
import static io.sonde.emulator.pipeline.WireBytes.u8;

/**
 * {@code SondeParser} of parser.p4 on frame bytes: Ethernet → (802.1Q) → IPv4 (→ the
 * INT-label option and its items under protocol 254, then L4 by its nh) | IPv6 → TCP |
 * UDP → INT shim when the DSCP is {@code INT_DSCP} → INT-MD header → stack, the stack
 * walked hop by hop into the typed per-item stacks, or word by word when its layout has
 * items sonde.p4 does not type. Each method is one parser state. Nothing is copied: the
 * result is offsets in a reused {@link ParsedHeaders}.
 */
final class SondeParser {

	private SondeParser() {
	}

	/** Parses the first {@code length} bytes of {@code frame} into {@code headers}. */
	static void parse(byte[] frame, int length, ParsedHeaders headers) {
		headers.reset(length);
		parseEthernet(frame, headers);
	}

	private static boolean extract(ParsedHeaders headers, int offset, int bytes) {
		if (offset + bytes > headers.frameLength) {
			headers.parserError = ParserError.PACKET_TOO_SHORT;
			return false;
		}
		return true;
	}

	// state parse_ethernet
	private static void parseEthernet(byte[] frame, ParsedHeaders headers) {
		if (!extract(headers, 0, IntWire.ETHERNET_BYTES)) {
			return;
		}
		int etherType = u16(frame, 12);
		if (etherType == IntWire.ETHERTYPE_VLAN) {
			parseVlan(frame, headers, IntWire.ETHERNET_BYTES);
		}
		else {
			selectL3(frame, headers, etherType, IntWire.ETHERNET_BYTES);
		}
	}

	// state parse_vlan: one tag; the type behind it picks IPv4 or IPv6.
	private static void parseVlan(byte[] frame, ParsedHeaders headers, int offset) {
		if (!extract(headers, offset, IntWire.VLAN_BYTES)) {
			return;
		}
		headers.vlanOffset = offset;
		selectL3(frame, headers, u16(frame, offset + 2), offset + IntWire.VLAN_BYTES);
	}

	private static void selectL3(byte[] frame, ParsedHeaders headers, int etherType, int offset) {
		if (etherType == IntWire.ETHERTYPE_IPV4) {
			parseIpv4(frame, headers, offset);
		}
		else if (etherType == IntWire.ETHERTYPE_IPV6) {
			parseIpv6(frame, headers, offset);
		}
	}

	// state parse_ipv4: only option-less first fragments go on to L4.
	private static void parseIpv4(byte[] frame, ParsedHeaders headers, int offset) {
		if (!extract(headers, offset, IntWire.IPV4_HEADER_BYTES)) {
			return;
		}
		headers.ipv4 = true;
		headers.ipOffset = offset;
		headers.ipv4Src = (int) WireBytes.u32(frame, offset + 12);
		headers.ipv4Dst = (int) WireBytes.u32(frame, offset + 16);
		headers.ipProto = u8(frame, offset + 9);
		headers.dscp = u8(frame, offset + 1) >>> 2;
		int ihl = u8(frame, offset) & 0x0F;
		int fragmentOffset = u16(frame, offset + 6) & 0x1FFF;
		if (ihl == 5 && fragmentOffset == 0) {
			headers.labelEligible = true;
			if (headers.ipProto == IntWire.IP_PROTO_INT_LABEL) {
				parseLabel(frame, headers, offset + IntWire.IPV4_HEADER_BYTES);
			}
			else {
				selectL4(frame, headers, offset + IntWire.IPV4_HEADER_BYTES);
			}
		}
	}

	// state parse_label_option, then parse_label_item: more than MAX_LABEL_ITEMS items
	// overflow the header stack; the parser goes on by nh so forwarding and the ECMP hash
	// see the 5-tuple the packet had without the option.
	private static void parseLabel(byte[] frame, ParsedHeaders headers, int offset) {
		if (!extract(headers, offset, IntWire.LABEL_OPTION_BYTES)) {
			labelMalformed(headers);
			return;
		}
		int intNum = u8(frame, offset + 1);
		int items = intNum & IntWire.LABEL_COUNT_MASK;
		if (items > IntWire.MAX_LABEL_ITEMS) {
			headers.parserError = ParserError.LABEL_ITEMS_OVERFLOW;
			labelMalformed(headers);
			return;
		}
		if (!extract(headers, offset + IntWire.LABEL_OPTION_BYTES, items * IntWire.LABEL_ITEM_BYTES)) {
			labelMalformed(headers);
			return;
		}
		headers.labelOffset = offset;
		headers.labelItems = items;
		headers.labelSpecific = (intNum & IntWire.LABEL_SPECIFIC_FLOW) != 0;
		headers.ipProto = u8(frame, offset);
		selectL4(frame, headers, offset + headers.labelBytes());
	}

	private static void labelMalformed(ParsedHeaders headers) {
		headers.labelMalformed = true;
		headers.labelEligible = false;
	}

	// state parse_ipv6: extension headers are not walked.
	private static void parseIpv6(byte[] frame, ParsedHeaders headers, int offset) {
		if (!extract(headers, offset, IntWire.IPV6_HEADER_BYTES)) {
			return;
		}
		headers.ipv6 = true;
		headers.ipOffset = offset;
		headers.ipProto = u8(frame, offset + 6);
		headers.dscp = (u16(frame, offset) >>> 6) & 0x3F;
		selectL4(frame, headers, offset + IntWire.IPV6_HEADER_BYTES);
	}

	private static void selectL4(byte[] frame, ParsedHeaders headers, int offset) {
		if (headers.ipProto == IntWire.IP_PROTO_TCP) {
			parseL4(frame, headers, offset, true);
		}
		else if (headers.ipProto == IntWire.IP_PROTO_UDP) {
			parseL4(frame, headers, offset, false);
		}
	}

	// states parse_tcp and parse_udp: both branch to the shim on the INT DSCP.
	private static void parseL4(byte[] frame, ParsedHeaders headers, int offset, boolean tcp) {
		int bytes = tcp ? IntWire.TCP_HEADER_BYTES : IntWire.UDP_HEADER_BYTES;
		if (!extract(headers, offset, bytes)) {
			return;
		}
		headers.tcp = tcp;
		headers.udp = !tcp;
		headers.l4Offset = offset;
		headers.l4SrcPort = u16(frame, offset);
		headers.l4DstPort = u16(frame, offset + 2);
		if ((headers.dscp & IntWire.INT_DSCP_MASK) == IntWire.INT_DSCP) {
			parseIntShim(frame, headers, offset + bytes);
		}
	}

	// state parse_int_shim: a Length below the 3-word MD header, another Type or NPT
	// leaves the rest as payload.
	private static void parseIntShim(byte[] frame, ParsedHeaders headers, int offset) {
		if (!extract(headers, offset, IntWire.SHIM_BYTES)) {
			return;
		}
		headers.shimOffset = offset;
		int first = u8(frame, offset);
		int length = u8(frame, offset + 1);
		if ((first >>> 4) == IntWire.INT_TYPE_MD && ((first >>> 2) & 0x3) == IntWire.INT_NPT_DSCP
				&& length >= IntWire.MD_HEADER_WORDS) {
			parseIntMd(frame, headers, offset + IntWire.SHIM_BYTES, length);
		}
	}

	// state parse_int_md, then parse_int_stack: typed hops when every item is one
	// sonde.p4 knows and Hop ML matches them; words otherwise (a Hop ML of 0 too).
	private static void parseIntMd(byte[] frame, ParsedHeaders headers, int offset, int shimLength) {
		if (!extract(headers, offset, IntWire.MD_HEADER_BYTES)) {
			return;
		}
		headers.intMd = true;
		if ((u8(frame, offset) >>> 4) != IntWire.INT_VERSION) {
			return;
		}
		int stackWords = shimLength - IntWire.MD_HEADER_WORDS;
		if (stackWords == 0) {
			return;
		}
		int hopMl = u8(frame, offset + 2) & 0x1F;
		int instructions = u16(frame, offset + 4);
		int dsInstructions = u16(frame, offset + 8);
		boolean known = (instructions & IntWire.INSTR_UNSUPPORTED) == 0 && dsInstructions == 0;
		int stackOffset = offset + IntWire.MD_HEADER_BYTES;
		if (known && hopMl != 0 && IntWire.hopWords(instructions) == hopMl) {
			parseIntHops(headers, stackOffset, stackWords, hopMl);
		}
		else {
			parseIntWords(headers, stackOffset, stackWords);
		}
	}

	// states parse_int_hop .. end_int_hop: each hop extracts Hop ML words (its items in
	// bitmap order); a ninth hop overflows the header stacks.
	private static void parseIntHops(ParsedHeaders headers, int offset, int stackWords, int hopMl) {
		int wordsLeft = stackWords;
		int position = offset;
		while (true) {
			headers.hopCount++;
			if (headers.hopCount > IntWire.MAX_INT_HOPS) {
				headers.parserError = ParserError.STACK_OUT_OF_BOUNDS;
				return;
			}
			if (!extract(headers, position, hopMl * 4)) {
				return;
			}
			position += hopMl * 4;
			wordsLeft -= hopMl;
			if (wordsLeft < 0) {
				// end_int_hop's verify: the 9-bit counter underflowed past the stack.
				headers.parserError = ParserError.INT_STACK_LENGTH_MISMATCH;
				return;
			}
			if (wordsLeft == 0) {
				return;
			}
		}
	}

	// state parse_int_word: at most MAX_INT_STACK_WORDS words.
	private static void parseIntWords(ParsedHeaders headers, int offset, int stackWords) {
		for (int word = 0; word < stackWords; word++) {
			if (word == IntWire.MAX_INT_STACK_WORDS) {
				headers.parserError = ParserError.STACK_OUT_OF_BOUNDS;
				return;
			}
			if (!extract(headers, offset + 4 * word, 4)) {
				return;
			}
			headers.rawStackWords++;
		}
	}

}
