/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_event.h - the Redis contract's field lists (REDIS_CONTRACT.md):
 * a ring-buffer event or a table entry of the periodic push becomes the
 * field/value pairs of one stream entry; threshold messages are parsed here
 * too.  No Redis and no BPF: unit-tested in tests/test_daemon_units.c.
 */
#ifndef DAEMON_EVENT_H
#define DAEMON_EVENT_H

#include <stddef.h>
#include "collector.h"
#include "daemon_fields.h"

#define CONTRACT_VERSION "2"

extern const char *const daemon_metric_names[METRIC_COUNT];
extern const char *const daemon_error_names[INT_E_COUNT];

enum daemon_entry_kind {
	ENTRY_EVENT,	/* an event: kind new_key / changed, previous value */
	ENTRY_SNAPSHOT, /* a table entry of the periodic push */
};

/*
 * Fields of one entry: e is an event, or for ENTRY_SNAPSHOT a table entry in
 * the same record (value, keys, ts_ns = the time of its last report).
 * wall_ts_ns is e->ts_ns turned into wall-clock time.  seq_or_snapshot is
 * the event's sequence number or the snapshot's.  o: the origin fields
 * first, or NULL for none (an event's line in a v2 entry, whose entry
 * carries the origin once).  0, or -E2BIG.
 */
int daemon_entry_fields(struct daemon_fields *f, const struct daemon_origin *o,
			enum daemon_entry_kind kind,
			const struct collector_event *e,
			unsigned long long wall_ts_ns,
			unsigned long long seq_or_snapshot);

/*
 * The line of a buffered event (a struct collector_event) in an events
 * entry, for daemon_batch_fill(); arg points to the long long that turns
 * its monotonic ts_ns into wall-clock time.
 */
int daemon_event_line(const void *rec, unsigned long long seq, char *out,
		      size_t room, void *arg);

/* The entry that closes snapshot number snapshot, after entries entries. */
int daemon_snapshot_end_fields(struct daemon_fields *f,
			       const struct daemon_origin *o,
			       unsigned long long snapshot,
			       unsigned long long entries,
			       unsigned long long wall_ts_ns);

/*
 * Parses "METRIC=T[ METRIC=T]..." (separators: space, comma, newline) into
 * t[] and set[]; all or nothing: -EINVAL (and nothing set) when a pair does
 * not parse or names no metric.  Returns the number of pairs.
 */
int daemon_parse_thresholds(const char *msg, size_t len,
			    unsigned long long t[METRIC_COUNT],
			    int set[METRIC_COUNT]);

#endif /* DAEMON_EVENT_H */
