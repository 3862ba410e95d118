/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_parse.h - the telemetry parser, written once for the XDP program and
 * the host tools: finds INT-MD in a packet's TCP/UDP payload and decodes a
 * telemetry report with the packet it carries, into the flow, header fields
 * and per-hop values sonde-decode prints (docs/SONDE_DECODE.md).
 *
 * Functions return 0 (or 1 = found) and a negative enum int_error on failure.
 */
#ifndef INT_PARSE_H
#define INT_PARSE_H

#include "int_l34.h"
#include "int_md.h"
#include "int_report.h"
#ifndef __bpf__
/* sonde-decode looks for INT in GRE, VXLAN-GPE and Geneve; the XDP program not */
#include "int_tunnel.h"
#define INT_TUNNELS 1
#endif

/* The XDP program decodes INT-MD in a function of its own (collector.bpf.c). */
#ifndef INT_MD_DECODE
#define INT_MD_DECODE int_md_decode
#endif

/* RepMdBits 1-8: the baseline values that line up with the INT bitmap. */
#define INT_REPORT_HOP_BITS 0x7F80

struct int_frame {
	__u8 format; /* enum int_format */
	__u8 has_flow;
	__u8 has_stack;
	__u8 report_hop; /* the last hop is the report's own metadata */
	struct int_report rep;
	struct int_l34 flow; /* the flow the INT source saw */
	struct int_stack st; /* hops in path order */
};

/*
 * Puts back what INT changed in the 5-tuple: NPT 1 saved the UDP destination
 * port in the shim, NPT 2 the IP protocol (and the original ports follow the
 * stack), v0.5 keeps the destination port in its tail.
 */
static __always_inline void int_original_flow(const struct int_pkt *p,
					      const struct int_stack *s,
					      __u32 payload_end,
					      struct int_l34 *flow)
{
	__u32 sp, dp, proto;

	if (s->version == 0 && s->has_tail) {
		flow->dst_port = s->tail_port;
		return;
	}
	if (s->version != 2 || (s->npt != 1 && s->npt != 2))
		return;
	if (s->npt == 1) {
		flow->dst_port = s->saved;
		return;
	}
	proto = s->saved & 0xFF;
	flow->protocol = proto;
	flow->has_ports = 0;
	flow->src_port = 0;
	flow->dst_port = 0;
	if ((proto == INT_PROTO_TCP || proto == INT_PROTO_UDP) &&
	    s->end_off + 4 <= payload_end && !int_get16(p, s->end_off, &sp) &&
	    !int_get16(p, s->end_off + 2, &dp)) {
		flow->has_ports = 1;
		flow->src_port = sp;
		flow->dst_port = dp;
	}
}

/*
 * INT-MD at the start of the packet's TCP/UDP payload or, when a source put
 * it before the TCP options (sonde.p4, ONOS, fabric-tna), right after the
 * fixed 20-byte TCP header; on the host also in a tunnel header.  any_dscp:
 * recognised whatever the DSCP (INTCollector's test reports).  1 = found (s
 * and flow filled), 0 = none.
 */
static __always_inline int int_md_in_packet(const struct int_pkt *p,
					    const struct int_l34 *l,
					    __u32 max_hops, __u32 any_dscp,
					    struct int_stack *s,
					    struct int_l34 *flow)
{
	__u32 off = l->payload_off, end = l->payload_off + l->payload_len;
	int err;

	if (!l->has_ports)
		goto tunnel;
	if (!int_md_recognise(p, off, end - off, l->dscp, any_dscp)) {
		off = l->l4_off + 20;
		if (l->protocol != INT_PROTO_TCP || off >= l->payload_off ||
		    !int_md_recognise(p, off, end - off, l->dscp, any_dscp))
			goto tunnel;
	}
	err = INT_MD_DECODE(p, off, end - off, max_hops, s);
	if (err)
		return err;
	*flow = *l;
	int_original_flow(p, s, end, flow);
	return 1;
tunnel:
#ifdef INT_TUNNELS
	return int_md_in_tunnel(p, l, max_hops, s, flow);
#else
	return 0;
#endif
}

static __always_inline void int_copy_hop(struct int_hop *dst,
					 const struct int_hop *src)
{
	__builtin_memcpy(dst, src, sizeof(*dst));
}

/*
 * The second half of int_report_frame(): the packet the decoded report f->rep
 * carries, its INT-MD and flow, and the report's own metadata as a hop.
 */
static __always_inline int int_report_inner(const struct int_pkt *p,
					    __u32 max_hops, struct int_frame *f)
{
	struct int_report *r = &f->rep;
	struct int_l34 inner = {};
	__u32 n;
	int err;

	f->format = r->format;
	f->has_flow = 0;
	f->has_stack = 0;
	f->report_hop = 0;
	if (r->inner_kind) {
		err = int_dissect(p, r->inner_kind, r->inner_off, r->inner_len,
				  &inner);
		if (err && err != -INT_E_NOT_IP)
			return err;
		if (!err) {
			err = int_md_in_packet(p, &inner, max_hops,
					       r->intc_length, &f->st,
					       &f->flow);
			if (err < 0)
				return err;
			f->has_stack = err;
			if (!err)
				f->flow = inner;
			f->has_flow = 1;
		}
	}
	if (!r->has_md)
		return 0;
	if (f->has_stack && (r->rep_md_bits & INT_REPORT_HOP_BITS)) {
		n = f->st.hop_count;
		if (n >= INT_MAX_PATH)
			return -INT_E_HOP_LIMIT;
		int_copy_hop(&f->st.hops[int_index(n, INT_HOP_SLOTS - 1)],
			     &r->md);
		f->st.hop_count = n + 1;
		f->report_hop = 1;
	} else if (!f->has_stack) {
		f->st.version = 2;
		f->st.instructions = r->rep_md_bits;
		f->st.hop_ml = r->md_length;
		f->st.has_remaining = 0;
		f->st.hop_count = 1;
		int_copy_hop(&f->st.hops[0], &r->md);
		f->has_stack = 1;
		f->report_hop = 1;
	}
	return 0;
}

/*
 * Decodes the telemetry report in the UDP payload [off, off + len) and the
 * packet it carries.  "int" is the carried packet's INT-MD stack, followed
 * for TR2.0 by the reporting node's own metadata as the last hop when
 * RepMdBits select a baseline value; without a stack, a TR2.0 report's own
 * metadata is the one hop.
 */
static __always_inline int int_report_frame(const struct int_pkt *p, __u32 off,
					    __u32 len, __u32 max_hops,
					    struct int_frame *f)
{
	int err = int_report_decode(p, off, len, &f->rep);

	if (err)
		return err;
	return int_report_inner(p, max_hops, f);
}

/* An INT-MD data packet: the frame's own TCP/UDP payload. */
static __always_inline int int_md_frame(const struct int_pkt *p,
					const struct int_l34 *l, __u32 max_hops,
					struct int_frame *f)
{
	int found = int_md_in_packet(p, l, max_hops, 0, &f->st, &f->flow);

	if (found <= 0)
		return found ? found : -INT_E_NOT_TELEMETRY;
	f->format = INT_FMT_INT_MD;
	f->rep.has_node = 0;
	f->has_flow = 1;
	f->has_stack = 1;
	f->report_hop = 0;
	return 0;
}

#endif /* INT_PARSE_H */
