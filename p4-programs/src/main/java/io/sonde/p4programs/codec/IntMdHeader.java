package io.sonde.p4programs.codec;

/**
 * The INT-MD metadata header, one record for the three layouts; a component a version
 * does not have is 0 / false.
 * <p>
 * v2.x, 12 bytes (WIRE_FACTS A.4, INT-2.1 §5.8): Ver 4, D 1, E 1, M 1, reserved 12, Hop
 * ML 5, Remaining Hop Count 8 | Instruction Bitmap 16, Domain Specific ID 16 | DS
 * Instruction 16, DS Flags 16.
 * <p>
 * v1.0, 8 bytes (C.2, INT-1.0 §4.7): Ver 4, Rep 2, C 1, E 1, M 1, reserved 10, Hop ML 5,
 * Remaining Hop Count 8 | Instruction Bitmap 16, reserved 16.
 * <p>
 * v0.5, 8 bytes (C.1, INT-0.5 §5.3.4): Ver 4, Rep 2, C 1, E 1, reserved 3, Ins Cnt 5, Max
 * Hop Count 8, Total Hop Count 8 | Instruction Bitmap 16, reserved 16.
 *
 * @param version the Ver field: 0, 1 or 2
 * @param replication Rep (v0.5, v1.0): 0 none, 1 port-level, 2 next-hop, 3 both
 * @param copy C (v0.5, v1.0)
 * @param discard D (v2.x): the sink drops the packet after extracting INT
 * @param hopCountExceeded E (all versions): a node found no hop left to push into
 * @param mtuExceeded M (v1.0, v2.x): a node did not insert metadata because of the MTU
 * @param hopMetadataLength Hop ML (v1.0, v2.x) or Ins Cnt (v0.5): the 4-byte words every
 * hop adds
 * @param remainingHopCount Remaining Hop Count (v1.0, v2.x)
 * @param maxHopCount Max Hop Count (v0.5)
 * @param totalHopCount Total Hop Count (v0.5): hops that pushed metadata
 * @param instructions the 16-bit instruction bitmap, bit 0 = 0x8000 (A.6)
 * @param domainSpecificId Domain Specific ID (v2.x); 0 = default
 * @param domainSpecificInstructions DS Instruction (v2.x)
 * @param domainSpecificFlags DS Flags (v2.x)
 * @param reserved the reserved low half of word 1 (v0.5, v1.0); GEANT int-platforms put a
 * sequence number there (WIRE_FACTS C.5), so it is kept
 */
public record IntMdHeader(int version, int replication, boolean copy, boolean discard, boolean hopCountExceeded,
		boolean mtuExceeded, int hopMetadataLength, int remainingHopCount, int maxHopCount, int totalHopCount,
		int instructions, int domainSpecificId, int domainSpecificInstructions, int domainSpecificFlags, int reserved) {

	public IntMdHeader {
		IntShim.checkRange("version", version, 0xF);
		IntShim.checkRange("replication", replication, 3);
		IntShim.checkRange("hopMetadataLength", hopMetadataLength, 0x1F);
		IntShim.checkRange("remainingHopCount", remainingHopCount, 0xFF);
		IntShim.checkRange("maxHopCount", maxHopCount, 0xFF);
		IntShim.checkRange("totalHopCount", totalHopCount, 0xFF);
		IntShim.checkRange("instructions", instructions, 0xFFFF);
		IntShim.checkRange("domainSpecificId", domainSpecificId, 0xFFFF);
		IntShim.checkRange("domainSpecificInstructions", domainSpecificInstructions, 0xFFFF);
		IntShim.checkRange("domainSpecificFlags", domainSpecificFlags, 0xFFFF);
		IntShim.checkRange("reserved", reserved, 0xFFFF);
	}

	/**
	 * A v2.x header as a source writes it: no flags, default domain.
	 * @param instructions the instruction bitmap
	 * @param hopMetadataLength Hop ML in words (baseline values + domain-specific
	 * metadata)
	 * @param remainingHopCount hops still allowed to push
	 */
	public static IntMdHeader v2(int instructions, int hopMetadataLength, int remainingHopCount) {
		return new IntMdHeader(2, 0, false, false, false, false, hopMetadataLength, remainingHopCount, 0, 0,
				instructions, 0, 0, 0, 0);
	}

	/** A v1.0 header as a source writes it. */
	public static IntMdHeader v1(int instructions, int hopMetadataLength, int remainingHopCount) {
		return new IntMdHeader(1, 0, false, false, false, false, hopMetadataLength, remainingHopCount, 0, 0,
				instructions, 0, 0, 0, 0);
	}

	/**
	 * A v0.5 header; Ins Cnt is the number of instruction bits 0-7 set (every v0.5 value
	 * is one word), Total Hop Count is set when the packet is built.
	 */
	public static IntMdHeader v05(int instructions, int maxHopCount) {
		return new IntMdHeader(0, 0, false, false, false, false, Integer.bitCount(instructions & 0xFF00), 0,
				maxHopCount, 0, instructions, 0, 0, 0, 0);
	}

	/**
	 * Hops that may still push metadata: Remaining Hop Count, or Max − Total Hop Count in
	 * v0.5.
	 */
	public int remainingHops() {
		return (this.version == 0) ? Math.max(0, this.maxHopCount - this.totalHopCount) : this.remainingHopCount;
	}

	/** This header with the v2.x domain-specific fields set. */
	public IntMdHeader withDomainSpecific(int id, int dsInstructions, int dsFlags) {
		return new IntMdHeader(this.version, this.replication, this.copy, this.discard, this.hopCountExceeded,
				this.mtuExceeded, this.hopMetadataLength, this.remainingHopCount, this.maxHopCount, this.totalHopCount,
				this.instructions, id, dsInstructions, dsFlags, this.reserved);
	}

	/** This header with the D, E and M flags set as given. */
	public IntMdHeader withFlags(boolean discardFlag, boolean exceeded, boolean mtu) {
		return new IntMdHeader(this.version, this.replication, this.copy, discardFlag, exceeded, mtu,
				this.hopMetadataLength, this.remainingHopCount, this.maxHopCount, this.totalHopCount, this.instructions,
				this.domainSpecificId, this.domainSpecificInstructions, this.domainSpecificFlags, this.reserved);
	}

	IntMdHeader withTotalHopCount(int hops) {
		return new IntMdHeader(this.version, this.replication, this.copy, this.discard, this.hopCountExceeded,
				this.mtuExceeded, this.hopMetadataLength, this.remainingHopCount, this.maxHopCount, hops,
				this.instructions, this.domainSpecificId, this.domainSpecificInstructions, this.domainSpecificFlags,
				this.reserved);
	}

}
