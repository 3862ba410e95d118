/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_fast.h - the common report, parsed and detected on in place: an
 * Ethernet + IPv4 + UDP frame to the report port carrying one TR2.0 report
 * of an Ethernet + IPv4 + UDP or a bare IPv4 + UDP packet (InType 3 or 4:
 * sonde.p4 sends the latter) with INT-MD v2.1, every field of the
 * instruction bitmap (0xFF80: fixed 48-byte hops), 1 to COLLECTOR_MAX_HOPS
 * hops, no VLAN tags, IP options or fragments.
 *
 * int_fast_report() first checks everything the general parser
 * (int_l34.h, int_report.h, int_md.h, int_parse.h) would check on such a
 * frame, then runs the detector of int_detect.h over the hops read from the
 * packet itself: no struct int_frame is filled, no hop copied.  Anything
 * else, and anything the general parser could refuse, it declines (0)
 * before touching a table; the caller then runs the general parser, which
 * decodes it or gives the drop reason.  So the events are the general
 * path's, one for one (tests/fuzz_parse.c runs both on every input and
 * compares).
 */
#ifndef INT_FAST_H
#define INT_FAST_H

#include "int_detect.h"

#define INT_FAST_INSTRUCTIONS 0xFF80 /* every INT-2.1 field but the checksum */
#define INT_FAST_HOP_BYTES 48	     /* what 0xFF80 selects: Hop ML 12 */

/* Where the fields of 0xFF80 lie in a hop (int_plan of L_INT_V2). */
#define INT_FAST_SWID 0
#define INT_FAST_PORTS 4
#define INT_FAST_LATENCY 8
#define INT_FAST_QUEUE 12
#define INT_FAST_INGRESS_TS 16
#define INT_FAST_EGRESS_TS 24
#define INT_FAST_TX 40

/* Frame offsets of the outer headers and of the TR2.0 report. */
#define INT_FAST_OUTER 62 /* Ethernet, IPv4, UDP, group header, report header */
#define INT_FAST_INNER 44 /* IPv4, UDP, INT shim and INT header */

/* What int_fast_check found: where the hops are, whose report it is. */
struct int_fast {
	__u32 stack_off;  /* the first hop on the wire (the newest) */
	__u32 count;	  /* INT hops */
	__u32 report_hop; /* the report's own metadata is one more hop */
	__u32 rep_bits;
	struct flow_key flow;
	struct int_origin origin;
};

/*
 * Checks that the frame is the common report to port and that the general
 * parser would decode it, and reads the report's own metadata into rhop.
 * len: the frame's length as the general parser is given it, or any bound
 * of it (the datagram must also lie in p).  1 = yes (x filled), 0 = leave it
 * to the general parser.
 */
static __always_inline int int_fast_check(const struct int_pkt *p, __u32 len,
					  __u32 port, struct int_hop *rhop,
					  struct int_fast *x)
{
	struct int_cur c;
	const __u8 *b, *q;
	__u32 total, wend, body, md, bits, in_off, l2, ip, itotal, iudp, iend,
		pay, lw, first, stack, count, dscp;

	b = int_at(p, 0, INT_FAST_OUTER);
	if (!b)
		return 0;
	/* outer Ethernet, IPv4 without options, not a fragment, UDP to port */
	if (int_load_be16(b + 12) != 0x0800 || b[14] != 0x45 ||
	    b[23] != INT_PROTO_UDP || (int_load_be16(b + 20) & 0x3FFF) ||
	    int_load_be16(b + 36) != port)
		return 0;
	/* the IP packet fills the UDP datagram and lies in the frame */
	total = int_load_be16(b + 16);
	wend = 14 + total;
	if (total < INT_FAST_OUTER - 14 || wend > len ||
	    int_load_be16(b + 38) != total - 20)
		return 0;
	/* why: the caller may give no length but the cap (XDP: see collector.bpf.c) */
	if (!int_at(p, int_index(wend - 1, INT_OFF_MAX), 1))
		return 0;
	/* TR2.0, one report (RepType 1, InType 3: Ethernet, 4: IPv4) to the end */
	if (b[42] >> 4 != 2 || (b[50] != 0x13 && b[50] != 0x14))
		return 0;
	l2 = b[50] == 0x13 ? 14 : 0;
	body = b[51] == 0xFF ? wend - 54 : b[51] * 4U;
	md = b[52] * 4U;
	bits = int_load_be16(b + 54);
	if (54 + body != wend || body < 8 + md ||
	    int_layout_size(L_REPORT_V2, bits) > md)
		return 0;
	c.pos = INT_FAST_OUTER;
	c.lim = wend;
	if (int_layout_read(p, &c, L_REPORT_V2, bits, md, rhop))
		return 0;
	x->rep_bits = bits;
	x->report_hop = (bits & INT_REPORT_HOP_BITS) != 0;
	x->origin.report = EVENT_REPORT | EVENT_REPORT_NODE;
	x->origin.node = int_load_be32(b + 46);
	x->origin.seq = int_load_be32(b + 42) & 0x3FFFFF;
	x->origin.hw_id = (int_load_be32(b + 42) >> 22) & 0x3F;

