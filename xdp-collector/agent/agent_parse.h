/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * agent_parse.h - what the NIC agent reads of an INT-MD data packet:
 * Ethernet, VLAN tags, IPv4 or IPv6 and its extension headers through the
 * shared parser (int_l34.h), then the outer UDP header, the INT shim (NPT 1
 * or 2), the INT-MD v2 header and the per-hop values the agent keeps
 * (switch id, hop latency, queue occupancy, egress TX utilization), at
 * offsets the shared layout plans.
 */
#ifndef AGENT_PARSE_H
#define AGENT_PARSE_H

#include "agent.h"
#include "int_l34.h"
#include "int_layout.h"

#define AGENT_BM_SWITCH 0x8000
#define AGENT_BM_LATENCY 0x2000
#define AGENT_BM_QUEUE 0x1000
#define AGENT_BM_UTIL 0x0100

/* How a packet went through parsing: not INT, INT, or INT that did not parse. */
enum agent_verdict {
	AGENT_NOT_INT = 0,
	AGENT_INT = 1,
	AGENT_UNPARSED = 2,
};

/* Where the INT is and what it says; values per hop, hop 0 nearest the source. */
struct agent_pkt {
	struct agent_flow_key key;
	__u32 l3;	/* IPv4 or IPv6 header */
	__u32 l4;	/* outer UDP header */
	__u32 next_hdr; /* IPv6: the Next Header byte that names UDP */
	__u32 shim;	/* INT shim: l4 + 8 */
	__u32 keep; /* headers INT removal keeps: to l4 + 8 (NPT 1), l4 (2) */
	__u32 int_bytes; /* shim, MD header and stack */
	__u32 npt;
	__u32 orig; /* NPT 1: original destination port; NPT 2: original protocol */
	__u32 hops; /* hops kept: at most AGENT_MAX_HOPS */
	__u32 over_limit;
	__u32 have; /* (1 << metric) per per-switch metric the bitmap carries */
	__u32 path_id;
	__u64 e2e;
	__u32 sw[AGENT_MAX_HOPS];
	__u32 val[AGENT_HOP_METRICS][AGENT_MAX_HOPS];
};

/* The counter of an unparsed INT packet, by the parser's error. */
static __always_inline __u32 agent_unparsed_counter(int err)
{
	switch (err) {
	case -INT_E_BAD_LENGTH:
		return AGENT_C_UNPARSED_BAD_LENGTH;
	case -INT_E_UNKNOWN_VERSION:
		return AGENT_C_UNPARSED_UNKNOWN_VERSION;
	case -INT_E_BAD_SHIM:
		return AGENT_C_UNPARSED_BAD_SHIM;
	case -INT_E_UNKNOWN_TYPE:
		return AGENT_C_UNPARSED_UNKNOWN_TYPE;
	case -INT_E_BAD_IP_HEADER:
		return AGENT_C_UNPARSED_BAD_IP_HEADER;
	case -INT_E_BAD_L4_HEADER:
		return AGENT_C_UNPARSED_BAD_L4_HEADER;
	case -INT_E_TOO_MANY_VLAN_TAGS:
		return AGENT_C_UNPARSED_TOO_MANY_VLAN_TAGS;
	default:
		return AGENT_C_UNPARSED_TRUNCATED;
	}
}

/* FNV-1a 32 over the switch ids, source to sink, each 4 bytes big endian. */
static __always_inline __u32 agent_path_id(const __u32 *sw, __u32 hops)
{
	__u32 h = 2166136261U, i, k;

	for (i = 0; i < AGENT_MAX_HOPS; i++) {
		if (i >= hops)
			break;
		for (k = 0; k < 4; k++) {
			h ^= (sw[i] >> (24 - 8 * k)) & 0xFF;
			h *= 16777619U;
		}
	}
	return h;
}

/*
 * The INT shim and INT-MD header at a->shim and the hops' values.
 * ulim: end of the outer UDP datagram.
 */
static __always_inline int agent_int_md(const struct int_pkt *p, __u32 ulim,
					struct agent_pkt *a)
{
	__u32 b0, words, ver, hop_words, bm, stack, total, hop_bytes, base, i;
	const __u8 *b;
	struct int_plan pl;

