/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * agent_lines.h - the NIC agent's Redis contract (agent/REDIS_CONTRACT.md,
 * version 1) as text: an R_I event and a flow record become one line of a
 * batched entry, a histogram one entry's fields; threshold messages
 * ("metric.type=value ...") are parsed whole or not at all; the aging walk
 * picks a row's idle and active buckets.  No Redis and no BPF: unit-tested
 * in tests/agent_daemon_units.c.
 */
#ifndef AGENT_LINES_H
#define AGENT_LINES_H

#include <stddef.h>

#include "agent.h"
#include "daemon_fields.h"

#define AGENT_CONTRACT_VERSION "1"

/* Why a flow record was published. */
enum agent_flow_reason {
	AGENT_R_EVICTED = 0, /* its row was full: R_G */
	AGENT_R_AGED = 1,    /* idle past --idle-timeout */
	AGENT_R_ACTIVE = 2,  /* updated since the last --flow-interval pass */
	AGENT_R_COUNT = 3,
};

/* A buffered flow record: the bucket and why it is published. */
struct agent_flow_out {
	struct agent_flow_bucket b;
	__u32 reason;
	__u32 pad;
};

/* What a line needs besides its record. */
struct agent_line_ctx {
	long long wall_offset_ns; /* CLOCK_REALTIME - CLOCK_MONOTONIC */
};

extern const char *const agent_metric_names[AGENT_M_COUNT];
extern const char *const agent_type_names[AGENT_T_COUNT];
extern const char *const agent_reason_names[AGENT_R_COUNT];

/* Whether the threshold (metric, type) exists: flow_path has change only. */
int agent_threshold_exists(int metric, int type);

/*
 * One line of an agent-events entry for rec (a struct agent_event), for
 * daemon_batch_fill(); arg is a struct agent_line_ctx.
 */
int agent_event_line(const void *rec, unsigned long long seq, char *out,
		     size_t room, void *arg);
/* One line of a flow-records entry for rec (a struct agent_flow_out). */
int agent_flow_line(const void *rec, unsigned long long seq, char *out,
		    size_t room, void *arg);

/* The fields of one agent-histograms entry (origin first). */
int agent_hist_fields(struct daemon_fields *f, const struct daemon_origin *o,
		      const struct agent_hist_key *k,
		      const struct agent_hist *h, unsigned long long bin_width,
		      unsigned long long wall_ns);

/*
 * Parses "metric.type=value[ metric.type=value]..." (separators: space,
 * comma, newline) into t[] and set[] (indexed by AGENT_THRESHOLD_INDEX);
 * all or nothing: -EINVAL (and nothing set) when a pair does not parse,
 * names no threshold, or the message is empty.  The number of pairs.
 */
int agent_parse_thresholds(const char *msg, size_t len,
			   unsigned long long t[AGENT_THRESHOLDS],
			   int set[AGENT_THRESHOLDS]);

/*
 * The aging walk's choice for one row (a copy read under its lock), at
 * monotonic time now_ns: bit i of *aged for each bucket idle for more than
 * idle_ns, bit i of *active for each other bucket updated at or after
 * since_ns (~0ULL: none asked).  Free buckets are neither.
 */
void agent_row_select(const struct agent_flow_row *row,
		      unsigned long long now_ns, unsigned long long idle_ns,
		      unsigned long long since_ns, unsigned int *aged,
		      unsigned int *active);

#endif /* AGENT_LINES_H */
