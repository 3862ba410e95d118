/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_batch.h - one entry of the events stream (Redis contract version
 * 2): up to --batch buffered events, one line each, in the "events" field.
 * why: the backend's ingest spends its time per stream entry (~20 fields
 * each), so v1's one entry per event capped its rate (docs/BENCHMARKS.md).
 */
#ifndef DAEMON_BATCH_H
#define DAEMON_BATCH_H

#include <stddef.h>

#include "daemon_buffer.h"
#include "daemon_event.h"
#include "daemon_retain.h"

#define DAEMON_DEFAULT_BATCH 256
#define DAEMON_MAX_BATCH 10000 /* events per entry: ~2.5 MB at most */
/*
 * --maxlen: entries of the events stream, each of up to --batch events.
 * why this value: 4,000 full entries of 256 events hold 1,024,000 events,
 * the million events of version 1's default, in about its memory (Redis
 * memory per event: make bench-xadd, docs/BENCHMARKS.md; REDIS_CONTRACT.md).
 */
#define DAEMON_DEFAULT_MAXLEN 4000

struct daemon_batch {
	char *text; /* the "events" field: one line per event */
	size_t len, cap;
	unsigned long long count; /* events in text */
	unsigned long long span; /* buffered events it covers: count + skipped */
	char count_str[24];
	/* the events' seqs as runs, "1-256" (the published log's column) */
	char seqs[DAEMON_SEQS_MAX];
	size_t seqs_len;
	unsigned long long run_first, run_last; /* the run being built */
};

void daemon_batch_free(struct daemon_batch *b);

/*
 * Fills b from the buffered events first, first + 1, ... : at most max of
 * them, never waiting for more than the buffer holds.  An event that cannot
 * be formatted is skipped (span - count of them); an entry ends early
 * rather than list more seq runs than seqs holds.  wall_offset_ns turns
 * the events' monotonic ts_ns into wall-clock time.  0, or -ENOMEM.
 */
int daemon_batch_fill(struct daemon_batch *b, struct daemon_buffer *buf,
		      unsigned long long first, unsigned long long max,
		      long long wall_offset_ns);

/* The entry's fields: the origin, count, events (pointing into b). */
int daemon_batch_fields(struct daemon_fields *f, const struct daemon_origin *o,
			struct daemon_batch *b);

#endif /* DAEMON_BATCH_H */