	b = int_at(p, a->shim, 16);
	if (!b)
		return -INT_E_TRUNCATED;
	b0 = b[0];
	if (b0 >> 4 != 1)
		return -INT_E_UNKNOWN_TYPE;
	a->npt = (b0 >> 2) & 3;
	if (a->npt != 1 && a->npt != 2)
		return -INT_E_BAD_SHIM;
	words = b[1];
	a->orig = a->npt == 1 ? int_load_be16(b + 2) : b[3];
	if (words < 3)
		return -INT_E_BAD_LENGTH;
	a->int_bytes = 4 + words * 4;
	if (ulim < a->shim || a->int_bytes > ulim - a->shim)
		return -INT_E_BAD_LENGTH;
	ver = b[4] >> 4;
	if (ver != 2)
		return -INT_E_UNKNOWN_VERSION;
	hop_words = b[6] & 0x1F;
	bm = int_load_be16(b + 8);
	stack = words * 4 - 12;
	int_plan(L_INT_V2, bm, &pl);
	hop_bytes = hop_words * 4;
	if (stack && (hop_bytes == 0 || hop_bytes < pl.size))
		return -INT_E_BAD_LENGTH;
	total = hop_bytes ? stack / hop_bytes : 0;
	a->over_limit = total > AGENT_MAX_HOPS;
	a->hops = a->over_limit ? AGENT_MAX_HOPS : total;
	a->have = ((bm & AGENT_BM_LATENCY) ? 1U << AGENT_M_HOP_LATENCY : 0) |
		  ((bm & AGENT_BM_QUEUE) ? 1U << AGENT_M_QUEUE_OCCUPANCY : 0) |
		  ((bm & AGENT_BM_UTIL) ? 1U << AGENT_M_LINK_UTILIZATION : 0);
	base = a->shim + 16;
	a->e2e = 0;
	for (i = 0; i < AGENT_MAX_HOPS; i++) {
		__u32 at, sw = 0, lat = AGENT_UNAVAILABLE,
			  q = AGENT_UNAVAILABLE, u = AGENT_UNAVAILABLE;

		if (i >= a->hops)
			break;
		/* why: the stack's top is the last hop; hop 0 is the deepest */
		at = int_widen(base + (total - 1 - i) * hop_bytes);
		b = int_at(p, at, 4);
		if (!b)
			return -INT_E_TRUNCATED;
		if (bm & AGENT_BM_SWITCH)
			sw = int_load_be32(b);
		b = int_at(p, at + pl.off[F_LAT], 4);
		if (!b)
			return -INT_E_TRUNCATED;
		if (bm & AGENT_BM_LATENCY)
			lat = int_load_be32(b);
		b = int_at(p, at + pl.off[F_QUEUE], 4);
		if (!b)
			return -INT_E_TRUNCATED;
		if (bm & AGENT_BM_QUEUE) {
			q = int_load_be32(b) & 0xFFFFFF;
			if (q == 0xFFFFFF)
				q = AGENT_UNAVAILABLE;
		}
		b = int_at(p, at + pl.off[F_TX], 4);
		if (!b)
			return -INT_E_TRUNCATED;
		if (bm & AGENT_BM_UTIL)
			u = int_load_be32(b);
		a->sw[i] = sw;
		a->val[AGENT_M_HOP_LATENCY][i] = lat;
		a->val[AGENT_M_QUEUE_OCCUPANCY][i] = q;
		a->val[AGENT_M_LINK_UTILIZATION][i] = u;
		if (lat != AGENT_UNAVAILABLE)
			a->e2e += lat;
	}
	a->path_id = agent_path_id(a->sw, a->hops);
	return 0;
}

/*
 * IPv4 up to a UDP header to int_port: 0 with *l34 and *ipe filled,
 * -INT_E_NOT_TELEMETRY when the packet is not INT, or the parser's error.
 */
static __always_inline int agent_ipv4(const struct int_pkt *p, __u32 l3,
				      __u32 int_port, struct int_l34 *l34,
				      struct int_ip_end *ipe)
{
	const __u8 *b = int_at(p, l3, 20);
	__u32 total;

	if (!b || b[9] != INT_PROTO_UDP || (b[0] >> 4) != 4)
		return -INT_E_NOT_TELEMETRY;
	/* why: only the first fragment has the UDP header; later ones are not INT */
	if (int_load_be16(b + 6) & 0x1FFF)
		return -INT_E_NOT_TELEMETRY;
	if ((b[0] & 0xF) < 5)
		return -INT_E_BAD_IP_HEADER;
	total = int_load_be16(b + 2);
	b = int_at(p, l3 + (b[0] & 0xF) * 4, 8);
	if (!b || int_load_be16(b + 2) != int_port)
		return -INT_E_NOT_TELEMETRY;
	/* why: a zero length (offload) leaves INT removal no length to shorten */
	if (total == 0)
		return -INT_E_BAD_IP_HEADER;
	return int_ipv4(p, l3, int_pkt_len(p), l34, ipe);
}

