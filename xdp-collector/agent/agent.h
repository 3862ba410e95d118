/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * agent.h - the contract between the NIC agent's XDP program (agent.bpf.c)
 * and user space (the daemon, the tests, the bench): map values, ring
 * records, enums and limits (AGENT-CONTRACT.md, the SmartNIC paper's
 * FlowCache, events, histograms and rings).
 *
 * Every layout is fixed-size, naturally aligned and padded by hand so that
 * clang -target bpf and gcc on x86_64 agree on it byte for byte; the
 * _Static_asserts below pin the sizes.
 */
#ifndef AGENT_H
#define AGENT_H

#include <linux/bpf.h>
#include <linux/types.h>

#include "int_error.h"

#define AGENT_DEFAULT_INT_PORT 0x1000
#define AGENT_DEFAULT_ROWS (1U << 19)
/*
 * flow_rows' max_entries in the object file: user space sets the real count
 * (bpf_map__set_max_entries before load) and config.rows_mask to match.
 */
#define AGENT_OBJECT_ROWS 1024
/* Buckets per FlowCache row: the paper's 12, compile-time. */
#define AGENT_BUCKETS 12
/* Hops kept per flow; a packet with more uses the ones nearest the source. */
#define AGENT_MAX_HOPS 8
/* Linear histogram bins; the last counts everything at or above 31 x width. */
#define AGENT_BINS 32
/* Records each ring holds (the paper's 64K entries). */
#define AGENT_RING_RECORDS 65536
/*
 * A hop's value the switch could not give: all ones on the wire (INT 2.1
 * section 5.8; queue occupancy's 24 bits too), or a metric the bitmap does
 * not carry.  Kept as this in the FlowCache; never an event, never in a
 * histogram, a mean or the end-to-end sum.
 */
#define AGENT_UNAVAILABLE 0xFFFFFFFFU
/* The hop of an end-to-end event (flow_latency, flow_path). */
#define AGENT_HOP_NONE 0xFF

/* Event and histogram metrics; the first three are per switch. */
enum agent_metric {
	AGENT_M_HOP_LATENCY = 0,
	AGENT_M_QUEUE_OCCUPANCY = 1,
	AGENT_M_LINK_UTILIZATION = 2,
	AGENT_M_FLOW_LATENCY = 3, /* end to end: the summed hop latency */
	AGENT_M_FLOW_PATH = 4,	  /* end to end: the path id; change only */
	AGENT_M_COUNT = 5,
};
#define AGENT_HOP_METRICS 3

/* Event types; the record's bitmap has bit (1 << type) per type that fired. */
enum agent_event_type {
	AGENT_T_CHANGE = 0,
	AGENT_T_THRESHOLD = 1,
	AGENT_T_COUNT = 2,
};
#define AGENT_EV_CHANGE (1U << AGENT_T_CHANGE)
#define AGENT_EV_THRESHOLD (1U << AGENT_T_THRESHOLD)

/* The "thresholds" array map: one __u64 at this index per metric and type. */
#define AGENT_THRESHOLD_INDEX(metric, type) ((metric) * AGENT_T_COUNT + (type))
#define AGENT_THRESHOLDS (AGENT_M_COUNT * AGENT_T_COUNT)
/* A threshold of this value never fires. */
#define AGENT_THRESHOLD_OFF (~0ULL)

/*
 * The headers in front of the INT that INT removal copies out and writes
 * back: Ethernet, VLAN tags, IPv4 or IPv6 with its extension headers, and
 * NPT 1's UDP header.  A power of two: offsets into the copy are masked.
 */
#define AGENT_HDR_MAX 256

/*
 * The counters, in the order of their indexes, with the names the daemon
 * publishes.  unparsed_<reason> follows enum int_error (the drop_<reason>
 * names of int_error.h); unparsed_headers_too_long: the headers in front of
 * the INT are longer than AGENT_HDR_MAX.
 */
