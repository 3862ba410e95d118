/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * agent_daemon.h - the NIC agent daemon's state: options, the maps it
 * reads and writes, its two delivered streams (events, flow records; the
 * shared delivery of shared/daemon_stream.h), the histograms push, the
 * counters hash and the thresholds.  nic_agent.c runs it; agent_push.c
 * publishes; agent_walk.c ages and reports the FlowCache.
 */
#ifndef AGENT_DAEMON_H
#define AGENT_DAEMON_H

#include "agent.h"
#include "agent_counters.h"
#include "agent_lines.h"
#include "daemon_stream.h"
#include "daemon_thresholds.h"

struct agent_opts {
	const char *events_stream, *flows_stream, *hist_stream;
	unsigned long long maxlen, hist_maxlen; /* entries */
	unsigned long long buffer;		/* records, per stream */
	unsigned long long batch;		/* most records in one entry */
	double hist_s, counters_s, age_s, idle_s, flow_s;
	unsigned long long retain_ms, retain_bytes;
	const char *published_log;
};

struct agent_daemon {
	struct agent_opts o;
	struct daemon_origin origin;
	struct daemon_redis redis;
	struct daemon_stream ev, fl; /* agent-events, flow-records */
	struct daemon_out out;
	struct agent_line_ctx ctx;
	int counters_fd, rows_fd, hist_fd, hist_slots_fd, config_fd;
	struct daemon_thresholds thr; /* over thresholds[] */
	unsigned int rows;
	const char *mode; /* "native" or "generic" */
	unsigned int int_port;
	unsigned long long bin_width[AGENT_HOP_METRICS];
	char counters_key[256], thresholds_key[256];
	unsigned long long thresholds[AGENT_THRESHOLDS];
	unsigned long long next_counters_ms, next_hist_ms, next_age_ms,
		next_flow_ms;
	unsigned long long active_since_ns; /* the last active pass */
	/* counted here, published with the program's counters */
	unsigned long long ring_events, ring_records, aged, active, walk_passes,
		rows_skipped, histograms, histograms_skipped, started_ms;
};

/* Wires d->ev and d->fl to their streams and d->out from the options. */
void agent_wire(struct agent_daemon *d);
/* Delivers buffered records, pushes histograms, publishes counters. */
void agent_push_step(struct agent_daemon *d, int stopping);
/*
 * Walks the FlowCache when an aging or active pass is due: idle buckets
 * evicted (under the row's lock) into d->fl as aged, buckets updated since
 * the last active pass copied into it as active.
 */
void agent_walk_step(struct agent_daemon *d, int force_active);

#endif /* AGENT_DAEMON_H */
