/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_md.h - INT-MD over TCP/UDP: shim, metadata header and hop stack in the
 * v2.1 (WIRE_FACTS A.3-A.7), v1.0 (C.2) and v0.5 (C.1) layouts, GEANT's v1.0
 * stacks and INTCollector's test generator's.  Same decisions and error
 * reasons as sonde-decode (docs/SONDE_DECODE.md).
 */
#ifndef INT_MD_H
#define INT_MD_H

#include "int_layout.h"

#ifndef INT_MAX_HOPS
#ifdef __bpf__
#error "an XDP program defines INT_MAX_HOPS: the most hops its loops and maps hold"
#else
#define INT_MAX_HOPS 16 /* sonde-decode's default hop limit */
#endif
#endif
/* a TR2.0 sink's own metadata may follow the stack as one more hop */
#define INT_MAX_PATH (INT_MAX_HOPS + 1)
/* hops[] slots: a power of two, so that an index can be masked into range */
#ifdef __bpf__
#define INT_HOP_SLOTS 16
#else
#define INT_HOP_SLOTS 32
#endif
_Static_assert(INT_HOP_SLOTS >= INT_MAX_PATH &&
		       (INT_HOP_SLOTS & (INT_HOP_SLOTS - 1)) == 0,
	       "INT_HOP_SLOTS");

struct int_stack {
	__u8 version;	    /* the INT header's Ver: 2, 1, 0 */
	__u8 npt;	    /* v2.x shim NPT */
	__u8 has_remaining; /* 0 for a report's own metadata */
	__u8 has_tail;	    /* v0.5 */
	__u16 instructions;
	__u16 hop_ml;
	__u32 remaining;
	__u32 hop_count; /* hops[] used, path order */
	__u32 saved;	 /* v2.x shim bytes 2-3 */
	__u32 tail_port; /* v0.5 tail: original destination port */
	__u32 end_off;	 /* first byte after the INT bytes */
	__u32 stack_off;
	__u32 hop_bytes;
	struct int_hop hops[INT_HOP_SLOTS];
};

/* Reads count hops of hop_bytes from c, newest first on the wire, into path order. */
static __always_inline int int_read_hops(const struct int_pkt *p,
					 struct int_cur *c, enum int_layout l,
					 __u32 bm, __u32 count, __u32 hop_bytes,
					 struct int_stack *s)
{
	struct int_plan pl;
	__u32 i, idx, base = c->pos;
	int err;

	int_plan(l, bm, &pl);
	/* why: a bounded loop; the verifier walks each of the INT_MAX_HOPS turns */
	for (i = 0; i < INT_MAX_HOPS; i++) {
		if (i >= count)
			break;
		idx = int_index(count - 1 - i, INT_HOP_SLOTS - 1);
		err = int_plan_read(p, base, c->lim, l, bm, hop_bytes, &pl,
				    &s->hops[idx]);
		if (err)
			return err;
		base += hop_bytes;
	}
	c->pos = base;
	s->hop_count = count;
	return 0;
}

/* DSCP markings that announce INT: 0x17 (the specs), 0x20 (GEANT), bit 0x01 (ONOS fabric). */
static __always_inline int int_dscp_marks(__u32 dscp)
{
	return dscp == 0x17 || dscp == 0x20 || (dscp & 0x01);
}

/*
 * Whether the payload at off begins with announced INT-MD (WIRE_FACTS C.6);
 * 0 = no.  any_dscp: recognised by content alone, whatever the DSCP.
 */
static __always_inline int int_md_recognise(const struct int_pkt *p, __u32 off,
					    __u32 len, __u32 dscp,
					    __u32 any_dscp)
{
	__u32 first, b1, b2, hv, npt, marked = any_dscp || int_dscp_marks(dscp);

	if (len < 5 || int_get8(p, off, &first) || int_get8(p, off + 1, &b1) ||
	    int_get8(p, off + 2, &b2) || int_get8(p, off + 4, &hv))
		return 0;
	hv >>= 4;
	if (first >> 4 == 1) {
		npt = (first >> 2) & 3;
		if (!(npt == 1 || npt == 2 || marked))
			return 0;
		return (first & 3) == 0 && npt != 3 && b1 >= 3 && hv == 2;
	}
	if (first != 1 || b1 != 0 || !marked)
		return 0;
	return (hv == 0 && b2 >= 4) || (hv == 1 && b2 >= 3);
}