#define AGENT_COUNTERS(X)                                             \
	X(PACKETS, "packets")                                         \
	X(INT_PACKETS, "int_packets")                                 \
	X(PASSED_NO_INT, "passed_no_int")                             \
	X(UNPARSED_TRUNCATED, "unparsed_truncated")                   \
	X(UNPARSED_BAD_LENGTH, "unparsed_bad_length")                 \
	X(UNPARSED_UNKNOWN_VERSION, "unparsed_unknown_version")       \
	X(UNPARSED_BAD_SHIM, "unparsed_bad_shim")                     \
	X(UNPARSED_UNKNOWN_TYPE, "unparsed_unknown_type")             \
	X(UNPARSED_BAD_IP_HEADER, "unparsed_bad_ip_header")           \
	X(UNPARSED_BAD_L4_HEADER, "unparsed_bad_l4_header")           \
	X(UNPARSED_TOO_MANY_VLAN_TAGS, "unparsed_too_many_vlan_tags") \
	X(UNPARSED_HEADERS_TOO_LONG, "unparsed_headers_too_long")     \
	X(STRIPPED, "stripped")                                       \
	X(FLOWS_NEW, "flows_new")                                     \
	X(FLOWS_UPDATED, "flows_updated")                             \
	X(EVICTED, "evicted")                                         \
	X(RG_LOST, "rg_lost")                                         \
	X(RI_LOST, "ri_lost")                                         \
	X(EVENTS, "events")                                           \
	X(HOPS_OVER_LIMIT, "hops_over_limit")

enum agent_counter {
#define AGENT_COUNTER_ENUM(id, name) AGENT_C_##id,
	AGENT_COUNTERS(AGENT_COUNTER_ENUM)
#undef AGENT_COUNTER_ENUM
		AGENT_C_COUNT,
};

/* The one value of the per-CPU array "counters"; user space sums the CPUs. */
struct agent_counters {
	__u64 v[AGENT_C_COUNT];
};

/* The one value of the array "config"; the daemon writes it before attaching. */
struct agent_config {
	__u32 int_port; /* UDP destination port of INT; 0: AGENT_DEFAULT_INT_PORT */
	__u32 rows_mask; /* flow_rows' max_entries - 1 (a power of two minus 1) */
	/* histogram bin width per per-switch metric; 0 means 1 */
	__u64 bin_width[AGENT_HOP_METRICS];
	/*
	 * Records are submitted without waking the reader; past this many
	 * unread bytes in R_I or R_G one submit wakes it, once until it has
	 * drained the ring below again.  0: AGENT_DEFAULT_WAKEUP_BYTES.  The
	 * reader polls with a timeout for what stays below.
	 */
	__u64 wakeup_bytes;
};

/* The 5-tuple; IPv4 addresses use the first 4 bytes of src and dst. */
struct agent_flow_key {
	__u8 src[16]; /* network order */
	__u8 dst[16];
	__u16 src_port; /* host order */
	__u16 dst_port;
	__u8 protocol; /* the original one (6 for TCP under NPT 2) */
	__u8 ip_version;
	__u8 pad[2];
};

/* One hop of a flow: the latest value and the mean over the bucket's packets. */
struct agent_flow_hop {
	__u32 switch_id;
	__u32 latency;
	__u32 latency_avg;
	__u32 queue; /* occupancy, 24 bits */
	__u32 queue_avg;
	__u32 util;
	__u32 util_avg;
};

/*
 * A FlowCache bucket, and the R_G record of an evicted one.  packets == 0:
 * the bucket is free.  hop[0] is the first switch after the source.
 */
struct agent_flow_bucket {
	struct agent_flow_key key;
	__u64 packets;
	__u64 first_ns; /* bpf_ktime_get_ns */
	__u64 last_ns;
	__u64 e2e_latency; /* sum of the hop latencies */
	__u64 e2e_latency_avg;
	__u32 path_id; /* FNV-1a 32 over the switch ids, source to sink, big endian */
	__u8 hops; /* hops kept, at most AGENT_MAX_HOPS */
	__u8 pad[3];
	struct agent_flow_hop hop[AGENT_MAX_HOPS];
};

