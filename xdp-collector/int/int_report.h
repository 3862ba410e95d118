/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_report.h - Telemetry Report v2.0 (WIRE_FACTS B), v1.0 (C.4) and v0.5
 * (C.3): the UDP payload a reporting node sends a collector.  Decodes the
 * header fields sonde-decode prints, the first report's INT metadata (TR2.0)
 * and where the first carried packet is; checks every individual report.
 * Tolerates transparent-security's inner-only TR2.0 reports with a metadata
 * block and INTCollector's TR1.0 Length of 1, as sonde-decode does
 * (docs/SONDE_DECODE.md, "Other implementations").
 */
#ifndef INT_REPORT_H
#define INT_REPORT_H

#include "int_md.h"

#ifdef __bpf__
/* why: bounded loops; more reports or TLVs in one datagram are refused */
#define INT_MAX_REPORTS 8
#define INT_MAX_TLVS 4
#else
#define INT_MAX_REPORTS 0x7fffffff
#define INT_MAX_TLVS 0x7fffffff
#endif

/*
 * transparent-security's report: RepType 0 (inner only) with an MD Length,
 * which TR-2.0 gives no conforming report, and InType 3-5, first in its
 * datagram.  Its 12-byte block (RepMdBits, DS ID, DSMdBits, DSMdstatus, one
 * word) comes first, then the packet to the end of the datagram whatever
 * Report Length says: it is the datagram's only report.
 */
#define INT_TPS_BLOCK 12

enum int_format {
	INT_FMT_NONE = 0,
	INT_FMT_INT_MD = 1,
	INT_FMT_TR05 = 2,
	INT_FMT_TR10 = 3,
	INT_FMT_TR20 = 4,
};

enum int_inner_kind {
	INT_INNER_NONE = 0,
	INT_INNER_ETHERNET = INT_LINK_ETHERNET,
	INT_INNER_IPV4 = INT_LINK_IPV4,
	INT_INNER_IPV6 = INT_LINK_IPV6,
};

struct int_report {
	__u8 format; /* enum int_format */
	__u8 has_node;
	__u8 has_md; /* TR2.0: the first report is an INT report */
	__u8 nproto; /* TR0.5 NProto, TR1.0 NProt */
	__u32 hw_id;
	__u32 seq;
	__u32 node_id;
	__u16 rep_md_bits;
	__u16 md_length;
	__u16 ds_md_bits;
	__u16 inner_kind; /* enum int_inner_kind; the first carried packet */
	__u32 inner_off;
	__u32 inner_len;
	__u32 reports; /* TR2.0 individual reports */
	/* TR1.0 Length below the 4-word header: INTCollector's test generator,
	 * whose reported packets are not marked by DSCP
	 */
	__u32 intc_length;
	struct int_hop
		md; /* TR2.0 first report's metadata; TR0.5 drop/local header */
};

static __always_inline __u32 int_tlv_kind(__u32 type)
{
	return type == 1   ? INT_INNER_ETHERNET
	       : type == 2 ? INT_INNER_IPV4
	       : type == 3 ? INT_INNER_IPV6
			   : INT_INNER_NONE;
}

/*
 * The packet a transparent-security report carries: Ethernet for InType 3,
 * and for InType 4 / 5 unless it begins with the IP version they name (its
 * switches write InType by IP version before an Ethernet header).
 */
static __always_inline __u32 int_tps_inner_kind(const struct int_pkt *p,
						__u32 in, __u32 off,
						__u32 body_end)
{
	__u32 b0;

	if (off >= body_end || int_get8(p, off, &b0))
		return INT_INNER_ETHERNET;
	if (in == 4 && b0 >> 4 == 4)
		return INT_INNER_IPV4;
	if (in == 5 && b0 >> 4 == 6)
		return INT_INNER_IPV6;
	return INT_INNER_ETHERNET;
}

/* TLVs (InType 1) from c to body_end; the first packet TLV becomes the inner packet. */
static __always_inline int int_tlvs(const struct int_pkt *p, struct int_cur *c,
				    __u32 body_end, int first,
				    struct int_report *r)
{
	__u32 i, type, words, tmpl;

	for (i = 0; i < INT_MAX_TLVS; i++) {
		if (c->pos >= body_end)
			return 0;
		if (body_end - c->pos < 4)
			return -INT_E_BAD_LENGTH;
		if (int_u8(p, c, &type) || int_u8(p, c, &words) ||
		    int_u16(p, c, &tmpl))
			return -INT_E_TRUNCATED;
		if (words * 4 > body_end - c->pos)
			return -INT_E_BAD_LENGTH;
		if (first && !r->inner_kind && int_tlv_kind(type >> 4)) {
			r->inner_kind = int_tlv_kind(type >> 4);
			r->inner_off = c->pos;
			r->inner_len = words * 4;
		}
		c->pos += words * 4;
	}
	return c->pos >= body_end ? 0 : -INT_E_BAD_LENGTH;
}

