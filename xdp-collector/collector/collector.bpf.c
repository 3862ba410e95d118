// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * collector.bpf.c - INTCollector's fast path in XDP.
 *
 * Every UDP datagram to config.report_port is decoded as a telemetry report
 * (TR2.0, TR1.0, TR0.5 carrying INT-MD v2.1, v1.0, v0.5), its metrics run
 * through the event detector, and the report is dropped: the collector has
 * consumed it, as INTCollector does (config.pass_reports = 1 passes it on to
 * the stack instead, for a packet capture next to the collector).  Reports
 * that do not decode are counted by reason and dropped.  Everything else
 * passes untouched.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "collector.h"

/* why: the parser's hop loops are as long as the event records are wide */
#define INT_MAX_HOPS COLLECTOR_MAX_HOPS

/*
 * Table I's tables (collector.h: the flow metrics share one entry per flow);
 * LRU so that a full table forgets its oldest keys.
 */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, COLLECTOR_FLOWS);
	__type(key, struct flow_key4);
	__type(value, struct flow_value);
} flows4 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, COLLECTOR_FLOWS6);
	__type(key, struct flow_key);
	__type(value, struct flow_value);
} flows6 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, COLLECTOR_SWITCH_KEYS);
	__type(key, struct switch_key);
	__type(value, struct queue_value);
} queues SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, COLLECTOR_SWITCH_KEYS);
	__type(key, struct switch_key);
	__type(value, struct metric_value);
} link_utilization SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, COLLECTOR_SWITCH_SLOTS);
	__type(key, __u32);
	__type(value, struct queue_slot);
} queue_slots SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, COLLECTOR_SWITCH_SLOTS);
	__type(key, __u32);
	__type(value, struct link_slot);
} link_slots SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, COLLECTOR_FLOW_SLOTS);
	__type(key, __u32);
	__type(value, struct flow_slot);
} flow_slots SEC(".maps");

#define INT_SWITCH_SLOTS 1

/* Report sequence gaps per reporting node (collector.h, int_gaps.h). */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, COLLECTOR_SOURCE_SLOTS);
	__type(key, __u32);
	__type(value, struct report_source);
} report_sources SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, COLLECTOR_SOURCES_MORE);
	__type(key, __u64);
	__type(value, struct report_source);
} report_sources_more SEC(".maps");

/* T(m) per enum collector_metric; user space writes it at run time. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, METRIC_COUNT);
	__type(key, __u32);
	__type(value, __u64);
} thresholds SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, CNT_COUNT);
	__type(key, __u32);
	__type(value, __u64);
} counters SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, COLLECTOR_RINGBUF_BYTES);
} events SEC(".maps");

struct collector_config config = {
	.report_port = COLLECTOR_DEFAULT_REPORT_PORT,
	.wakeup_bytes = COLLECTOR_DEFAULT_WAKEUP_BYTES,
	.wakeup_ns = COLLECTOR_DEFAULT_WAKEUP_NS,
};

__u64 last_wakeup_ns;
__u32 wakeup_pending; /* forced at the backlog threshold, not yet drained */

struct int_stack;
int collector_md(struct xdp_md *ctx, __u32 off, __u32 len, struct int_stack *s);
#define INT_MD_DECODE(p, off, len, max_hops, s) \
	collector_md((struct xdp_md *)(p)->ctx, off, len, s)
struct flow_value;
struct flow_key;
struct int_hop_vals;
struct int_detect_acc;
int collector_hop(struct int_detect_acc *acc, struct flow_value *fv,
		  const struct flow_key *flow, struct int_hop_vals *h,
		  __u64 now);
#define INT_DETECT_VALS(fv, flow, h, acc, now) \
	collector_hop(acc, fv, flow, h, now)

#include "int_fast.h"
#include "int_gaps.h"

