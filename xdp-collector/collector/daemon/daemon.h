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
#include "daemon_journal.h"
#include "daemon_redis.h"
#include "daemon_retain.h"
#include "daemon_sources.h"
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

#define DAEMON_PIPELINE 512 /* XADDs per round trip */

/* An events entry sent in the pipeline now, until Redis answers it. */
struct daemon_sent {
	unsigned long long span, count; /* buffered events, events in it */
	char *text; /* a copy of its events field, for the window; or NULL */
	size_t len;
	char seqs[DAEMON_SEQS_MAX];
};

/* What daemon_recover.c knows of the Redis it publishes to. */
struct daemon_loss {
	char run_id[48];       /* INFO server's run_id when last probed */
	char witness_key[256]; /* sonde:collector:<node>:<ifname>:witness */
	int witness_set;       /* known to exist: written, or found */
	int stream_written;    /* an XADD of ours was acknowledged */
	int suspect, emptied;  /* check before publishing anything new */
	unsigned long long checks, republished, republished_entries;
};

struct daemon {
	struct daemon_opts o;
	struct daemon_origin origin;
	struct daemon_redis redis;
	struct daemon_buffer buf;
	struct daemon_batch batch; /* the entry being built */
	struct daemon_sent sent[DAEMON_PIPELINE];
	char ids[DAEMON_PIPELINE][DAEMON_ID_MAX];
	struct daemon_retain retain; /* the published window */
	struct daemon_loss loss;
	int journal_fd; /* the published log, or -1 */
	int journal_failed;
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
	unsigned long long next_probe_ms; /* while idle, the window not empty */
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
/*
 * Before a pipeline of new entries: notices that Redis may have lost
 * acknowledged writes (a reconnection, a new run_id, the witness key or the
 * stream gone) and then re-publishes the retained entries the stream lacks.
 * 0 when new entries may go, -EIO when Redis failed meanwhile.
 */
int daemon_recover_step(struct daemon *d, unsigned long long now);
/* A reconnection: what the old connection had acknowledged is checked. */
void daemon_recover_reconnected(struct daemon *d);
/* An acknowledged entry: to the window and the published log. */
void daemon_keep_published(struct daemon *d, const char *kind,
			   struct daemon_sent *s, const char *id,
			   unsigned long long now);
/* Applies a threshold message from the channel (or -t) to the map. */
int daemon_apply_thresholds(struct daemon *d, const char *msg, size_t len);
/* Sums the per-CPU counters map. */
int daemon_read_counters(int fd, __u64 out[CNT_COUNT]);
int daemon_publish_counters(struct daemon *d);

#endif /* DAEMON_H */
