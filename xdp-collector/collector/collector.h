/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * collector.h - the only contract between the XDP program (collector.bpf.c) and
 * user space (collector.c, the daemon, the tests): the event record the ring
 * buffer carries, the keys and values of the six INTCollector metric tables
 * (paper Table I), the counter indexes, the threshold indexes and the
 * run-time configuration.
 *
 * Every layout here is fixed-size, naturally aligned and padded by hand, so
 * that clang -target bpf, gcc and clang on x86_64 agree on it byte for byte
 * (tests/test_detect.c checks the sizes).  Changing a layout is a contract
 * change: bump COLLECTOR_ABI_VERSION and adapt snapshot.c, the maps' reader.
 */
#ifndef COLLECTOR_H
#define COLLECTOR_H

#include <linux/types.h>

#include "int_error.h"

#define COLLECTOR_ABI_VERSION 3

/* Telemetry reports arrive on this UDP destination port unless configured. */
#define COLLECTOR_DEFAULT_REPORT_PORT 32766

/*
 * Most INT hops the XDP program reads from one stack; a report with more is
 * dropped as INT_E_HOP_LIMIT.  A TR2.0 sink may add its own metadata as one
 * more hop, hence the path array of COLLECTOR_MAX_HOPS + 1.
 */
#define COLLECTOR_MAX_HOPS 8
#define COLLECTOR_MAX_PATH (COLLECTOR_MAX_HOPS + 1)

/* The six metrics of INTCollector's Table I. */
enum collector_metric {
	METRIC_FLOW_PATH = 0,	     /* <5-tuple>: the switch ids of the path */
	METRIC_FLOW_LATENCY = 1,     /* <5-tuple>: end-to-end latency */
	METRIC_HOP_LATENCY = 2,	     /* <5-tuple + sw_id>: per-hop latency */
	METRIC_QUEUE_OCCUPANCY = 3,  /* <sw_id, queue_id> */
	METRIC_QUEUE_CONGESTION = 4, /* <sw_id, queue_id> (INT v0.5 bit 6) */
	METRIC_LINK_UTILIZATION = 5, /* <sw_id, egress_id>: egress TX util */
	METRIC_COUNT = 6,
};

/* Why an event fired (paper Section III-D). */
enum collector_event_kind {
	EVENT_NEW_KEY = 1, /* (ids, m) was not in M */
	EVENT_CHANGED = 2, /* |new - last reported| > T(m); path: any change */
};

/*
 * Per-CPU counters (BPF_MAP_TYPE_PERCPU_ARRAY "counters", one __u64 per
 * index); user space sums the CPUs.
 */
enum collector_counter {
	CNT_PACKETS = 0,	/* every frame the program saw */
	CNT_PASSED = 1,		/* not a report: XDP_PASS */
	CNT_REPORTS = 2,	/* reports decoded */
	CNT_REPORTS_NO_INT = 3, /* decoded, but no INT to detect on */
	CNT_EVENTS = 4,		/* events submitted to the ring buffer */
	CNT_EVENTS_LOST = 5,	/* ring buffer full: event not delivered */
	CNT_MAP_FULL = 6,	/* a metric table refused a new key */
	CNT_WAKEUPS = 7,	/* forced ring buffer wakeups */
	CNT_REPORTS_GENERAL =
		8, /* of CNT_REPORTS, decoded by the general parser:
				  * not the fast path's kind (int_fast.h) */
	/* M_all (paper Section V-B2): metric values the reports carried, as
	 * IntCollectorDetector.metricValues() counts them */
	CNT_METRIC_VALUES = 9,
	CNT_REPORTS_LOST = 10, /* sequence numbers skipped (report_sources) */
	CNT_REPORTS_REORDERED = 11, /* a report after a later one */
	CNT_SOURCES_UNTRACKED = 12, /* reports whose source found no room */
	CNT_DROP_BASE = 16, /* + enum int_error: malformed reports by reason */
	CNT_COUNT = CNT_DROP_BASE + INT_E_COUNT,
};