/*
 * The v2.x metadata header and stack at c, lw words as a shim (or a tunnel's
 * shim or option header) says.
 */
static __always_inline int int_md_v2_body(const struct int_pkt *p,
					  struct int_cur *c, __u32 lw,
					  __u32 max_hops, struct int_stack *s)
{
	__u32 b, hop_ml, rem, ins, ds_id, w, stack, hop_bytes, count,
		source_only;
	int err;

	if (lw * 4 < 12)
		return -INT_E_BAD_LENGTH;
	if (int_need(c, lw * 4))
		return -INT_E_TRUNCATED;
	if (int_u8(p, c, &b))
		return -INT_E_TRUNCATED;
	if (b >> 4 != 2)
		return -INT_E_UNKNOWN_VERSION;
	if (int_u8(p, c, &w) || int_u8(p, c, &hop_ml) || int_u8(p, c, &rem) ||
	    int_u16(p, c, &ins) || int_u16(p, c, &ds_id) || int_u32(p, c, &w))
		return -INT_E_TRUNCATED;
	hop_ml &= 0x1F;
	s->version = 2;
	s->instructions = ins;
	s->hop_ml = hop_ml;
	s->remaining = rem;
	s->has_remaining = 1;
	stack = lw * 4 - 12;
	hop_bytes = hop_ml * 4;
	if (int_layout_size(L_INT_V2, ins) > hop_bytes)
		return -INT_E_BAD_LENGTH;
	count = hop_bytes ? stack / hop_bytes : 0;
	source_only = stack - count * hop_bytes;
	/* source-only metadata exists only in a domain (INT-2.1 §5.8) */
	if (source_only && ds_id == 0)
		return -INT_E_BAD_LENGTH;
	if (count > max_hops)
		return -INT_E_HOP_LIMIT;
	s->stack_off = c->pos;
	s->hop_bytes = hop_bytes;
	err = int_read_hops(p, c, L_INT_V2, ins, count, hop_bytes, s);
	if (err)
		return err;
	c->pos += source_only;
	s->end_off = c->pos;
	return 0;
}

static __always_inline int int_md_v2(const struct int_pkt *p, struct int_cur *c,
				     __u32 max_hops, struct int_stack *s)
{
	__u32 first, lw, saved;

	if (int_u8(p, c, &first))
		return -INT_E_TRUNCATED;
	if (first >> 4 != 1 || ((first >> 2) & 3) == 3)
		return -INT_E_BAD_SHIM;
	if (int_u8(p, c, &lw) || int_u16(p, c, &saved))
		return -INT_E_TRUNCATED;
	s->npt = (first >> 2) & 3;
	s->saved = saved;
	return int_md_v2_body(p, c, lw, max_hops, s);
}

static __always_inline int int_md_v1(const struct int_pkt *p, struct int_cur *c,
				     __u32 max_hops, struct int_stack *s)
{
	__u32 w, lw, b, hop_ml, rem, ins, stack, hop_bytes, count;
	int err;

	if (int_u8(p, c, &w) || int_u8(p, c, &w) || int_u8(p, c, &lw) ||
	    int_u8(p, c, &w))
		return -INT_E_TRUNCATED;
	if (lw * 4 < 12)
		return -INT_E_BAD_LENGTH;
	if (int_need(c, lw * 4 - 4))
		return -INT_E_TRUNCATED;
	if (int_u8(p, c, &b))
		return -INT_E_TRUNCATED;
	if (b >> 4 != 1)
		return -INT_E_UNKNOWN_VERSION;
	if (int_u8(p, c, &w) || int_u8(p, c, &hop_ml) || int_u8(p, c, &rem) ||
	    int_u16(p, c, &ins) || int_u16(p, c, &w))
		return -INT_E_TRUNCATED;
	hop_ml &= 0x1F;
	s->version = 1;
	s->instructions = ins;
	s->hop_ml = hop_ml;
	s->remaining = rem;
	s->has_remaining = 1;
	stack = lw * 4 - 12;
	hop_bytes = hop_ml * 4;
	if (int_layout_size(L_INT_V1, ins) > hop_bytes)
		return -INT_E_BAD_LENGTH;
	if (hop_bytes ? stack % hop_bytes : stack)
		return -INT_E_BAD_LENGTH;
	count = hop_bytes ? stack / hop_bytes : 0;
	if (count > max_hops)
		return -INT_E_HOP_LIMIT;
	s->stack_off = c->pos;
	s->hop_bytes = hop_bytes;
	err = int_read_hops(p, c, L_INT_V1, ins, count, hop_bytes, s);
	if (err)
		return err;
	s->end_off = c->pos;
	return 0;
}