/*
 * IPv6 and its extension headers up to a UDP header to int_port, as
 * agent_ipv4.  A chain the shared parser cannot follow (truncated, or more
 * extension headers than it walks) hides whether INT is behind it: not INT.
 */
static __always_inline int agent_ipv6(const struct int_pkt *p, __u32 l3,
				      __u32 int_port, struct int_l34 *l34,
				      struct int_ip_end *ipe)
{
	const __u8 *b;

	if (int_ipv6(p, l3, int_pkt_len(p), l34, ipe) ||
	    l34->protocol != INT_PROTO_UDP || !ipe->upper)
		return -INT_E_NOT_TELEMETRY;
	b = int_at(p, l34->l4_off, 8);
	if (!b || int_load_be16(b + 2) != int_port)
		return -INT_E_NOT_TELEMETRY;
	/* why: a zero payload length (a jumbogram) leaves no length to shorten */
	b = int_at(p, l3, 6);
	if (!b || int_load_be16(b + 4) == 0)
		return -INT_E_BAD_IP_HEADER;
	return 0;
}

/*
 * Parses an Ethernet frame of len bytes: AGENT_NOT_INT, AGENT_INT with *a
 * filled, or AGENT_UNPARSED with *counter the reason.
 */
static __always_inline int agent_parse(const struct int_pkt *p, __u32 int_port,
				       struct agent_pkt *a, __u32 *counter)
{
	struct int_l34 l34;
	struct int_ip_end ipe;
	__u32 len = int_pkt_len(p), type, l3, ulen, ulim;
	const __u8 *b;
	int err;

	err = int_link_tags(p, len, 12, 14, &type, &l3);
	if (err == -INT_E_TOO_MANY_VLAN_TAGS) {
		*counter = AGENT_C_UNPARSED_TOO_MANY_VLAN_TAGS;
		return AGENT_UNPARSED;
	}
	if (err || len < 14)
		return AGENT_NOT_INT;
	if (type == 0x0800)
		err = agent_ipv4(p, l3, int_port, &l34, &ipe);
	else if (type == 0x86DD)
		err = agent_ipv6(p, l3, int_port, &l34, &ipe);
	else
		return AGENT_NOT_INT;
	if (err == -INT_E_NOT_TELEMETRY)
		return AGENT_NOT_INT;
	if (err)
		goto unparsed;
	a->l3 = l3;
	a->next_hdr = l34.ip_version == 6 ? ipe.next_off : 0;
	a->l4 = l34.l4_off;
	a->shim = int_widen(a->l4 + 8);
	b = int_at(p, a->l4, 8);
	if (!b) {
		err = -INT_E_TRUNCATED;
		goto unparsed;
	}
	ulen = int_load_be16(b + 4);
	if (ulen < 8 || ulen > ipe.declared - a->l4) {
		err = -INT_E_BAD_L4_HEADER;
		goto unparsed;
	}
	ulim = a->l4 + ulen;
	if (ulim > len) {
		err = -INT_E_TRUNCATED;
		goto unparsed;
	}
	err = agent_int_md(p, ulim, a);
	if (err)
		goto unparsed;
	/* why: INT removal copies these headers out; longer ones stay as they are */
	a->keep = a->npt == 1 ? a->shim : a->l4;
	if (a->keep > AGENT_HDR_MAX) {
		*counter = AGENT_C_UNPARSED_HEADERS_TOO_LONG;
		return AGENT_UNPARSED;
	}
	__builtin_memcpy(a->key.src, l34.src, 16);
	__builtin_memcpy(a->key.dst, l34.dst, 16);
	a->key.ip_version = l34.ip_version;
	a->key.pad[0] = 0;
	a->key.pad[1] = 0;
	if (a->npt == 1) {
		a->key.protocol = INT_PROTO_UDP;
		a->key.src_port = int_load_be16(b);
		a->key.dst_port = a->orig;
		return AGENT_INT;
	}
	a->key.protocol = a->orig;
	a->key.src_port = 0;
	a->key.dst_port = 0;
	if (a->orig == INT_PROTO_TCP || a->orig == INT_PROTO_UDP) {
		b = int_at(p, int_widen(a->shim + a->int_bytes), 4);
		if (!b) {
			err = -INT_E_TRUNCATED;
			goto unparsed;
		}
		a->key.src_port = int_load_be16(b);
		a->key.dst_port = int_load_be16(b + 2);
	}
	return AGENT_INT;
unparsed:
	*counter = agent_unparsed_counter(err);
	return AGENT_UNPARSED;
}

#endif /* AGENT_PARSE_H */