/* The 5-tuple of Table I; IPv4 addresses use the first 4 bytes of src/dst. */
struct flow_key {
	__u8 src[16];
	__u8 dst[16];
	__u16 src_port; /* host order; 0 when the protocol has no ports */
	__u16 dst_port;
	__u8 protocol;
	__u8 ip_version; /* 4 or 6 */
	__u8 pad[2];
};

/* <5-tuple + sw_id>: flow per-hop latency. */
struct flow_hop_key {
	struct flow_key flow;
	__u32 switch_id;
};

/* <sw_id, queue_id> and <sw_id, egress_id>. */
struct switch_key {
	__u32 switch_id;
	__u32 id; /* queue id, or egress interface id */
};

/*
 * The maps (ABI 2): Table I's keys, fewer and smaller lookups.
 *
 * - flows4 (IPv4) and flows6 (IPv6): one entry per 5-tuple holding the flow
 *   path, the flow latency and the per-hop latencies of that flow keyed by
 *   switch id (<5-tuple + sw_id> of Table I) inline: one lookup per report
 *   for the three flow metrics instead of two plus one per hop.  flows4 is
 *   keyed by the 16-byte struct flow_key4; flows6 by the whole struct
 *   flow_key, so that no two IPv6 flows share an entry.
 * - queues: <sw_id, queue_id> -> queue occupancy and queue congestion.
 * - link_utilization: <sw_id, egress_id> -> egress TX utilization.
 *
 * struct flow_hop_key is no map key any more; it stays as the documented
 * Table I key of the per-hop latency.
 */
struct flow_key4 {
	__u8 src[4]; /* network order, as in struct flow_key */
	__u8 dst[4];
	__u16 src_port; /* host order; 0 when the protocol has no ports */
	__u16 dst_port;
	__u8 protocol;
	__u8 pad[3];
};

/*
 * Value of every numeric metric.  "value" is the latest value seen
 * (what the periodic push publishes); "reported" is the value of the last
 * event, the base the threshold is measured from, so that a slow drift still
 * fires once it passes T(m) and a quiet metric is known to lie within
 * reported +- T(m) (paper Section III-D, Fig. 9).
 */
struct metric_value {
	__u64 value;
	__u64 reported;
	__u64 seen_ns; /* bpf_ktime_get_coarse_ns() of the last report */
};

/* Value of the flow path table: the switch ids, the node nearest the source first. */
struct path_value {
	__u32 hops;
	__u32 switch_id[COLLECTOR_MAX_PATH];
	__u64 seen_ns;
};

/* Per-hop latency of one <flow, switch id>, inside struct flow_value. */
struct hop_slot {
	__u32 switch_id;
	__u32 used; /* 0: free; the key is new */
	struct metric_value latency;
};

#define FLOW_HAS_PATH 1U    /* flow path seen: path is valid */
#define FLOW_HAS_LATENCY 2U /* flow latency seen: latency is valid */

/*
 * Value of flows4 and flows6.  hop[] holds up to COLLECTOR_MAX_PATH switch
 * ids of the flow, the hop at path position i preferably in hop[i]; when a
 * flow has met more switches than that, the least recently seen one not in
 * the current report is forgotten (it fires as new when it comes back, as a
 * key an LRU table forgot does).
 */
struct flow_value {
	struct path_value path;
	struct metric_value latency;
	__u32 flags; /* FLOW_HAS_* */
	__u32 pad;
	struct hop_slot hop[COLLECTOR_MAX_PATH];
};

#define QUEUE_HAS_OCCUPANCY 1U
#define QUEUE_HAS_CONGESTION 2U

/* Value of queues: both metrics keyed <sw_id, queue_id>. */
struct queue_value {
	struct metric_value occupancy; /* first: a queue_value is its occupancy */
	struct metric_value congestion;
	__u32 flags; /* QUEUE_HAS_* */
	__u32 pad;
};

