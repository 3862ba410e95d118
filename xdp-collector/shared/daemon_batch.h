/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_batch.h - one entry of a batched stream: up to --batch buffered
 * records, one line each, in one field ("events" in the collector's events
 * stream, contract version 2; "events" or "records" in the NIC agent's).
 * why: the backend's ingest spends its time per stream entry (~20 fields
 * each), so one entry per event capped its rate (docs/BENCHMARKS.md).
 */
#ifndef DAEMON_BATCH_H
#define DAEMON_BATCH_H

#include <stddef.h>

#include "daemon_buffer.h"
#include "daemon_fields.h"
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
 * Writes one buffered record as a line ("name=value ..." ended by '\n') to
 * out; its length, or < 0 when it cannot be formatted (it is then skipped
 * and counted unformattable once delivered).
 */
typedef int (*daemon_line_fn)(const void *rec, unsigned long long seq,
			      char *out, size_t room, void *arg);

/*
 * Fills b from the buffered records first, first + 1, ... : at most max of
 * them, never waiting for more than the buffer holds, each written by line
 * (which gets arg).  A record that cannot be formatted is skipped (span -
 * count of them); an entry ends early rather than list more seq runs than
 * seqs holds.  0, or -ENOMEM.
 */
int daemon_batch_fill(struct daemon_batch *b, struct daemon_buffer *buf,
		      unsigned long long first, unsigned long long max,
		      daemon_line_fn line, void *arg);

/*
 * The entry's fields: the origin, count, and the lines under the name items
 * (pointing into b).
 */
int daemon_batch_fields(struct daemon_fields *f, const struct daemon_origin *o,
			const char *items, struct daemon_batch *b);

#endif /* DAEMON_BATCH_H */
