/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * agent_scratch.h - the per-CPU working memory of one packet: the parsed
 * packet, what the FlowCache held before the update, the evicted bucket and
 * the bytes INT removal copies.  why: far more than the 512-byte stack, and
 * a map value may be written under a spin lock where helpers may not run.
 */
#ifndef AGENT_SCRATCH_H
#define AGENT_SCRATCH_H

#include "agent_parse.h"

#define AGENT_INT_MAX 1024 /* shim and a stack of 255 words */

struct agent_scratch {
	struct agent_pkt pkt;
	struct agent_flow_bucket evicted;
	/* the flow's values before this packet, valid for hop < prev_hops */
	__u32 prev[AGENT_HOP_METRICS][AGENT_MAX_HOPS];
	__u64 prev_e2e;
	__u32 prev_path;
	__u32 prev_hops;
	__u32 known; /* the flow was in the FlowCache before this packet */
	__u32 did_evict;
	__u64 thr[AGENT_THRESHOLDS];
	__u8 hdr[AGENT_HDR_MAX];
	__u8 int_bytes[AGENT_INT_MAX];
};

#endif /* AGENT_SCRATCH_H */
