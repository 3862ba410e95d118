/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * snapshot.h - reads the six tables of Table I for the periodic push, a few
 * hundred entries at a time, each entry given as a struct collector_event
 * (metric, keys, value; ts_ns = the time of its last report).  The only file
 * that knows the tables' keys and values: adapt it when they change.
 */
#ifndef SNAPSHOT_H
#define SNAPSHOT_H

#include "collector.h"

#define SNAPSHOT_BATCH 4096 /* most entries one batch lookup returns */

struct snapshot_iter {
	int fd[METRIC_COUNT];
	int metric;	    /* the table being read */
	int started;	    /* a batch token exists for this table */
	unsigned int token; /* why: a hash map's batch token is a bucket index */
	unsigned int n, i;  /* entries fetched, entries handed out */
	int last;	    /* the last batch of this table is fetched */
	unsigned char *keys, *values;
};

/* fds of the six maps, indexed by enum collector_metric. */
int snapshot_init(struct snapshot_iter *it, const int fd[METRIC_COUNT]);
void snapshot_free(struct snapshot_iter *it);
/* Back to the first entry of the first table. */
void snapshot_rewind(struct snapshot_iter *it);
/* 1 and *out filled, 0 after the last entry of the last table, or -errno. */
int snapshot_next(struct snapshot_iter *it, struct collector_event *out);

#endif /* SNAPSHOT_H */