/* why: a decoded frame is ~2.7 KiB, five times the 512-byte BPF stack */
struct scratch {
	struct int_frame frame;
	struct int_detect_acc acc;
	struct int_hop report_hop; /* the fast path's report metadata */
	struct int_fast fast;	   /* what its checks found */
	__u64 tick_jiffies;	   /* collector_now(): the tick of tick_ns */
	__u64 tick_ns;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

/*
 * The time of a report (int_now_ns(): the coarse monotonic clock), read once
 * per kernel tick on this CPU.  why: a clock helper call is a real share of
 * a report's budget, bpf_jiffies64() is inlined to one load; the coarse
 * clock only moves when jiffies do, so this is the value it would give.
 */
static __always_inline __u64 collector_now(struct scratch *s)
{
	__u64 j = bpf_jiffies64();

	if (j != s->tick_jiffies) {
		s->tick_jiffies = j;
		s->tick_ns = int_now_ns();
	}
	return s->tick_ns;
}

/*
 * The parser and the detector run as global functions: why: the verifier
 * checks each once on its own instead of once per path through its caller,
 * which keeps the whole program far below its instruction budget.
 */
__attribute__((noinline)) int collector_md(struct xdp_md *ctx, __u32 off,
					   __u32 len, struct int_stack *s)
{
	struct int_pkt p = {
		.data = (const __u8 *)(long)ctx->data,
		.end = (const __u8 *)(long)ctx->data_end,
		.ctx = ctx,
	};

	if (!s)
		return -INT_E_TRUNCATED;
	return int_md_decode(&p, off, len, INT_MAX_HOPS, s);
}

__attribute__((noinline)) int collector_report(struct xdp_md *ctx, __u32 off,
					       __u32 len, struct int_frame *f)
{
	struct int_pkt p = {
		.data = (const __u8 *)(long)ctx->data,
		.end = (const __u8 *)(long)ctx->data_end,
		.ctx = ctx,
	};

	if (!f)
		return -INT_E_TRUNCATED;
	return int_report_decode(&p, off, len, &f->rep);
}

__attribute__((noinline)) int collector_inner(struct xdp_md *ctx,
					      struct int_frame *f)
{
	struct int_pkt p = {
		.data = (const __u8 *)(long)ctx->data,
		.end = (const __u8 *)(long)ctx->data_end,
		.ctx = ctx,
	};

	if (!f)
		return -INT_E_TRUNCATED;
	return int_report_inner(&p, INT_MAX_HOPS, f);
}

/*
 * The common report (int_fast.h), checked, then detected on in place, each
 * in a global function of its own: why: verified apart, the checks' states
 * do not multiply the detector's.
 */
__attribute__((noinline)) int collector_fast_check(struct xdp_md *ctx,
						   struct scratch *s)
{
	struct int_pkt p = {
		.data = (const __u8 *)(long)ctx->data,
		.end = (const __u8 *)(long)ctx->data_end,
		.ctx = ctx,
	};