/* One individual report of a TR2.0 packet; the first fills r. */
static __always_inline int int_tr20_report(const struct int_pkt *p,
					   struct int_cur *c, __u32 types,
					   __u32 rlen, int first,
					   struct int_report *r)
{
	__u32 rep = types >> 4, in = types & 0x0F, md, flags, body, body_end,
	      bits, ds_id, ds_bits, st;
	int err;

	if (int_u8(p, c, &md) || int_u8(p, c, &flags))
		return -INT_E_TRUNCATED;
	body = rlen == 0xFF ? int_left(c) : rlen * 4;
	if (int_need(c, body))
		return -INT_E_TRUNCATED;
	body_end = c->pos + body;
	if (in > 5)
		return -INT_E_UNKNOWN_TYPE;
	if (rep == 0) {
		if (md != 0)
			return -INT_E_BAD_LENGTH;
	} else if (rep == 1) {
		if (body < 8 + md * 4)
			return -INT_E_BAD_LENGTH;
		if (int_u16(p, c, &bits) || int_u16(p, c, &ds_id) ||
		    int_u16(p, c, &ds_bits) || int_u16(p, c, &st))
			return -INT_E_TRUNCATED;
		if (int_layout_size(L_REPORT_V2, bits) > md * 4)
			return -INT_E_BAD_LENGTH;
		if (first) {
			err = int_layout_read(p, c, L_REPORT_V2, bits, md * 4,
					      &r->md);
			if (err)
				return err;
			r->has_md = 1;
			r->rep_md_bits = bits;
			r->md_length = md;
			r->ds_md_bits = ds_bits;
		} else {
			c->pos += md * 4;
		}
	} else {
		return -INT_E_UNKNOWN_TYPE;
	}
	if (in == 0 && c->pos != body_end)
		return -INT_E_BAD_LENGTH;
	if (in == 1) {
		err = int_tlvs(p, c, body_end, first, r);
		if (err)
			return err;
	} else if (in >= 3 && first) {
		r->inner_kind = in == 3	  ? INT_INNER_ETHERNET
				: in == 4 ? INT_INNER_IPV4
					  : INT_INNER_IPV6;
		r->inner_off = c->pos;
		r->inner_len = body_end - c->pos;
	}
	c->pos = body_end;
	return 0;
}

/* Whether the individual report header at c is transparent-security's. */
static __always_inline int int_tps_signature(const struct int_pkt *p,
					     const struct int_cur *c)
{
	__u32 types, md;

	if (int_need(c, 4) || int_get8(p, c->pos, &types) ||
	    int_get8(p, c->pos + 2, &md))
		return 0;
	return types >> 4 == 0 && md != 0 && (types & 0x0F) >= 3 &&
	       (types & 0x0F) <= 5;
}

/*
 * transparent-security's report, the datagram's first: its header, its block,
 * then the packet to the end.  why apart from the loop: the verifier walks
 * it once, not once per report the loop may meet.
 */
static __always_inline int int_tr20_tps(const struct int_pkt *p,
					struct int_cur *c, struct int_report *r)
{
	__u32 types;

	if (int_get8(p, c->pos, &types))
		return -INT_E_TRUNCATED;
	c->pos += 4;
	if (int_left(c) < INT_TPS_BLOCK)
		return -INT_E_BAD_LENGTH;
	c->pos += INT_TPS_BLOCK;
	r->inner_kind = int_tps_inner_kind(p, types & 0x0F, c->pos, c->lim);
	r->inner_off = c->pos;
	r->inner_len = int_left(c);
	c->pos = c->lim;
	r->reports = 1;
	return 0;
}

static __always_inline int int_tr20(const struct int_pkt *p, struct int_cur *c,
				    struct int_report *r)
{
	__u32 word, node, types, rlen, i;
	int err;

	if (int_need(c, 8) || int_u32(p, c, &word) || int_u32(p, c, &node))
		return -INT_E_TRUNCATED;
	r->format = INT_FMT_TR20;
	r->hw_id = (word >> 22) & 0x3F;
	r->seq = word & 0x3FFFFF;
	r->node_id = node;
	r->has_node = 1;
	if (int_tps_signature(p, c))
		return int_tr20_tps(p, c, r);
	for (i = 0; i < INT_MAX_REPORTS; i++) {
		if (int_left(c) == 0)
			break;
		if (int_need(c, 4) || int_u8(p, c, &types) ||
		    int_u8(p, c, &rlen))
			return -INT_E_TRUNCATED;
		err = int_tr20_report(p, c, types, rlen, i == 0, r);
		if (err)
			return err;
		r->reports = i + 1;
		if (rlen == 0xFF)
			break;
	}
	if (r->reports == 0)
		return -INT_E_TRUNCATED;
	return 0;
}