	/* the carried packet: (Ethernet,) IPv4 without options, UDP */
	in_off = int_index(INT_FAST_OUTER + md, INT_OFF_MAX);
	if (wend - in_off < 14 + INT_FAST_INNER)
		return 0;
	if (l2) {
		q = int_at(p, in_off, 14);
		if (!q || int_load_be16(q + 12) != 0x0800)
			return 0;
	}
	ip = int_index(in_off + l2, INT_OFF_MAX);
	q = int_at(p, ip, INT_FAST_INNER);
	if (!q)
		return 0;
	if (q[0] != 0x45 || q[9] != INT_PROTO_UDP ||
	    (int_load_be16(q + 6) & 0x3FFF))
		return 0;
	itotal = int_load_be16(q + 2);
	iudp = int_load_be16(q + 24);
	if (itotal < INT_FAST_INNER || iudp < 8 || iudp > itotal - 20)
		return 0;
	/* a report may carry the packet's first bytes only (the general
	 * parser's "captured" end): the UDP payload ends where either does
	 */
	iend = ip + 20 + iudp;
	if (iend > wend)
		iend = wend;
	pay = ip + 28;
	/* INT-MD v2.1 at the start of its UDP payload, announced */
	dscp = q[1] >> 2;
	first = q[28];
	lw = q[29];
	if (!((first == 0x10 && int_dscp_marks(dscp)) || first == 0x14) ||
	    lw < 3 || q[32] >> 4 != 2 || pay + 4 + lw * 4 > iend ||
	    (q[34] & 0x1F) != INT_FAST_HOP_BYTES / 4 ||
	    int_load_be16(q + 36) != INT_FAST_INSTRUCTIONS)
		return 0;
	/* whole hops only, 1 to COLLECTOR_MAX_HOPS of them */
	stack = lw * 4 - 12;
	count = stack / INT_FAST_HOP_BYTES;
	if (count == 0 || count > COLLECTOR_MAX_HOPS ||
	    count * INT_FAST_HOP_BYTES != stack)
		return 0;
	x->stack_off = pay + 16;
	x->count = count;
	/* the stack's last byte is in the packet, so every hop is */
	if (int_at(p, int_index(pay + 15 + stack, INT_OFF_MAX), 1) == NULL)
		return 0;

	/* the flow the INT source saw: NPT 1 saved its destination port */
	__builtin_memset(&x->flow, 0, sizeof(x->flow));
	__builtin_memcpy(x->flow.src, q + 12, 4);
	__builtin_memcpy(x->flow.dst, q + 16, 4);
	x->flow.src_port = int_load_be16(q + 20);
	x->flow.dst_port = first == 0x14 ? int_load_be16(q + 30)
					 : int_load_be16(q + 22);
	x->flow.protocol = INT_PROTO_UDP;
	x->flow.ip_version = 4;
	return 1;
}

/* Hop i of the path (0 = nearest the source) of a checked report. */
static __always_inline const __u8 *
int_fast_hop(const struct int_pkt *p, const struct int_fast *x, __u32 i)
{
	__u32 k = int_index(x->count - 1 - i, 7);

	return int_at(p, x->stack_off + k * INT_FAST_HOP_BYTES,
		      INT_FAST_HOP_BYTES);
}

/* int_flow_latency's timestamp fallback: last egress minus first ingress. */
static __always_inline int int_fast_ts_latency(const struct int_pkt *p,
					       const struct int_fast *x,
					       const struct int_hop *rhop,
					       __u64 *latency)
{
	const __u8 *h = int_fast_hop(p, x, 0);
	__u64 in, out;

	if (!h)
		return 0;
	in = int_load_be64(h + INT_FAST_INGRESS_TS);
	if (x->report_hop) {
		if (!INT_HAS(rhop, HV_EGRESS_TS))
			return 0;
		out = rhop->v[HV_EGRESS_TS];
	} else {
		h = int_fast_hop(p, x, x->count - 1);
		if (!h)
			return 0;
		out = int_load_be64(h + INT_FAST_EGRESS_TS);
	}
	if (out < in)
		return 0;
	*latency = out - in;
	return 1;
}

/*
 * T(m) of the metrics a report of the fast path's kind can carry.  why not
 * queue congestion's: INT-MD v2.1 hops and TR2.0 RepMdBits have no such
 * field (int_layout.h), so it is never compared here; not the flow path's:
 * see int_origin_thresholds().  Two lookups less per report.
 */
