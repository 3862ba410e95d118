/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon.h - the collector daemon's state: options, the Redis side (event
 * buffer, periodic push, counters, thresholds) and what it counts.
 * collector.c runs it; daemon_push.c publishes.
 */
#ifndef DAEMON_H
#define DAEMON_H

#include "collector.h"
#include "daemon_batch.h"
#include "daemon_buffer.h"
#include "daemon_event.h"
#include "daemon_redis.h"
#include "daemon_sources.h"
#include "snapshot.h"

struct daemon_opts {
	const char *events_stream;		    /* sonde:stream:events */
	const char *snapshots_stream;		    /* sonde:stream:snapshots */
	unsigned long long maxlen, snapshot_maxlen; /* entries */
	unsigned long long buffer;		    /* events */
	unsigned long long batch; /* most events in one events entry */
	double push_s, counters_s;
};

struct daemon {
	struct daemon_opts o;
	struct daemon_origin origin;
	struct daemon_redis redis;
	struct daemon_buffer buf;
	struct daemon_batch batch; /* the entry being built */
	struct snapshot_iter snap;
	int counters_fd, thresholds_fd;
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
	unsigned long long ring_events, published, snapshots, snapshot_entries,
		snapshots_skipped, thresholds_applied, thresholds_rejected,
		unformattable, started_ms;
};

unsigned long long daemon_now_ms(void);
/* Delivers buffered events, steps the periodic push, publishes counters. */
void daemon_push_step(struct daemon *d, int stopping);
/*
 * One pipeline of buffered events to the events stream; 1 when more may go
 * (bench/bench_xadd.c times it).
 */
int daemon_deliver(struct daemon *d, unsigned long long now);
/* Applies a threshold message from the channel (or -t) to the map. */
int daemon_apply_thresholds(struct daemon *d, const char *msg, size_t len);
/* Sums the per-CPU counters map. */
int daemon_read_counters(int fd, __u64 out[CNT_COUNT]);
int daemon_publish_counters(struct daemon *d);

#endif /* DAEMON_H */