static __always_inline int int_md_v05(const struct int_pkt *p,
				      struct int_cur *c, __u32 max_hops,
				      struct int_stack *s)
{
	__u32 w, lw, b, cnt, max, total, ins, stack, hop_bytes, port;
	int err;

	if (int_u8(p, c, &w) || int_u8(p, c, &w) || int_u8(p, c, &lw) ||
	    int_u8(p, c, &w))
		return -INT_E_TRUNCATED;
	if (lw * 4 < 16)
		return -INT_E_BAD_LENGTH;
	if (int_need(c, lw * 4 - 4))
		return -INT_E_TRUNCATED;
	if (int_u8(p, c, &b))
		return -INT_E_TRUNCATED;
	if (b >> 4 != 0)
		return -INT_E_UNKNOWN_VERSION;
	if (int_u8(p, c, &cnt) || int_u8(p, c, &max) || int_u8(p, c, &total) ||
	    int_u16(p, c, &ins) || int_u16(p, c, &w))
		return -INT_E_TRUNCATED;
	cnt &= 0x1F;
	s->version = 0;
	s->instructions = ins;
	s->hop_ml = cnt;
	s->remaining = max > total ? max - total : 0;
	s->has_remaining = 1;
	hop_bytes = cnt * 4;
	stack = lw * 4 - 16;
	if (stack != hop_bytes * total)
		return -INT_E_BAD_LENGTH;
	if (int_layout_size(L_INT_V05, ins) > hop_bytes)
		return -INT_E_BAD_LENGTH;
	if (total > max_hops)
		return -INT_E_HOP_LIMIT;
	s->stack_off = c->pos;
	s->hop_bytes = hop_bytes;
	err = int_read_hops(p, c, L_INT_V05, ins, total, hop_bytes, s);
	if (err)
		return err;
	if (int_u8(p, c, &w) || int_u16(p, c, &port) || int_u8(p, c, &w))
		return -INT_E_TRUNCATED;
	s->has_tail = 1;
	s->tail_port = port;
	s->end_off = c->pos;
	return 0;
}

/*
 * INTCollector's test generator: a v1.0 shim and a v1.0 header (Hop ML,
 * Remaining Hop Count) with Ver 0, a word per bit 0-7, queue words 16/16.
 * Ver 0 is v0.5's, so a stack is read so only when the v0.5 reading breaks
 * v0.5's length rule (Ins Cnt x Total Hop Count words) and the v1.0 reading
 * keeps INTCollector's (Hop ML = the bits 0-7 set, no other bit, whole hops).
 */
static __always_inline int int_md_intc_matches(const struct int_pkt *p,
					       __u32 off, __u32 len)
{
	__u32 first, hv, lw, cnt, ml, total, bm, v05, intc;

	if (len < 12 || int_get8(p, off, &first) || int_get8(p, off + 4, &hv) ||
	    int_get8(p, off + 2, &lw) || int_get8(p, off + 5, &cnt) ||
	    int_get8(p, off + 6, &ml) || int_get8(p, off + 7, &total) ||
	    int_get16(p, off + 8, &bm))
		return 0;
	if (first != 1 || hv >> 4 != 0)
		return 0;
	lw *= 4;
	cnt &= 0x1F;
	ml &= 0x1F;
	v05 = lw >= 16 && lw - 16 == cnt * 4 * total;
	intc = !(bm & 0x00FF) && ml && ml == (__u32)__builtin_popcount(bm) &&
	       lw >= 12 && (lw - 12) % (ml * 4) == 0;
	return !v05 && intc;
}

