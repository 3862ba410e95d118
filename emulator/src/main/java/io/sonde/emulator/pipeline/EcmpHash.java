package io.sonde.emulator.pipeline;

import java.util.zip.CRC32;

/**
 * {@code meta.forwarding.ecmp_hash} as forwarding.p4 computes it before {@code next_hop}:
 * {@code hash(crc32, 0, {ipv4_src, ipv4_dst, ip_proto, l4_src_port, l4_dst_port}, 2^32)}
 * plus the switch's {@code ecmp_salt}, wrapping at 32 bits. BMv2's {@code crc32} is the
 * common CRC-32 (reflected, initial value and final XOR all ones), which is
 * {@link CRC32}'s. One instance per data-plane thread: it reuses its buffer.
 */
final class EcmpHash {

	private final byte[] fields = new byte[13];

	private final CRC32 crc = new CRC32();

	int of(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort, long salt) {
		WireBytes.put32(this.fields, 0, ipv4Src);
		WireBytes.put32(this.fields, 4, ipv4Dst);
		this.fields[8] = (byte) ipProto;
		WireBytes.put16(this.fields, 9, l4SrcPort);
		WireBytes.put16(this.fields, 11, l4DstPort);
		this.crc.reset();
		this.crc.update(this.fields, 0, this.fields.length);
		return (int) (this.crc.getValue() + salt);
	}

}