/*
 * Switch metrics first live in direct-mapped arrays (queue_slots,
 * link_slots: BPF_MAP_TYPE_ARRAY of COLLECTOR_SWITCH_SLOTS, index =
 * switch_slot_index(), whose lookups the verifier inlines); a key whose slot
 * another key holds lives in the LRU hash (queues, link_utilization).  A slot
 * is claimed once, atomically on its tag, and never freed, so a key is in
 * exactly one of the two places; readers of a table read both.
 */
#define COLLECTOR_SWITCH_SLOTS 16384 /* a power of two */

/* 0: free; else ((switch_id << 32) | id) + 1 (switch id ~0 is never a key). */
static inline __u64 switch_slot_tag(__u32 switch_id, __u32 id)
{
	return ((__u64)switch_id << 32 | id) + 1;
}

static inline __u32 switch_slot_index(__u32 switch_id, __u32 id)
{
	__u32 h = switch_id * 0x9E3779B1U ^ id * 0x85EBCA6BU;

	h ^= h >> 15;
	return h & (COLLECTOR_SWITCH_SLOTS - 1);
}

struct queue_slot {
	__u64 tag;
	struct queue_value value;
};

struct link_slot {
	__u64 tag;
	struct metric_value value;
};

/*
 * IPv4 flows first live in flow_slots, a BPF_MAP_TYPE_ARRAY of
 * COLLECTOR_FLOW_SLOTS direct-mapped by flow_slot_index() (an inlined
 * lookup, no jhash, no LRU list); a flow whose slot another flow holds lives
 * in flows4 (the overflow).  A 16-byte key cannot be claimed with one
 * compare-and-swap, so a slot is claimed on its state: FREE -> CLAIMING by
 * compare-and-swap, the key written, then READY by an exchange (ordered
 * after the key's stores); it is never freed.  A CPU that finds the slot
 * CLAIMING (another CPU is writing that key, maybe this very flow) takes
 * the overflow.  Worst case: the first reports of one flow on two CPUs at
 * the same instant give it an overflow entry next to its slot, and its
 * new_key events twice; from then on every CPU finds the READY slot first
 * and the overflow copy only ages out of the LRU (the push reads the slots
 * after flows4, so the slot's values are the ones published last).
 * RSS keeps one report stream (sink -> collector 5-tuple) on one queue, so
 * a flow's reports normally meet one CPU.
 */
#define COLLECTOR_FLOW_SLOTS 16384 /* a power of two */

#define FLOW_SLOT_FREE 0
#define FLOW_SLOT_CLAIMING 1
#define FLOW_SLOT_READY 2

struct flow_slot {
	__u64 state; /* FLOW_SLOT_* */
	struct flow_key4 key;
	struct flow_value value;
};

static inline __u32 flow_slot_index(const struct flow_key4 *k)
{
	const __u32 *w = (const __u32 *)k;
	__u32 h = w[0] * 0x9E3779B1U ^ w[1] * 0x85EBCA6BU ^ w[2] * 0xC2B2AE35U ^
		  w[3];

	h ^= h >> 15;
	h *= 0x2C1B3C6DU;
	h ^= h >> 13;
	return h & (COLLECTOR_FLOW_SLOTS - 1);
}

/*
 * Report sequence gaps per reporting node (node id, hw_id), as the Java
 * collector's ReportSequenceGaps counts them: a jump forward counts the
 * numbers skipped as lost, a step back counts as reordered and leaves the
 * expectation; TR2.0 numbers are 22 bits wide, TR1.0 and TR0.5 ones 32,
 * both wrap.  Sources live in report_sources, a BPF_MAP_TYPE_ARRAY of
 * COLLECTOR_SOURCE_SLOTS direct-mapped by report_source_index() (an inlined
 * lookup per report), claimed once on their tag and never freed; a source
 * whose slot another holds lives in report_sources_more (a hash of
 * COLLECTOR_SOURCES_MORE), and past that its reports count
 * CNT_SOURCES_UNTRACKED.  A source's numbers are updated without a lock:
 * RSS keeps one sink's report stream (one UDP 4-tuple) on one queue, so on
 * one CPU; a source whose reports reach two CPUs at once may miscount.
 */