#define AGENT_DEFAULT_WAKEUP_BYTES (64U << 10)

/*
 * A value of the array "flow_rows": a row with its lock.  tag[i] is a hint
 * for finding a flow in one cache line: a hash of b[i]'s key, not 0, while
 * b[i] is taken.  A bucket is free when its packets is 0, whatever its tag;
 * user space that frees buckets may leave the tags as they are.
 */
struct agent_flow_row {
	struct bpf_spin_lock lock;
	__u32 tag[AGENT_BUCKETS];
	__u32 pad;
	struct agent_flow_bucket b[AGENT_BUCKETS];
};

/* An R_I record: one per (packet, metric, hop) that fired. */
struct agent_event {
	__u64 ts_ns; /* bpf_ktime_get_ns */
	struct agent_flow_key flow;
	__u64 value;
	__u64 previous;	 /* 0 on a flow's first packet */
	__u32 switch_id; /* 0 for the end-to-end metrics */
	__u32 path_id;
	__u8 metric; /* enum agent_metric */
	__u8 hop; /* 0 = first switch after the source; AGENT_HOP_NONE end to end */
	__u8 types; /* AGENT_EV_CHANGE | AGENT_EV_THRESHOLD */
	__u8 pad[5];
};

/*
 * A switch's bins of every per-switch metric: the value of the per-CPU
 * array "hist_slots" (a slot taken by the first switch that hashes to it
 * on that CPU) and of the per-CPU hash "histograms" keyed by the __u32
 * switch id (the switches whose slot another took).  A metric's histogram
 * exists once a packet carried it: bit (1 << metric) of seen.  why: one
 * array slot a hop, found without hashing a key, instead of one hash lookup
 * a hop and metric.
 */
struct agent_switch_hist {
	__u32 switch_id; /* a slot's switch; the hash has it in the key */
	__u32 taken;	 /* the slot has a switch */
	__u64 seen;
	__u64 bins[AGENT_HOP_METRICS][AGENT_BINS];
};

/* hist_slots: 1 << AGENT_HIST_SLOT_BITS slots a CPU. */
#define AGENT_HIST_SLOT_BITS 8

/* The slot of a switch: a multiplicative hash, so that ids in steps spread. */
static inline __u32 agent_hist_slot(__u32 switch_id)
{
	return (switch_id * 0x9E3779B1U) >> (32 - AGENT_HIST_SLOT_BITS);
}

/* One (switch, metric) histogram, as the daemon publishes it. */
struct agent_hist_key {
	__u32 switch_id;
	__u32 metric; /* AGENT_M_HOP_LATENCY .. AGENT_M_LINK_UTILIZATION */
};

struct agent_hist {
	__u64 bins[AGENT_BINS];
};

/* Switches the histograms hold (each with all its metrics). */
#define AGENT_HIST_ENTRIES 2048

/* Ring sizes in bytes: records of their size plus the ring's 8-byte header. */
#define AGENT_RG_BYTES (32U << 20)
#define AGENT_RI_BYTES (8U << 20)

_Static_assert(sizeof(struct agent_flow_key) == 40, "flow key layout");
_Static_assert(sizeof(struct agent_flow_hop) == 28, "flow hop layout");
_Static_assert(sizeof(struct agent_flow_bucket) == 312, "bucket layout");
_Static_assert(sizeof(struct agent_flow_row) ==
		       56 + AGENT_BUCKETS * sizeof(struct agent_flow_bucket),
	       "row layout");
_Static_assert(sizeof(struct agent_event) == 80, "event layout");
_Static_assert(sizeof(struct agent_config) == 40, "config layout");
_Static_assert(AGENT_RG_BYTES >= AGENT_RING_RECORDS *
					 (sizeof(struct agent_flow_bucket) + 8),
	       "R_G holds AGENT_RING_RECORDS buckets");
_Static_assert(AGENT_RI_BYTES >=
		       AGENT_RING_RECORDS * (sizeof(struct agent_event) + 8),
	       "R_I holds AGENT_RING_RECORDS events");

#endif /* AGENT_H */