static __always_inline int int_md_intc(const struct int_pkt *p,
				       struct int_cur *c, __u32 max_hops,
				       struct int_stack *s)
{
	__u32 w, lw, hop_ml, rem, ins, count;
	int err;

	if (int_u8(p, c, &w) || int_u8(p, c, &w) || int_u8(p, c, &lw) ||
	    int_u8(p, c, &w))
		return -INT_E_TRUNCATED;
	if (int_need(c, lw * 4 - 4))
		return -INT_E_TRUNCATED;
	if (int_u8(p, c, &w) || int_u8(p, c, &w) || int_u8(p, c, &hop_ml) ||
	    int_u8(p, c, &rem) || int_u16(p, c, &ins) || int_u16(p, c, &w))
		return -INT_E_TRUNCATED;
	hop_ml &= 0x1F;
	s->version = 0;
	s->instructions = ins;
	s->hop_ml = hop_ml;
	s->remaining = rem;
	s->has_remaining = 1;
	count = (lw * 4 - 12) / (hop_ml * 4);
	if (count > max_hops)
		return -INT_E_HOP_LIMIT;
	s->stack_off = c->pos;
	s->hop_bytes = hop_ml * 4;
	err = int_read_hops(p, c, L_INTC_V1, ins, count, hop_ml * 4, s);
	if (err)
		return err;
	s->end_off = c->pos;
	return 0;
}

/* GEANT's bytes per bitmap bit: 8-byte timestamps, 16+16-bit level-2 ports. */
static __always_inline __u32 int_geant_size(__u32 bm)
{
	return int_layout_size(L_GEANT_V1, bm);
}

/*
 * A v1.0 stack whose Hop ML fits GEANT int-platforms' layout and not the
 * specification's can only be GEANT's: read its hops again with GEANT's
 * widths.  When both fit, the specification's reading stands.
 */
static __always_inline int int_md_geant(const struct int_pkt *p,
					struct int_stack *s, __u32 lim)
{
	struct int_cur c = { .pos = s->stack_off, .lim = lim };
	__u32 bm = s->instructions;

	if (s->version != 1 || (bm & 0x00FE) || s->hop_count == 0 ||
	    int_geant_size(bm) != s->hop_bytes ||
	    int_layout_size(L_INT_V1, bm) == s->hop_bytes)
		return 0;
	return int_read_hops(p, &c, L_GEANT_V1, bm, s->hop_count, s->hop_bytes,
			     s);
}

/*
 * Decodes the INT-MD at off (the len bytes to the end of the L4 payload):
 * version from the shim's first byte and the header's Ver (WIRE_FACTS C.6).
 */
static __always_inline int int_md_decode(const struct int_pkt *p, __u32 off,
					 __u32 len, __u32 max_hops,
					 struct int_stack *s)
{
	struct int_cur c = { .pos = off, .lim = off + len };
	__u32 first, hv;
	int err;

	s->has_tail = 0;
	s->npt = 0;
	s->saved = 0;
	s->hop_count = 0;
	if (int_need(&c, 1) || int_get8(p, off, &first))
		return -INT_E_TRUNCATED;
	if (first >> 4)
		err = int_md_v2(p, &c, max_hops, s);
	else if (first != 1)
		return -INT_E_BAD_SHIM;
	else if (int_need(&c, 5) || int_get8(p, off + 4, &hv))
		return -INT_E_TRUNCATED;
	else if (int_md_intc_matches(p, off, len))
		return int_md_intc(p, &c, max_hops, s);
	else if (hv >> 4 == 0)
		err = int_md_v05(p, &c, max_hops, s);
	else if (hv >> 4 == 1)
		err = int_md_v1(p, &c, max_hops, s);
	else
		return -INT_E_UNKNOWN_VERSION;
	if (err)
		return err;
	return int_md_geant(p, s, off + len);
}

#endif /* INT_MD_H */
