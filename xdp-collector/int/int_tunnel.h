/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_tunnel.h - host only: INT-MD in a tunnel header (WIRE_FACTS A.8), as
 * sonde-decode reads it (TunnelInt): over GRE (INT-2.1 §5.7.1), over
 * VXLAN-GPE (§5.7.3) and as a Geneve option (§5.7.4).  The XDP collector does
 * not look into tunnels (nor does the Java collector's detector).
 *
 * GRE: version 0, no routing or other flags, a Protocol Type that is not IPv4,
 * IPv6 or Transparent Ethernet Bridging (INT-2.1 leaves it TBD_INT), optional
 * checksum, key and sequence words, then the shim Type 4 (1), G 1, Rsvd 3
 * (0), Length 8, Next Protocol 16 (an EtherType).  VXLAN-GPE, UDP port 4790:
 * P set, Ver 0, Next Protocol 0x82, then the shim Type 4 (1), Rsvd 4 (0),
 * Length 8, G + Reserved 8, Next Protocol 8 (1 IPv4, 2 IPv6, 3 Ethernet).
 * Geneve, UDP port 6081: Ver 0, the first option of class 0x0103 and Type 1,
 * whose Length is the shim's; the Protocol Type gives what follows the
 * options.  Recognised when the Length holds the 3-word metadata header and
 * its Ver is 2.  The flow is the carried packet's when it is IP and present,
 * else the tunnel packet's own.
 */
#ifndef INT_TUNNEL_H
#define INT_TUNNEL_H

#ifdef __bpf__
#error "int_tunnel.h is for host builds"
#endif

#include "int_l34.h"
#include "int_md.h"

#define INT_PROTO_GRE 47
#define INT_VXLAN_GPE_PORT 4790
#define INT_GENEVE_PORT 6081
#define INT_ETH_TEB 0x6558

/* Where a tunnel header put INT: metadata header, Length, carried packet. */
struct int_tunnel {
	__u32 md_off;
	__u32 lw;
	__u32 carried_off;
	__u32 carried_kind; /* enum int_inner_kind, 0 when not IP or Ethernet */
};

static inline __u32 int_ethertype_kind(__u32 type)
{
	return type == 0x0800	     ? INT_INNER_IPV4
	       : type == 0x86DD	     ? INT_INNER_IPV6
	       : type == INT_ETH_TEB ? INT_INNER_ETHERNET
				     : INT_INNER_NONE;
}

/* n bytes at off lie before end (and in the packet). */
static inline int int_tunnel_has(const struct int_pkt *p, __u32 off, __u32 n,
				 __u32 end)
{
	return off <= end && n <= end - off && int_at(p, off, n);
}

/* 1 when the Length and the metadata header's Ver say INT-MD v2.x. */
static inline int int_tunnel_found(const struct int_pkt *p, __u32 md, __u32 lw,
				   __u32 carried_off, __u32 kind, __u32 end,
				   struct int_tunnel *t)
{
	if (lw < 3 || !int_tunnel_has(p, md, 1, end) ||
	    int_u8_at(p, md) >> 4 != 2)
		return 0;
	t->md_off = md;
	t->lw = lw;
	t->carried_off = carried_off;
	t->carried_kind = kind;
	return 1;
}

static inline int int_tunnel_gre(const struct int_pkt *p, __u32 at, __u32 end,
				 struct int_tunnel *t)
{
	__u32 flags, type, shim, lw;

	if (!int_tunnel_has(p, at, 4, end))
		return 0;
	flags = int_u8_at(p, at);
	type = int_u16_at(p, at + 2);
	if ((flags & 0x4F) || int_u8_at(p, at + 1) || type == 0x0800 ||
	    type == 0x86DD || type == INT_ETH_TEB)
		return 0;
	/* C, K, S: 4 bytes each */
	shim = at + 4 + 4 * (__u32)__builtin_popcount(flags & 0xB0);
	if (!int_tunnel_has(p, shim, 5, end) || int_u8_at(p, shim) >> 4 != 1 ||
	    (int_u8_at(p, shim) & 0x07))
		return 0;
	lw = int_u8_at(p, shim + 1);
	return int_tunnel_found(p, shim + 4, lw, shim + 4 + lw * 4,
				int_ethertype_kind(int_u16_at(p, shim + 2)),
				end, t);
}

static inline int int_tunnel_gpe(const struct int_pkt *p, __u32 at, __u32 end,
				 struct int_tunnel *t)
{
	__u32 flags, shim = at + 8, lw, next;

	if (!int_tunnel_has(p, at, 8 + 5, end))
		return 0;
	flags = int_u8_at(p, at);
	if (!(flags & 0x04) || (flags & 0x30) || int_u8_at(p, at + 3) != 0x82 ||
	    int_u8_at(p, shim) >> 4 != 1 || (int_u8_at(p, shim) & 0x0F))
		return 0;
	lw = int_u8_at(p, shim + 1);
	next = int_u8_at(p, shim + 3);
	return int_tunnel_found(p, shim + 4, lw, shim + 4 + lw * 4,
				next == 1   ? INT_INNER_IPV4
				: next == 2 ? INT_INNER_IPV6
				: next == 3 ? INT_INNER_ETHERNET
					    : INT_INNER_NONE,
				end, t);
}

static inline int int_tunnel_geneve(const struct int_pkt *p, __u32 at,
				    __u32 end, struct int_tunnel *t)
{
	__u32 b0, opt, opt_end, words, kind;

	if (!int_tunnel_has(p, at, 8, end))
		return 0;
	b0 = int_u8_at(p, at);
	if (b0 >> 6)
		return 0;
	opt_end = at + 8 + (b0 & 0x3F) * 4;
	kind = int_ethertype_kind(int_u16_at(p, at + 2));
	for (opt = at + 8; opt + 4 <= opt_end && int_tunnel_has(p, opt, 4, end);
	     opt += 4 + words * 4) {
		words = int_u8_at(p, opt + 3) & 0x1F;
		/* the carried packet follows every option, not just this one */
		if (int_u16_at(p, opt) == 0x0103 && int_u8_at(p, opt + 2) == 1)
			return int_tunnel_found(p, opt + 4, words, opt_end,
						kind, end, t);
	}
	return 0;
}

/*
 * INT-MD in the packet's tunnel header: 1 = found (s and flow filled), 0 =
 * none, or a negative enum int_error.
 */
static inline int int_md_in_tunnel(const struct int_pkt *p,
				   const struct int_l34 *l, __u32 max_hops,
				   struct int_stack *s, struct int_l34 *flow)
{
	__u32 at = l->payload_off, end = l->payload_off + l->payload_len;
	struct int_tunnel t = {};
	struct int_l34 carried = {};
	struct int_cur c;
	int found = 0, err;

	if (l->protocol == INT_PROTO_GRE && l->upper)
		found = int_tunnel_gre(p, at, end, &t);
	else if (l->has_ports && l->protocol == INT_PROTO_UDP &&
		 l->dst_port == INT_VXLAN_GPE_PORT)
		found = int_tunnel_gpe(p, at, end, &t);
	else if (l->has_ports && l->protocol == INT_PROTO_UDP &&
		 l->dst_port == INT_GENEVE_PORT)
		found = int_tunnel_geneve(p, at, end, &t);
	if (!found)
		return 0;
	s->has_tail = 0;
	s->npt = 0;
	s->saved = 0;
	s->hop_count = 0;
	c.pos = t.md_off;
	c.lim = end;
	err = int_md_v2_body(p, &c, t.lw, max_hops, s);
	if (err)
		return err;
	*flow = *l;
	if (t.carried_kind && t.carried_off <= end &&
	    !int_dissect(p, t.carried_kind, t.carried_off, end - t.carried_off,
			 &carried))
		*flow = carried;
	return 1;
}

#endif /* INT_TUNNEL_H */
