/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_l34.h - link, IPv4/IPv6 and TCP/UDP headers of a frame or of a packet
 * a telemetry report carries: where the transport payload is, the 5-tuple and
 * the DSCP.  Same rules as sonde-decode's frame dissector (docs/SONDE_DECODE.md):
 * the IP length trims padding, a zero IP length means "what was captured",
 * later fragments have no ports, errors are typed.
 */
#ifndef INT_L34_H
#define INT_L34_H

#include "int_wire.h"

/* pcap LINKTYPE_* values sonde-decode knows. */
enum int_link {
	INT_LINK_NULL = 0,
	INT_LINK_ETHERNET = 1,
	INT_LINK_RAW = 101,
	INT_LINK_LOOP = 108,
	INT_LINK_SLL = 113,
	INT_LINK_IPV4 = 228,
	INT_LINK_IPV6 = 229,
	INT_LINK_SLL2 = 276,
};

#define INT_MAX_VLAN_TAGS 8

/*
 * Forgets what the verifier knows of an offset but its bound: why: offsets
 * that differ by path (VLAN tags, IP options, extension headers) would each
 * keep a verifier state of their own through everything parsed after them.
 */
#define int_widen(v) int_index((v), INT_OFF_MAX)
#define INT_PROTO_TCP 6
#define INT_PROTO_UDP 17

#ifdef __bpf__
/* why: every extension header is one more verifier state; real reports have none */
#define INT_MAX_IPV6_EXT 4
#else
#define INT_MAX_IPV6_EXT 0x7fffffff
#endif

struct int_l34 {
	__u8 ip_version;
	__u8 dscp;
	__u8 protocol;
	__u8 has_ports; /* TCP/UDP whose header is in this packet */
	__u8 upper; /* l4_off starts the upper header (not a later fragment) */
	__u8 pad[3];
	__u16 src_port;
	__u16 dst_port;
	__u8 src[16];
	__u8 dst[16];
	__u32 l4_off; /* first byte after the IP headers */
	__u32 payload_off;
	__u32 payload_len;
};

/* What the IP layer leaves to the transport layer. */
struct int_ip_end {
	__u32 declared; /* end the IP length gives */
	__u32 captured; /* min(declared, window end) */
	__u8 upper; /* the transport header is here (not a later fragment) */
	__u8 first_of_several; /* first fragment of a fragmented packet */
	/* IPv6: the Next Header byte naming the upper protocol, the fixed
	 * header's or the last extension header's (INT removal restores it)
	 */
	__u32 next_off;
};

static __always_inline int int_is_vlan(__u32 type)
{
	return type == 0x8100 || type == 0x88A8 || type == 0x9100;
}

/* Ethernet type at type_off, then any VLAN tags from after; sets *l3, *type. */
static __always_inline int int_link_tags(const struct int_pkt *p, __u32 lim,
					 __u32 type_off, __u32 after,
					 __u32 *type, __u32 *l3)
{
	int i;

	if (int_get16(p, type_off, type))
		return -INT_E_TRUNCATED;
	for (i = 0; i <= INT_MAX_VLAN_TAGS; i++) {
		if (!int_is_vlan(*type))
			break;
		if (i == INT_MAX_VLAN_TAGS)
			return -INT_E_TOO_MANY_VLAN_TAGS;
		if (after + 4 > lim || int_get16(p, after + 2, type))
			return -INT_E_TRUNCATED;
		after += 4;
	}
	*l3 = int_widen(after);
	return 0;
}

static __always_inline int int_link_layer(const struct int_pkt *p, __u32 link,
					  __u32 start, __u32 lim, __u32 *type,
					  __u32 *l3)
{
	__u32 v;

	switch (link) {
	case INT_LINK_ETHERNET:
		if (lim - start < 14)
			return -INT_E_TRUNCATED;
		return int_link_tags(p, lim, start + 12, start + 14, type, l3);
	case INT_LINK_SLL:
		if (lim - start < 16)
			return -INT_E_TRUNCATED;
		return int_link_tags(p, lim, start + 14, start + 16, type, l3);
	case INT_LINK_SLL2:
		/* SLL2 puts its protocol first; the packet follows all 20 bytes */
		if (lim - start < 20)
			return -INT_E_TRUNCATED;
		return int_link_tags(p, lim, start, start + 20, type, l3);
	case INT_LINK_NULL:
	case INT_LINK_LOOP:
		if (lim - start < 4 || int_get32(p, start, &v))
			return -INT_E_TRUNCATED;
		/* a NULL header written little-endian shows its family up high */
		if (link == INT_LINK_NULL && v > 0xFFFF)
			v = __builtin_bswap32(v);
		*l3 = start + 4;
		if (v == 2)
			*type = 0x0800;
		else if (v == 10 || v == 24 || v == 28 || v == 30)
			*type = 0x86DD;
		else
			return -INT_E_NOT_IP;
		return 0;
	case INT_LINK_RAW:
		if (lim - start < 1 || int_get8(p, start, &v))
			return -INT_E_TRUNCATED;
		*l3 = start;
		if (v >> 4 == 4)
			*type = 0x0800;
		else if (v >> 4 == 6)
			*type = 0x86DD;
		else
			return -INT_E_BAD_IP_HEADER;
		return 0;
	case INT_LINK_IPV4:
		*type = 0x0800;
		*l3 = start;
		return 0;
	case INT_LINK_IPV6:
		*type = 0x86DD;
		*l3 = start;
		return 0;
	}
	return -INT_E_UNSUPPORTED_LINK_TYPE;
}

