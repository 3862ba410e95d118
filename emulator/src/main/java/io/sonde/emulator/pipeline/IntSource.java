package io.sonde.emulator.pipeline;

/**
 * {@code control IntSource} (int_source.p4): flows on the watchlist get the INT shim and
 * INT-MD header behind their TCP/UDP header and the INT DSCP (INT-2.1 §5.7.2 option 2,
 * §5.8). The source's own hop is pushed in egress by {@link IntTransit}, like any other
 * hop's.
 */
final class IntSource {

	private final SondeTables tables;

	private final IntHeaderTemplates templates = new IntHeaderTemplates();

	IntSource(SondeTables tables) {
		this.tables = tables;
	}

	/**
	 * The apply block: IPv4 TCP/UDP packets without INT whose egress port is not a sink
	 * port look up {@code int_watchlist}; {@code insert_int} inserts. Returns whether it
	 * did.
	 */
	boolean apply(MutableFrame frame, ParsedHeaders headers, boolean isSink) {
		if (!headers.ipv4 || !(headers.tcp || headers.udp) || headers.shim() || isSink) {
			return false;
		}
		IntInsertion action = this.tables.intWatchlist(headers.ipv4Src, headers.ipv4Dst, headers.ipProto,
				headers.l4SrcPort, headers.l4DstPort, headers.frameLength);
		if (action.insert()) {
			insertInt(frame, headers, action);
		}
		return action.insert();
	}

	// insert_int, then the UDP length the apply block grows.
	private void insertInt(MutableFrame frame, ParsedHeaders headers, IntInsertion action) {
		int at = headers.l4Offset + headers.l4HeaderBytes();
		frame.insert(at, IntWire.FIXED_HEADER_BYTES);
		byte[] bytes = frame.bytes();
		System.arraycopy(this.templates.template(action), 0, bytes, at, IntWire.FIXED_HEADER_BYTES);
		// hdr.int_shim.original_dscp = hdr.ipv4.dscp (shim byte 3 bits 0-5).
		bytes[at + 3] = (byte) (headers.dscp << 2);
		int ip = headers.ipOffset;
		bytes[ip + 1] = (byte) ((IntWire.INT_DSCP << 2) | (bytes[ip + 1] & 0x03));
		addToLength(bytes, ip + 2, IntWire.FIXED_HEADER_BYTES);
		if (headers.udp) {
			addToLength(bytes, headers.l4Offset + 4, IntWire.FIXED_HEADER_BYTES);
		}
	}

	/** Adds to a 16-bit length field, wrapping as bit&lt;16&gt; arithmetic does. */
	static void addToLength(byte[] bytes, int offset, int delta) {
		WireBytes.put16(bytes, offset, (WireBytes.u16(bytes, offset) + delta) & 0xFFFF);
	}

}
