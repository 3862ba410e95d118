/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon.h - the collector daemon's state: options, the Redis side (event
 * buffer, periodic push, counters, thresholds) and what it counts.
 * collector.c runs it; daemon_push.c publishes.
 */
#ifndef DAEMON_H
#define DAEMON_H

#include "collector.h"
#include "daemon_event.h"
#include "daemon_sources.h"
#include "daemon_stream.h"
#include "daemon_thresholds.h"
#include "snapshot.h"

struct daemon_opts {
	const char *events_stream;		    /* sonde:stream:events */
	const char *snapshots_stream;		    /* sonde:stream:snapshots */
	unsigned long long maxlen, snapshot_maxlen; /* entries */
	unsigned long long buffer;		    /* events */
	unsigned long long batch; /* most events in one events entry */
	double push_s, counters_s;
	unsigned long long retain_ms, retain_bytes; /* the published window */
	const char *published_log;		    /* NULL: none */
};

struct daemon {
	struct daemon_opts o;
	struct daemon_origin origin;
	struct daemon_redis redis;
	struct daemon_stream ev; /* the events stream */
	struct daemon_out out;
	struct snapshot_iter snap;
	int counters_fd;
	struct daemon_thresholds thr; /* over thresholds[] */
	int sources_fd,
		sources_more_fd; /* report_sources, report_sources_more */
	struct daemon_sources sources;
	const char *mode; /* "native" or "generic" */
	unsigned int report_port;
	char counters_key[256];
	long long wall_offset_ns; /* CLOCK_REALTIME - CLOCK_MONOTONIC */
	unsigned long long thresholds[METRIC_COUNT];
	/* the periodic push */
	int snap_active;
	unsigned long long snap_no, snap_entries, next_push_ms;
	unsigned long long next_counters_ms;
	/* counted here, published with the program's counters */
	unsigned long long ring_events, snapshots, snapshot_entries,
		snapshots_skipped, started_ms;
};

/*
 * The events stream and its delivery (shared/daemon_stream.h) from the
 * options: d->ev, d->out; the buffer and window are allocated by the
 * caller.  The published log is d->out.journal_fd (-1: none).
 */
void daemon_wire(struct daemon *d);
/* Delivers buffered events, steps the periodic push, publishes counters. */
void daemon_push_step(struct daemon *d, int stopping);
/* Sums the per-CPU counters map. */
int daemon_read_counters(int fd, __u64 out[CNT_COUNT]);
int daemon_publish_counters(struct daemon *d);

#endif /* DAEMON_H */
