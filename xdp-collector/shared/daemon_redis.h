/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_redis.h - the daemon's two Redis connections (hiredis, blocking with
 * time-outs): one for pipelined XADDs and HSETs, one subscribed to the
 * threshold channel and read without blocking.  A failed command drops both;
 * they are re-opened with exponential backoff, and the daemon goes on
 * buffering meanwhile.
 */
#ifndef DAEMON_REDIS_H
#define DAEMON_REDIS_H

#include <stddef.h>
#include <hiredis/hiredis.h>

#include "daemon_fields.h"

struct daemon_redis {
	const char *host;
	int port;
	const char *channel;	 /* thresholds; NULL: no subscription */
	unsigned int timeout_ms; /* connect and command time-out */
	unsigned int backoff_min_ms, backoff_max_ms;
	redisContext *c, *sub;
	unsigned int backoff_ms;
	unsigned long long next_try_ms;
	int fresh;  /* connected since the owner last looked */
	int waited; /* said that Redis is not ready yet (loading) */
	unsigned long long connects, disconnects, rejected;
};

/* Both daemons' time-outs unless told otherwise. */
#define DAEMON_REDIS_DEFAULTS \
	.timeout_ms = 500, .backoff_min_ms = 100, .backoff_max_ms = 5000

/*
 * 1 when both connections are up, opening them when the backoff allows;
 * 0 while Redis is away or not ready (a PING answered LOADING: it accepts
 * connections while it loads its dataset, and refuses every write).
 */
int daemon_redis_up(struct daemon_redis *r, unsigned long long now_ms);
void daemon_redis_close(struct daemon_redis *r);
/* Closes both connections after an error; the backoff decides the next try. */
void daemon_redis_fail(struct daemon_redis *r, unsigned long long now_ms,
		       const char *why);

/* Queues "XADD stream MAXLEN ~ maxlen * fields..." on the pipeline. */
int daemon_redis_append_xadd(struct daemon_redis *r, const char *stream,
			     unsigned long long maxlen,
			     const struct daemon_fields *f);
/* Queues "HSET key fields...". */
int daemon_redis_append_hset(struct daemon_redis *r, const char *key,
			     const struct daemon_fields *f);
/* Queues any command. */
int daemon_redis_append_argv(struct daemon_redis *r, int argc,
			     const char **argv, const size_t *len);
/*
 * 1 for an error Redis gives while it cannot serve yet and will later
 * (LOADING its dataset, BUSY with a script, MASTERDOWN, TRYAGAIN): the
 * command is to go again on a new connection, not to be dropped.
 */
int daemon_redis_transient(const redisReply *rep);
/*
 * The next reply of the pipeline; NULL when the connection failed or Redis
 * answered a transient error (then it is closed).
 */
redisReply *daemon_redis_reply(struct daemon_redis *r,
			       unsigned long long now_ms);
/*
 * Reads the replies of n queued commands; returns how many were answered
 * (an error reply counts as answered, in r->rejected), fewer when the
 * connection failed or Redis answered a transient error (then it is
 * closed, and the rest go again).
 */
int daemon_redis_replies(struct daemon_redis *r, int n,
			 unsigned long long now_ms);
/*
 * The same, keeping each string reply (an XADD's entry id) in ids[i];
 * ids[i] is "" for a reply of another type or an error.
 */
int daemon_redis_replies_ids(struct daemon_redis *r, int n,
			     unsigned long long now_ms,
			     char (*ids)[DAEMON_ID_MAX]);

/*
 * The hash key's fields as one message "name=value name=value ", written to
 * msg (room bytes) at once; the length the message takes (room or more:
 * it did not fit), 0 for an empty or absent hash, -EIO when Redis failed
 * (the connections are then closed).
 */
long daemon_redis_hash_message(struct daemon_redis *r, const char *key,
			       char *msg, size_t room, unsigned long long now);

/*
 * Reads what the subscription received without blocking and calls fn with
 * each message's payload.  Closes the connections on an error.
 */
void daemon_redis_poll_sub(struct daemon_redis *r, unsigned long long now_ms,
			   void (*fn)(const char *msg, size_t len, void *arg),
			   void *arg);

#endif /* DAEMON_REDIS_H */
