package io.sonde.p4programs.packet;

/**
 * One 802.1Q or 802.1ad tag: the tag protocol identifier that announced it and the fields
 * of its 16-bit tag control information (IEEE 802.1Q clause 9.6: PCP 3 bits, DEI 1 bit,
 * VID 12 bits).
 *
 * @param tpid 0x8100 (C-tag), 0x88a8 (S-tag) or 0x9100 (pre-standard QinQ)
 * @param pcp priority code point, 0 to 7
 * @param dei drop eligible indicator, 0 or 1
 * @param vid VLAN identifier, 0 to 4095
 */
public record VlanTag(int tpid, int pcp, int dei, int vid) {
}