	if (!s)
		return 0;
	/* why: no bpf_xdp_get_buff_len() call, a helper call per report: the
	 * frame's linear part is checked, and the general path's length is at
	 * least that
	 */
	if (!int_fast_check(&p, INT_OFF_MAX, config.report_port, &s->report_hop,
			    &s->fast))
		return 0;
	/* the report's sequence gaps (TR2.0: 22 bits) here: why: no second
	 * global call per report (collector_gaps() serves the general path)
	 */
	int_report_gaps(s->fast.origin.node, 1, s->fast.origin.hw_id,
			s->fast.origin.seq, 22);
	return 1;
}

/*
 * 0 when detected; 1 when the flow has no slot of its own (flows4 holds it,
 * or another flow its slot): collector_fast_overflow() takes the report.
 * why: one map's value in each, so that the verifier walks the hops once
 * per function, not once per table the entry may come from in one.
 */
__attribute__((noinline)) int
collector_fast_detect(struct xdp_md *ctx, struct scratch *s, __u64 now)
{
	struct int_pkt p = {
		.data = (const __u8 *)(long)ctx->data,
		.end = (const __u8 *)(long)ctx->data_end,
		.ctx = ctx,
	};
	struct flow_key4 k4 __attribute__((aligned(8)));
	struct flow_value *fv;

	if (!s)
		return 1;
	int_flow_key4(&s->fast.flow, &k4);
	fv = int_flow_slot(&k4);
	if (!fv)
		return 1;
	int_fast_detect_on(&p, &s->fast, &s->report_hop, &s->acc, fv, now);
	return 0;
}

/* The fast path's detector on the flow's flows4 entry (the overflow). */
__attribute__((noinline)) int
collector_fast_overflow(struct xdp_md *ctx, struct scratch *s, __u64 now)
{
	struct int_pkt p = {
		.data = (const __u8 *)(long)ctx->data,
		.end = (const __u8 *)(long)ctx->data_end,
		.ctx = ctx,
	};
	struct flow_key4 k4;

	if (!s)
		return 0;
	int_flow_key4(&s->fast.flow, &k4);
	int_fast_detect_on(&p, &s->fast, &s->report_hop, &s->acc,
			   int_entry(&flows4, &k4, &s->acc.zero_flow), now);
	return 0;
}

/* The general path's detector on one hop (int_detect_vals). */
__attribute__((noinline)) int collector_hop(struct int_detect_acc *acc,
					    struct flow_value *fv,
					    const struct flow_key *flow,
					    struct int_hop_vals *h, __u64 now)
{
	if (!acc || !flow || !h)
		return 0;
	int_detect_vals(fv, flow, h, h->sw, h->i, acc, now);
	return 0;
}

__attribute__((noinline)) int
collector_detect(struct int_frame *f, struct int_detect_acc *acc, __u64 now)
{
	if (!f || !acc)
		return 0;
	int_detect(f, acc, now);
	return 0;
}

/*
 * Sequence gaps of a report the general parser decoded (int_gaps.h;
 * collector_fast_check() does the fast path's).  why a global function
 * taking the scratch: the caller's stack stays as it was (the verifier's
 * 512-byte limit for the call chain down to the detector)
 */
__attribute__((noinline)) int collector_gaps(struct scratch *s)
{
	const struct int_report *r;

	if (!s)
		return 0;
	r = &s->frame.rep;
	if (s->frame.format >= INT_FMT_TR05)
		int_report_gaps(r->has_node ? r->node_id : 0, r->has_node,
				r->hw_id, r->seq,
				s->frame.format == INT_FMT_TR20 ? 22 : 32);
	return 0;
}

SEC("xdp")
int xdp_collector(struct xdp_md *ctx)
{
	struct int_pkt p = {
		.data = (const __u8 *)(long)ctx->data,
		.end = (const __u8 *)(long)ctx->data_end,
		.ctx = ctx,
	};
	struct int_l34 outer = {};
	struct scratch *s;
	__u32 zero = 0, len, reason;
	__u64 now;
	int err;

	int_count(CNT_PACKETS);
	s = bpf_map_lookup_elem(&scratch, &zero);
	if (!s)
		return XDP_PASS;
	if (collector_fast_check(ctx, s)) {
		now = collector_now(s);
		if (collector_fast_detect(ctx, s, now))
			collector_fast_overflow(ctx, s, now);
		int_count(CNT_REPORTS);
		return config.pass_reports ? XDP_PASS : XDP_DROP;
	}
	/* why: pkt_end - pkt is not arithmetic the verifier allows */
	len = bpf_xdp_get_buff_len(ctx);
	if (len > INT_OFF_MAX)
		len = INT_OFF_MAX;
	err = int_dissect(&p, INT_LINK_ETHERNET, 0, len, &outer);
	if (err || !outer.has_ports || outer.protocol != INT_PROTO_UDP ||
	    outer.dst_port != config.report_port) {
		int_count(CNT_PASSED);
		return XDP_PASS;
	}
	err = collector_report(ctx, outer.payload_off, outer.payload_len,
			       &s->frame);
	if (!err)
		err = collector_inner(ctx, &s->frame);
	if (err) {
		reason = -err;
		if (reason >= INT_E_COUNT)
			reason = 0;
		int_count(CNT_DROP_BASE + reason);
		return XDP_DROP;
	}
	int_count(CNT_REPORTS);
	int_count(CNT_REPORTS_GENERAL);
	collector_gaps(s);
	if (s->frame.has_stack)
		collector_detect(&s->frame, &s->acc, collector_now(s));
	else
		int_count(CNT_REPORTS_NO_INT);
	return config.pass_reports ? XDP_PASS : XDP_DROP;
}

char LICENSE[] SEC("license") = "Dual BSD/GPL";