static __always_inline int int_copy_addr(const struct int_pkt *p, __u32 off,
					 __u8 *dst, const __u32 n)
{
	const __u8 *b = int_at(p, off, n);

	if (!b)
		return -INT_E_TRUNCATED;
	__builtin_memcpy(dst, b, n);
	return 0;
}

static __always_inline int int_ipv4(const struct int_pkt *p, __u32 at,
				    __u32 lim, struct int_l34 *o,
				    struct int_ip_end *e)
{
	__u32 b0, tos, total, frag, proto, hl;

	if (at >= lim || int_get8(p, at, &b0))
		return -INT_E_TRUNCATED;
	if (b0 >> 4 != 4)
		return -INT_E_BAD_IP_HEADER;
	if (lim - at < 20)
		return -INT_E_TRUNCATED;
	hl = (b0 & 0x0F) * 4;
	if (hl < 20)
		return -INT_E_BAD_IP_HEADER;
	if (lim - at < hl)
		return -INT_E_TRUNCATED;
	if (int_get8(p, at + 1, &tos) || int_get16(p, at + 2, &total) ||
	    int_get16(p, at + 6, &frag) || int_get8(p, at + 9, &proto))
		return -INT_E_TRUNCATED;
	if (total == 0)
		/* segmentation offload hands captures a 0 length: use what is there */
		e->declared = lim;
	else if (total < hl)
		return -INT_E_BAD_IP_HEADER;
	else
		e->declared = at + total;
	e->declared = int_widen(e->declared);
	e->captured = int_widen(e->declared < lim ? e->declared : lim);
	e->upper = (frag & 0x1FFF) == 0;
	e->first_of_several = e->upper && (frag & 0x2000);
	o->ip_version = 4;
	o->dscp = tos >> 2;
	o->protocol = proto;
	__builtin_memset(o->src, 0, sizeof(o->src));
	__builtin_memset(o->dst, 0, sizeof(o->dst));
	if (int_copy_addr(p, at + 12, o->src, 4) ||
	    int_copy_addr(p, at + 16, o->dst, 4))
		return -INT_E_TRUNCATED;
	o->l4_off = int_widen(at + hl);
	return 0;
}

static __always_inline int int_is_ipv6_ext(__u32 next)
{
	return next == 0 || next == 43 || next == 44 || next == 51 ||
	       next == 60;
}

/* An extension header of len bytes at cur must lie in the packet and window. */
static __always_inline int int_ipv6_need(__u32 cur, __u32 len,
					 const struct int_ip_end *e, __u32 lim)
{
	if (e->declared < cur || len > e->declared - cur)
		return -INT_E_BAD_IP_HEADER;
	if (lim < cur || len > lim - cur)
		return -INT_E_TRUNCATED;
	return 0;
}

static __always_inline int int_ipv6(const struct int_pkt *p, __u32 at,
				    __u32 lim, struct int_l34 *o,
				    struct int_ip_end *e)
{
	__u32 w0, plen, next, cur, units, len, fl, i;
	int err;

