/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_stream.h - delivery of buffered records to Redis streams, at
 * least once and in order: a bounded buffer per stream (back-pressure drops
 * counted), entries of up to --batch lines sent in pipelines and removed
 * from the buffer only once Redis answered, the published window kept and
 * what Redis acknowledged and then lost published again (daemon_recover.c).
 * The collector's daemon has one such stream, the NIC agent's two; they
 * share one connection, origin, witness key and published log.
 */
#ifndef DAEMON_STREAM_H
#define DAEMON_STREAM_H

#include "daemon_batch.h"
#include "daemon_buffer.h"
#include "daemon_fields.h"
#include "daemon_journal.h"
#include "daemon_redis.h"
#include "daemon_retain.h"

#define DAEMON_PIPELINE 512 /* XADDs per round trip */
#define DAEMON_STREAMS_MAX 4
/* why: the daemon's ring buffers must be drained meanwhile */
#define DAEMON_STEP_BUDGET_MS 25
/* Probes while idle with something in the window: each pipeline probes too. */
#define DAEMON_IDLE_PROBE_MS 1000

/* An entry sent in the pipeline now, until Redis answers it. */
struct daemon_sent {
	unsigned long long span, count; /* buffered records, records in it */
	char *text; /* a copy of its lines field, for the window; or NULL */
	size_t len;
	char seqs[DAEMON_SEQS_MAX];
};

struct daemon_stream {
	const char *name;	   /* the stream's key */
	const char *items;	   /* the field holding the lines: "events" */
	unsigned long long maxlen; /* XADD MAXLEN ~, entries */
	unsigned long long batch_max; /* most records in one entry */
	daemon_line_fn line;
	void *line_arg;
	struct daemon_buffer buf;
	struct daemon_batch batch; /* the entry being built */
	struct daemon_sent sent[DAEMON_PIPELINE];
	char ids[DAEMON_PIPELINE][DAEMON_ID_MAX];
	struct daemon_retain retain; /* the published window */
	int written;		     /* an XADD of ours was acknowledged */
	int suspect, emptied;	     /* check before publishing anything new */
	/* records Redis acknowledged, records that could not be formatted */
	unsigned long long published, unformattable;
	unsigned long long checks, republished, republished_entries;
	unsigned long long next_probe_ms; /* while idle, the window not empty */
};

/* What the streams share. */
struct daemon_out {
	struct daemon_redis *redis;
	const struct daemon_origin *origin;
	char run_id[48];       /* INFO server's run_id when last probed */
	char witness_key[256]; /* sonde:<...>:witness */
	int witness_set;       /* known to exist: written, or found */
	int journal_fd;	       /* the published log, or -1 */
	int journal_failed;
	struct daemon_stream *streams[DAEMON_STREAMS_MAX];
	int n_streams;
};

unsigned long long daemon_now_ms(void);
/*
 * 1 when something done every every_s seconds (0: never) is due at now,
 * *next_ms then set to its next time.
 */
int daemon_due(unsigned long long *next_ms, double every_s,
	       unsigned long long now);
/* s's buffer of records of record_size bytes and its published window. */
int daemon_stream_init(struct daemon_stream *s, unsigned long long records,
		       size_t record_size, unsigned long long retain_ms,
		       unsigned long long retain_bytes);
void daemon_stream_free(struct daemon_stream *s);
/* Records buffered in all of o's streams. */
unsigned long long daemon_out_buffered(const struct daemon_out *o);
/* The last steps' bound: 1 while a record is buffered before deadline. */
int daemon_out_pending(const struct daemon_out *o, unsigned long long deadline);
/* Closes Redis and the published log, frees the streams. */
void daemon_out_close(struct daemon_out *o);
/*
 * One stream's share of a daemon's step begun at start: a probe for a lost
 * window while nothing is to be published (a loss is noticed then too),
 * then pipelines until the buffer is empty or, unless stopping, the step's
 * budget is spent.
 */
void daemon_deliver_step(struct daemon_out *o, struct daemon_stream *s,
			 unsigned long long now, unsigned long long start,
			 int stopping);
/*
 * One pipeline of s's buffered records; 1 when more may go, 0 when done or
 * Redis is down.
 */
int daemon_deliver(struct daemon_out *o, struct daemon_stream *s,
		   unsigned long long now);
/*
 * Before a pipeline of new entries to s: notices that Redis may have lost
 * acknowledged writes (a reconnection, a new run_id, the witness key or the
 * stream gone) and then re-publishes the retained entries the stream lacks.
 * 0 when new entries may go, -EIO when Redis failed meanwhile.
 */
int daemon_recover_step(struct daemon_out *o, struct daemon_stream *s,
			unsigned long long now);
/* A reconnection: what the old connection had acknowledged is checked. */
void daemon_recover_reconnected(struct daemon_out *o);
/*
 * The counters-hash fields both daemons publish under the same names: the
 * records read off the events ring, the events stream's published,
 * buffered, redis_dropped and unformattable, and the Redis connection's.
 */
void daemon_stream_counters(struct daemon_fields *f,
			    unsigned long long ring_events,
			    const struct daemon_stream *events,
			    const struct daemon_redis *redis);
/* An acknowledged entry: to the window and the published log. */
void daemon_keep_published(struct daemon_out *o, struct daemon_stream *s,
			   const char *kind, struct daemon_sent *sent,
			   const char *id, unsigned long long now);

#endif /* DAEMON_STREAM_H */