#define COLLECTOR_SOURCE_SLOTS 4096 /* a power of two */
#define COLLECTOR_SOURCES_MORE 4096

struct report_source {
	__u64 tag;  /* report_source_tag(); 0: free slot */
	__u32 next; /* the sequence number expected next */
	__u32 pad;
	__u64 lost; /* numbers skipped, this source */
};

/* Never 0: node id, whether the report names one, hw_id (6 bits). */
static inline __u64 report_source_tag(__u32 node, __u32 has_node, __u32 hw_id)
{
	return ((__u64)node << 32 | (has_node ? 1U << 8 : 0) | (hw_id & 0xFF)) +
	       1;
}

static inline __u32 report_source_index(__u64 tag)
{
	__u32 h = (__u32)tag * 0x9E3779B1U ^ (__u32)(tag >> 32) * 0x85EBCA6BU;

	h ^= h >> 15;
	return h & (COLLECTOR_SOURCE_SLOTS - 1);
}

/* collector_event.report: which of the report identity fields are valid. */
#define EVENT_REPORT 1U /* from a telemetry report: report_seq, report_hw_id */
#define EVENT_REPORT_NODE 2U /* the report names its node: report_node */

/*
 * One ring buffer record per event (ABI 3: the report identity).  The report
 * identity is that of the telemetry report the event was detected in, as its
 * header gives it: TR2.0 node id, hw_id and sequence number; TR1.0 switch id,
 * hw_id and sequence number; TR0.5 hw_id, sequence number and the switch id
 * of its drop / local report header (no node without one).
 */
struct collector_event {
	__u64 ts_ns;	      /* bpf_ktime_get_ns() when detected */
	__u8 metric;	      /* enum collector_metric */
	__u8 kind;	      /* enum collector_event_kind */
	__u8 hops;	      /* METRIC_FLOW_PATH: entries of path[] used */
	__u8 report;	      /* EVENT_REPORT* */
	__u32 switch_id;      /* switch and flow-switch metrics */
	__u32 id;	      /* queue id or egress interface id */
	__u32 report_node;    /* EVENT_REPORT_NODE: the reporting node's id */
	struct flow_key flow; /* flow and flow-switch metrics, else zero */
	__u64 value;	      /* the new value (path: number of hops) */
	__u64 previous;	      /* the last reported value; 0 for EVENT_NEW_KEY */
	__u32 path[COLLECTOR_MAX_PATH]; /* METRIC_FLOW_PATH: switch ids */
	__u32 report_seq;   /* EVENT_REPORT: the report's sequence number */
	__u32 report_hw_id; /* EVENT_REPORT: the report's hw_id */
	__u32 pad;
};

/*
 * Run-time configuration, a global in the program's .data section: user space
 * writes it through the skeleton's mmap (skel->data->config) while the
 * program runs.
 */
struct collector_config {
	__u16 report_port; /* UDP destination port of reports, host order */
	__u8 pass_reports; /* 1: XDP_PASS reports after consuming them */
	__u8 pad;
	__u32 wakeup_bytes; /* force a ring buffer wakeup past this backlog */
	__u64 wakeup_ns;    /* ... or when the last one is this old */
};

#define COLLECTOR_DEFAULT_WAKEUP_BYTES (64 * 1024)
#define COLLECTOR_DEFAULT_WAKEUP_NS (10 * 1000 * 1000ULL)

/* Default table sizes (user space may change them before load). */
#define COLLECTOR_FLOWS 65536  /* flows4 */
#define COLLECTOR_FLOWS6 16384 /* flows6 */
#define COLLECTOR_SWITCH_KEYS 16384
#define COLLECTOR_RINGBUF_BYTES (4 * 1024 * 1024)

#endif /* COLLECTOR_H */
