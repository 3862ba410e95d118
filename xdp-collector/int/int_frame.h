/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_frame.h - host only: what sonde-decode does with a whole captured frame
 * on top of the shared parser.  A UDP datagram is a telemetry report when it
 * goes to the forced report port or when its content is recognised as one
 * (WIRE_FACTS C.6: version nibble, lengths, clear reserved bits, carried
 * packets that begin like Ethernet / IPv4 / IPv6); else INT-MD at the start
 * of a TCP/UDP payload; else "not telemetry".
 */
#ifndef INT_FRAME_H
#define INT_FRAME_H

#include "int_parse.h"

#ifdef __bpf__
#error "int_frame.h is for host builds; the XDP program takes its report port from config"
#endif

static inline int int_sniff_ipv4(const struct int_pkt *p, __u32 off, __u32 len)
{
	__u32 b0, total, flags;

	if (len < 1 || int_get8(p, off, &b0))
		return 0;
	if (b0 >> 4 != 4 || (b0 & 0x0F) * 4 < 20)
		return 0;
	if (len >= 4 &&
	    (int_get16(p, off + 2, &total) || total < (b0 & 0x0F) * 4))
		return 0;
	if (len >= 7 && (int_get8(p, off + 6, &flags) || (flags & 0x80)))
		return 0;
	return 1;
}

static inline int int_sniff_ipv6(const struct int_pkt *p, __u32 off, __u32 len)
{
	__u32 b0;

	return len >= 1 && !int_get8(p, off, &b0) && (b0 & 0xF0) == 0x60;
}

/* Whether len bytes at off begin like a packet of this kind (first header only). */
static inline int int_sniff(const struct int_pkt *p, __u32 kind, __u32 off,
			    __u32 len)
{
	__u32 at = 12, type, tags;

	if (kind == INT_INNER_IPV4)
		return int_sniff_ipv4(p, off, len);
	if (kind == INT_INNER_IPV6)
		return int_sniff_ipv6(p, off, len);
	for (tags = 0; tags <= 2; tags++) {
		if (len < at + 2 || int_get16(p, off + at, &type))
			return 0;
		if (type == 0x0800)
			return int_sniff_ipv4(p, off + at + 2, len - at - 2);
		if (type == 0x86DD)
			return int_sniff_ipv6(p, off + at + 2, len - at - 2);
		if (!int_is_vlan(type))
			return 0;
		at += 4;
	}
	return 0;
}

/* The padding of a drop word (queue id 8, reason 8, padding 16) at off is clear. */
static inline int int_drop_pad_clear(const struct int_pkt *p, __u32 off)
{
	return int_u16_at(p, off + 2) == 0;
}

/* TR1.0: reserved header bits 20-22 and the drop word's padding are clear. */
static inline int int_tr10_strict(const struct int_pkt *p, __u32 off,
				  const struct int_report *r)
{
	__u32 bits = r->rep_md_bits, at = off + 16;
	__u32 w = (int_u8_at(p, off + 1) << 16) | int_u16_at(p, off + 2);

	if (w & (0x7U << 9))
		return 0;
	if (r->md_length * 4 != int_layout_size(L_REPORT_V1, bits))
		return 0; /* words the 6-bit RepMdBits do not name */
	at += ((bits >> 5) & 1) * 4 + ((bits >> 4) & 1) * 4 +
	      ((bits >> 3) & 1) * 4 + ((bits >> 2) & 1) * 4;
	return !(bits & 0x02) || int_drop_pad_clear(p, at);
}

/* TR2.0: every report's reserved bits clear, no stray metadata words, packets that look right. */
static inline int int_tr20_strict(const struct int_pkt *p, __u32 off, __u32 len)
{
	__u32 pos = off + 8, end = off + len, rlen, types, md, bits, dsbits,
	      body_end, in, inner, tpos, tw, kind, tps, packets = 0;

	while (pos < end) {
		types = int_u8_at(p, pos);
		rlen = int_u8_at(p, pos + 1);
		md = int_u8_at(p, pos + 2);
		if (int_u8_at(p, pos + 3) & 0x0F)
			return 0;
		tps = pos == off + 8 && types >> 4 == 0 && md != 0 &&
		      (types & 0x0F) >= 3 && (types & 0x0F) <= 5;
		body_end = rlen == 0xFF || tps ? end : pos + 4 + rlen * 4;
		inner = pos + 4 + (tps ? INT_TPS_BLOCK : 0);
		if (types >> 4 == 1) {
			bits = int_u16_at(p, pos + 4);
			dsbits = int_u16_at(p, pos + 8);
			if (dsbits == 0 &&
			    md * 4 != int_layout_size(L_REPORT_V2, bits))
				return 0;
			inner += 8 + md * 4;
		}
		in = types & 0x0F;
		if (in >= 3 && in <= 5) {
			kind = in == 3	 ? INT_INNER_ETHERNET
			       : in == 4 ? INT_INNER_IPV4
					 : INT_INNER_IPV6;
			if (tps)
				kind = int_tps_inner_kind(p, in, inner,
							  body_end);
			if (!int_sniff(p, kind, inner, body_end - inner))
				return 0;
			packets++;
		} else if (in == 1) {
			for (tpos = inner; tpos < body_end; tpos += 4 + tw) {
				tw = int_u8_at(p, tpos + 1) * 4;
				if (!int_tlv_kind(int_u8_at(p, tpos) >> 4))
					continue;
				if (!int_sniff(p,
					       int_tlv_kind(
						       int_u8_at(p, tpos) >> 4),
					       tpos + 4, tw))
					return 0;
				packets++;
			}
		}
		if (rlen == 0xFF || tps)
			break;
		pos = body_end;
	}
	return packets > 0;
}

/* Whether a UDP payload is a telemetry report, judged by its content alone. */
static inline int int_report_recognise(const struct int_pkt *p, __u32 off,
				       __u32 len)
{
	static struct int_report r;
	__u32 w;

	if (int_report_decode(p, off, len, &r))
		return 0;
	switch (r.format) {
	case INT_FMT_TR05:
		w = (int_u8_at(p, off + 1) << 16) | int_u16_at(p, off + 2);
		if (w & (0x7FFFU << 6))
			return 0;
		if (r.nproto == 1 && !int_drop_pad_clear(p, off + 12 + 8))
			return 0;
		break;
	case INT_FMT_TR10:
		if (!int_tr10_strict(p, off, &r))
			return 0;
		break;
	default:
		return int_tr20_strict(p, off, len);
	}
	return int_sniff(p, r.inner_kind, r.inner_off, r.inner_len);
}

/*
 * Decodes one captured frame as sonde-decode does; report_port < 0 relies on
 * content recognition alone.  0, or a negative enum int_error (including
 * -INT_E_NOT_TELEMETRY).
 */
static inline int int_decode_frame(const struct int_pkt *p, __u32 link,
				   int report_port, struct int_frame *f)
{
	struct int_l34 outer = {};
	int err;

	err = int_dissect(p, link, 0, int_pkt_len(p), &outer);
	if (err == -INT_E_NOT_IP)
		return -INT_E_NOT_TELEMETRY;
	if (err)
		return err;
	if (outer.has_ports && outer.protocol == INT_PROTO_UDP &&
	    ((report_port >= 0 && outer.dst_port == (__u32)report_port) ||
	     int_report_recognise(p, outer.payload_off, outer.payload_len)))
		return int_report_frame(p, outer.payload_off, outer.payload_len,
					INT_MAX_HOPS, f);
	return int_md_frame(p, &outer, INT_MAX_HOPS, f);
}

#endif /* INT_FRAME_H */