static __always_inline int int_tr10(const struct int_pkt *p, struct int_cur *c,
				    struct int_report *r)
{
	__u32 word, node, seq, ts, lw, nprot, bits, md_bytes;
	int err;

	if (int_need(c, 16) || int_u32(p, c, &word) || int_u32(p, c, &node) ||
	    int_u32(p, c, &seq) || int_u32(p, c, &ts))
		return -INT_E_TRUNCATED;
	lw = (word >> 24) & 0x0F;
	nprot = (word >> 21) & 0x7;
	bits = (word >> 15) & 0x3F;
	if (lw == 0)
		return -INT_E_BAD_LENGTH;
	if (nprot > 2)
		return -INT_E_UNKNOWN_TYPE;
	/* Length 1-3 cannot hold the header: INTCollector's generator writes 1;
	 * read the 4-word header and what RepMdBits select (0 has two readings:
	 * its older generator wrote a 12-byte header there)
	 */
	md_bytes = lw < 4 ? int_layout_size(L_REPORT_V1, bits) : lw * 4 - 16;
	if (int_need(c, md_bytes))
		return -INT_E_TRUNCATED;
	if (int_layout_size(L_REPORT_V1, bits) > md_bytes)
		return -INT_E_BAD_LENGTH;
	err = int_layout_read(p, c, L_REPORT_V1, bits, md_bytes, &r->md);
	if (err)
		return err;
	if (int_left(c) == 0)
		return -INT_E_TRUNCATED;
	r->format = INT_FMT_TR10;
	r->intc_length = lw < 4;
	r->hw_id = word & 0x3F;
	r->seq = seq;
	r->node_id = node;
	r->has_node = 1;
	r->nproto = nprot;
	r->rep_md_bits = bits;
	r->md_length = md_bytes / 4;
	r->inner_kind = nprot == 0   ? INT_INNER_ETHERNET
			: nprot == 1 ? INT_INNER_IPV4
				     : INT_INNER_IPV6;
	r->inner_off = c->pos;
	r->inner_len = int_left(c);
	return 0;
}

static __always_inline int int_tr05(const struct int_pkt *p, struct int_cur *c,
				    struct int_report *r)
{
	__u32 word, seq, ts, np;
	int err = 0;

	if (int_need(c, 12) || int_u32(p, c, &word) || int_u32(p, c, &seq) ||
	    int_u32(p, c, &ts))
		return -INT_E_TRUNCATED;
	np = (word >> 24) & 0x0F;
	r->md.present = 0;
	if (np == 1) {
		if (int_need(c, 12))
			return -INT_E_TRUNCATED;
		err = int_layout_read(p, c, L_DROP_V05, 0xFFFF, 12, &r->md);
	} else if (np == 2) {
		if (int_need(c, 16))
			return -INT_E_TRUNCATED;
		err = int_layout_read(p, c, L_LOCAL_V05, 0xFFFF, 16, &r->md);
	} else if (np != 0) {
		return -INT_E_UNKNOWN_TYPE;
	}
	if (err)
		return err;
	if (int_left(c) == 0)
		return -INT_E_TRUNCATED;
	r->format = INT_FMT_TR05;
	r->hw_id = word & 0x3F;
	r->seq = seq;
	r->nproto = np;
	r->has_node = np != 0;
	r->node_id = np ? (__u32)r->md.v[HV_SWITCH_ID] : 0;
	r->inner_kind = INT_INNER_ETHERNET;
	r->inner_off = c->pos;
	r->inner_len = int_left(c);
	return 0;
}

/* Decodes the telemetry report in the len bytes at off (a UDP payload). */
static __always_inline int int_report_decode(const struct int_pkt *p, __u32 off,
					     __u32 len, struct int_report *r)
{
	struct int_cur c = { .pos = off, .lim = off + len };
	__u32 first;

	r->format = INT_FMT_NONE;
	r->has_node = 0;
	r->has_md = 0;
	r->inner_kind = INT_INNER_NONE;
	r->reports = 0;
	r->intc_length = 0;
	if (int_need(&c, 1) || int_get8(p, off, &first))
		return -INT_E_TRUNCATED;
	switch (first >> 4) {
	case 0:
		return int_tr05(p, &c, r);
	case 1:
		return int_tr10(p, &c, r);
	case 2:
		return int_tr20(p, &c, r);
	}
	return -INT_E_UNKNOWN_VERSION;
}

#endif /* INT_REPORT_H */