	if (at >= lim || int_get8(p, at, &w0))
		return -INT_E_TRUNCATED;
	if (w0 >> 4 != 6)
		return -INT_E_BAD_IP_HEADER;
	if (lim - at < 40)
		return -INT_E_TRUNCATED;
	if (int_get32(p, at, &w0) || int_get16(p, at + 4, &plen) ||
	    int_get8(p, at + 6, &next))
		return -INT_E_TRUNCATED;
	/* a zero payload length: a jumbogram or offload, the capture is the packet */
	e->declared = plen == 0 ? lim : at + 40 + plen;
	e->upper = 1;
	e->first_of_several = 0;
	e->next_off = at + 6;
	cur = at + 40;
	for (i = 0; i < INT_MAX_IPV6_EXT; i++) {
		if (!int_is_ipv6_ext(next))
			break;
		if (next == 44) {
			err = int_ipv6_need(cur, 8, e, lim);
			if (err)
				return err;
			if (int_get16(p, cur + 2, &fl) ||
			    int_get8(p, cur, &next))
				return -INT_E_TRUNCATED;
			e->next_off = cur;
			cur += 8;
			if (fl >> 3) {
				/* a later fragment: the transport header is in the first */
				e->upper = 0;
				break;
			}
			e->first_of_several = fl & 1;
			continue;
		}
		err = int_ipv6_need(cur, 2, e, lim);
		if (err)
			return err;
		if (int_get8(p, cur + 1, &units))
			return -INT_E_TRUNCATED;
		/* RFC 4302: AH counts 4-byte words minus 2; RFC 8200: 8-byte units + 1 */
		len = next == 51 ? (units + 2) * 4 : (units + 1) * 8;
		err = int_ipv6_need(cur, len, e, lim);
		if (err)
			return err;
		if (int_get8(p, cur, &next))
			return -INT_E_TRUNCATED;
		e->next_off = cur;
		cur = int_widen(cur + len);
	}
	if (i == INT_MAX_IPV6_EXT && int_is_ipv6_ext(next) && e->upper)
		return -INT_E_BAD_IP_HEADER;
	e->declared = int_widen(e->declared);
	e->captured = int_widen(e->declared < lim ? e->declared : lim);
	o->ip_version = 6;
	o->dscp = ((w0 >> 20) & 0xFF) >> 2;
	o->protocol = next;
	if (int_copy_addr(p, at + 8, o->src, 16) ||
	    int_copy_addr(p, at + 24, o->dst, 16))
		return -INT_E_TRUNCATED;
	o->l4_off = int_widen(cur);
	return 0;
}

/* A transport header of n bytes at at must fit the IP packet and the window. */
static __always_inline int int_l4_need(__u32 at, __u32 n,
				       const struct int_ip_end *e, __u32 lim)
{
	if (e->declared < at || n > e->declared - at)
		return -INT_E_BAD_L4_HEADER;
	if (lim < at || n > lim - at)
		return -INT_E_TRUNCATED;
	return 0;
}

static __always_inline int int_transport(const struct int_pkt *p, __u32 lim,
					 const struct int_ip_end *e,
					 struct int_l34 *o)
{
	__u32 at = o->l4_off, sp, dp, v, hl, end;
	int err;

	o->has_ports = 0;
	o->upper = e->upper;
	o->src_port = 0;
	o->dst_port = 0;
	if (!e->upper ||
	    (o->protocol != INT_PROTO_TCP && o->protocol != INT_PROTO_UDP)) {
		o->payload_off = at;
		o->payload_len = e->captured > at ? e->captured - at : 0;
		return 0;
	}
	if (o->protocol == INT_PROTO_TCP) {
		err = int_l4_need(at, 20, e, lim);
		if (err)
			return err;
		if (int_get8(p, at + 12, &v))
			return -INT_E_TRUNCATED;
		hl = (v >> 4) * 4;
		if (hl < 20)
			return -INT_E_BAD_L4_HEADER;
		err = int_l4_need(at, hl, e, lim);
		if (err)
			return err;
		end = e->captured;
	} else {
		err = int_l4_need(at, 8, e, lim);
		if (err)
			return err;
		if (int_get16(p, at + 4, &v))
			return -INT_E_TRUNCATED;
		if (v < 8)
			return -INT_E_BAD_L4_HEADER;
		if (v > e->declared - at && !e->first_of_several)
			return -INT_E_BAD_L4_HEADER;
		hl = 8;
		end = at + v < e->captured ? at + v : e->captured;
	}
	if (int_get16(p, at, &sp) || int_get16(p, at + 2, &dp))
		return -INT_E_TRUNCATED;
	o->has_ports = 1;
	o->src_port = sp;
	o->dst_port = dp;
	o->payload_off = int_widen(at + hl);
	o->payload_len = int_widen(end > at + hl ? end - (at + hl) : 0);
	return 0;
}

/*
 * Dissects the len bytes at start as a frame of the given link type.
 * Returns 0, or -INT_E_NOT_IP for a frame that is not IP, or the error.
 */
static __always_inline int int_dissect(const struct int_pkt *p, __u32 link,
				       __u32 start, __u32 len,
				       struct int_l34 *o)
{
	struct int_ip_end e = {};
	__u32 lim = start + len, type = 0, l3 = 0;
	int err;

	err = int_link_layer(p, link, start, lim, &type, &l3);
	if (err)
		return err;
	if (type == 0x0800)
		err = int_ipv4(p, l3, lim, o, &e);
	else if (type == 0x86DD)
		err = int_ipv6(p, l3, lim, o, &e);
	else
		return -INT_E_NOT_IP;
	if (err)
		return err;
	return int_transport(p, lim, &e, o);
}

#endif /* INT_L34_H */