static __always_inline void int_fast_thresholds(struct int_origin *o)
{
	o->event_ns = 0;
	o->threshold[METRIC_FLOW_LATENCY] = int_threshold(METRIC_FLOW_LATENCY);
	o->threshold[METRIC_HOP_LATENCY] = int_threshold(METRIC_HOP_LATENCY);
	o->threshold[METRIC_QUEUE_OCCUPANCY] =
		int_threshold(METRIC_QUEUE_OCCUPANCY);
	o->threshold[METRIC_LINK_UTILIZATION] =
		int_threshold(METRIC_LINK_UTILIZATION);
}

/*
 * int_detect over a checked report, its hops read in place, on the flow's
 * entry fv (int_flow_entry's, or NULL).
 */
static __always_inline void int_fast_detect_on(const struct int_pkt *p,
					       const struct int_fast *x,
					       const struct int_hop *rhop,
					       struct int_detect_acc *acc,
					       struct flow_value *fv, __u64 now)
{
	struct int_hop_vals vals;
	const __u8 *h;
	/* why: a mask the verifier sees: x->count is 1 to COLLECTOR_MAX_HOPS */
	__u32 i, n = int_index(x->count, 15), sw, w;
	__u64 latency = 0;

	acc->origin.report = x->origin.report;
	acc->origin.node = x->origin.node;
	acc->origin.seq = x->origin.seq;
	acc->origin.hw_id = x->origin.hw_id;
	int_fast_thresholds(&acc->origin);
	__builtin_memset(&acc->path, 0, sizeof(acc->path));
	acc->latency_sum = 0;
	acc->latency_hops = 0;
	acc->touched = 0;
	acc->path_known = 1;
	acc->values = 0;
	acc->has_flow = 1;
	vals.present = (1U << HV_HOP_LATENCY) | (1U << HV_QUEUE_OCCUPANCY) |
		       (1U << HV_EGRESS_TX_UTIL) | (1U << HV_EGRESS_PORT);
	vals.cqid = 0;
	vals.congestion = 0;
	/* why: a bounded loop; COLLECTOR_MAX_HOPS turns for the verifier */
	for (i = 0; i < COLLECTOR_MAX_HOPS; i++) {
		if (i >= n)
			break;
		h = int_fast_hop(p, x, i);
		if (!h)
			break; /* not reached: int_fast_check saw the stack */
		sw = int_load_be32(h + INT_FAST_SWID);
		if (sw == INT_UNAVAILABLE_32) {
			acc->path_known = 0;
			continue;
		}
		vals.latency = int_load_be32(h + INT_FAST_LATENCY);
		w = int_load_be32(h + INT_FAST_QUEUE);
		vals.qid = w >> 24;
		vals.occupancy = w & 0xFFFFFF;
		vals.egress = int_load_be32(h + INT_FAST_PORTS) & 0xFFFF;
		vals.tx_util = int_load_be32(h + INT_FAST_TX);
		int_detect_vals(fv, &x->flow, &vals, sw, i, acc, now);
	}
	if (x->report_hop) {
		/* the reporting node's own hop: its node id when it has no switch id */
		sw = INT_HAS(rhop, HV_SWITCH_ID) ? (__u32)rhop->v[HV_SWITCH_ID]
						 : x->origin.node;
		if (sw == INT_UNAVAILABLE_32) {
			acc->path_known = 0;
		} else {
			int_hop_vals_of(rhop, &vals);
			int_detect_vals(fv, &x->flow, &vals, sw, n, acc, now);
		}
		n++;
	}
	/* fv is NULL when the flow's table had no room: still counted */
	if (acc->path_known) {
		acc->values++;
		acc->path.hops = n;
		acc->path.seen_ns = now;
		if (fv)
			int_detect_path(&acc->origin, fv, &x->flow, &acc->path,
					now);
	}
	if (acc->latency_hops) {
		latency = acc->latency_sum;
	} else if (!int_fast_ts_latency(p, x, rhop, &latency)) {
		int_count_add(CNT_METRIC_VALUES, acc->values);
		return;
	}
	acc->values++;
	if (fv) {
		int_detect_metric(&acc->origin, &fv->latency,
				  !(fv->flags & FLOW_HAS_LATENCY),
				  METRIC_FLOW_LATENCY, &x->flow, 0, 0, latency,
				  now);
		fv->flags |= FLOW_HAS_LATENCY;
	}
	int_count_add(CNT_METRIC_VALUES, acc->values);
}

/* int_detect over a checked report, its hops read in place. */
static __always_inline void int_fast_detect(const struct int_pkt *p,
					    const struct int_fast *x,
					    const struct int_hop *rhop,
					    struct int_detect_acc *acc,
					    __u64 now)
{
	/* why: one lookup for the flow path, flow latency and hop latencies */
	int_fast_detect_on(p, x, rhop, acc,
			   int_flow_entry(&x->flow, &acc->zero_flow), now);
}

#endif /* INT_FAST_H */
