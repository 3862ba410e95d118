package io.sonde.emulator.pipeline;

/**
 * What sonde.p4's parser found in a frame (the validity bits of {@code headers_t} as
 * offsets into the frame) and the flow identity it copied into {@code meta.flow}. One
 * instance is reused for every packet a stage parses; offsets are -1 for headers that are
 * not valid.
 */
final class ParsedHeaders {

	int frameLength;

	ParserError parserError;

	int vlanOffset;

	/** Offset of the IPv4 or IPv6 header. */
	int ipOffset;

	boolean ipv4;

	boolean ipv6;

	/**
	 * Whether the IPv4 header is one INT-label applies to: IHL 5, not a later fragment,
	 * and its option, if any, parsed.
	 */
	boolean labelEligible;

	/** Offset of the INT-label option ({@code hdr.label_option}), -1 when absent. */
	int labelOffset;

	/** Items the option says the packet carries ({@code int_num & 0x7F}). */
	int labelItems;

	/** The option's specific-flow bit ({@code int_num & 0x80}). */
	boolean labelSpecific;

	/**
	 * Whether the option did not parse (more than MAX_LABEL_ITEMS items, or cut short):
	 * the packet is forwarded unchanged, never labeled nor extracted.
	 */
	boolean labelMalformed;

	/** Offset of the TCP or UDP header. */
	int l4Offset;

	boolean tcp;

	boolean udp;

	/** Offset of the INT shim ({@code hdr.int_shim}), -1 when not extracted. */
	int shimOffset;

	/** Whether {@code hdr.int_md} was extracted (12 bytes after the shim). */
	boolean intMd;

	/**
	 * Hops extracted into the typed per-item stacks ({@code meta.int_meta.hop_count}).
	 */
	int hopCount;

	/** Words extracted into {@code hdr.int_raw_stack}. */
	int rawStackWords;

	// meta.flow: absent fields stay 0; ipProto is the original protocol (the option's
	// nh) when the INT-label option is present.
	int ipv4Src;

	int ipv4Dst;

	int ipProto;

	int l4SrcPort;

	int l4DstPort;

	int dscp;

	void reset(int length) {
		this.frameLength = length;
		this.parserError = ParserError.NO_ERROR;
		this.vlanOffset = -1;
		this.ipOffset = -1;
		this.ipv4 = false;
		this.ipv6 = false;
		this.labelEligible = false;
		this.labelOffset = -1;
		this.labelItems = 0;
		this.labelSpecific = false;
		this.labelMalformed = false;
		this.l4Offset = -1;
		this.tcp = false;
		this.udp = false;
		this.shimOffset = -1;
		this.intMd = false;
		this.hopCount = 0;
		this.rawStackWords = 0;
		this.ipv4Src = 0;
		this.ipv4Dst = 0;
		this.ipProto = 0;
		this.l4SrcPort = 0;
		this.l4DstPort = 0;
		this.dscp = 0;
	}

	boolean shim() {
		return this.shimOffset >= 0;
	}

	int mdOffset() {
		return this.shimOffset + IntWire.SHIM_BYTES;
	}

	/** Where the stack starts: its newest hop, and where a push goes. */
	int stackOffset() {
		return this.shimOffset + IntWire.FIXED_HEADER_BYTES;
	}

	/** Bytes of the L4 header the INT shim follows (fixed TCP header, or UDP). */
	int l4HeaderBytes() {
		return this.tcp ? IntWire.TCP_HEADER_BYTES : IntWire.UDP_HEADER_BYTES;
	}

	/** Whether the INT-label option is present. */
	boolean label() {
		return this.labelOffset >= 0;
	}

	/** Bytes the option and its items take. */
	int labelBytes() {
		return label() ? IntWire.LABEL_OPTION_BYTES + this.labelItems * IntWire.LABEL_ITEM_BYTES : 0;
	}

	boolean parsedCleanly() {
		return this.parserError == ParserError.NO_ERROR;
	}

}
