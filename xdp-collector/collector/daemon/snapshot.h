/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * snapshot.h - reads the tables of Table I for the periodic push, a few
 * hundred map entries at a time, each Table I key given as a struct
 * collector_event (metric, keys, value; ts_ns = the time of its last report).
 * The only file that knows the maps' keys and values (ABI 2, collector.h):
 * one flows4/flows6 entry gives its flow path, flow latency and per-hop
 * latencies (IPv4 flows in flow_slots first); queue and link keys live in
 * array slots (tag non-zero) or in
 * the overflow hashes.  Adapt it when the layouts change.
 */
#ifndef SNAPSHOT_H
#define SNAPSHOT_H

#include "collector.h"

#define SNAPSHOT_BATCH 4096 /* most entries one batch lookup returns */

/* The maps read, in this order; snapshot_init() takes their fds so indexed. */
enum snapshot_table {
	SNAP_FLOWS4 = 0,      /* struct flow_key4 -> struct flow_value */
	SNAP_FLOWS6 = 1,      /* struct flow_key -> struct flow_value */
	SNAP_QUEUE_SLOTS = 2, /* __u32 -> struct queue_slot */
	SNAP_QUEUES = 3,      /* struct switch_key -> struct queue_value */
	SNAP_LINK_SLOTS = 4,  /* __u32 -> struct link_slot */
	SNAP_LINK_UTIL = 5,   /* struct switch_key -> struct metric_value */
	/* why last: after flows4, so that a flow in both (collector.h's worst
	 * case) is published with its slot's values */
	SNAP_FLOW_SLOTS = 6, /* __u32 -> struct flow_slot */
	SNAP_TABLES = 7,
};

struct snapshot_iter {
	int fd[SNAP_TABLES];
	int table;	    /* the map being read */
	int started;	    /* a batch token exists for this map */
	unsigned int token; /* why: a hash map's batch token is a bucket index */
	unsigned int n, i;  /* map entries fetched, map entries handed out */
	unsigned int sub;   /* the next Table I key within map entry i */
	int last;	    /* the last batch of this map is fetched */
	unsigned char *keys, *values;
};

/* fds of the maps, indexed by enum snapshot_table. */
int snapshot_init(struct snapshot_iter *it, const int fd[SNAP_TABLES]);
void snapshot_free(struct snapshot_iter *it);
/* Back to the first entry of the first map. */
void snapshot_rewind(struct snapshot_iter *it);
/* 1 and *out filled, 0 after the last entry of the last map, or -errno. */
int snapshot_next(struct snapshot_iter *it, struct collector_event *out);
/*
 * Table I key number sub (0, 1, ...) of one map entry of table into *out:
 * 1 filled; 0 no key at sub (a metric not set yet); -1 past the entry's
 * last key (a free slot has none).  What snapshot_next() walks; for tests.
 */
int snapshot_entry(int table, const void *key, const void *value,
		   unsigned int sub, struct collector_event *out);

#endif /* SNAPSHOT_H */
