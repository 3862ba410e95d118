// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_redis.c - Redis connections with backoff, pipelines, subscription. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

#include "daemon_redis.h"

static struct timeval tv(unsigned int ms)
{
	struct timeval t = { .tv_sec = ms / 1000,
			     .tv_usec = (ms % 1000) * 1000 };
	return t;
}

void daemon_redis_fail(struct daemon_redis *r, unsigned long long now_ms,
		       const char *why)
{
	if (r->c || r->sub) {
		r->disconnects++;
		fprintf(stderr, "%s: redis %s:%d: %s; reconnecting\n",
			daemon_prog, r->host, r->port, why);
	}
	daemon_redis_close(r);
	/* why: a dead Redis must not cost a connect time-out every loop */
	r->next_try_ms = now_ms + r->backoff_ms;
	r->backoff_ms = r->backoff_ms * 2 > r->backoff_max_ms
				? r->backoff_max_ms
				: r->backoff_ms * 2;
}

void daemon_redis_close(struct daemon_redis *r)
{
	if (r->c)
		redisFree(r->c);
	if (r->sub)
		redisFree(r->sub);
	r->c = r->sub = NULL;
}

static redisContext *open_one(struct daemon_redis *r)
{
	redisContext *c =
		redisConnectWithTimeout(r->host, r->port, tv(r->timeout_ms));

	if (!c)
		return NULL;
	if (c->err || redisSetTimeout(c, tv(r->timeout_ms)) != REDIS_OK) {
		redisFree(c);
		return NULL;
	}
	redisEnableKeepAlive(c);
	return c;
}

static int subscribe(struct daemon_redis *r)
{
	redisReply *reply = redisCommand(r->sub, "SUBSCRIBE %s", r->channel);
	int ok = reply && reply->type == REDIS_REPLY_ARRAY;

	if (reply)
		freeReplyObject(reply);
	return ok ? 0 : -EIO;
}

int daemon_redis_transient(const redisReply *rep)
{
	static const char *const later[] = { "LOADING", "BUSY", "MASTERDOWN",
					     "TRYAGAIN" };
	size_t i, n;

	if (!rep || rep->type != REDIS_REPLY_ERROR)
		return 0;
	for (i = 0; i < sizeof(later) / sizeof(later[0]); i++) {
		n = strlen(later[i]);
		/* why the word's end: BUSYGROUP is no BUSY, and lasts */
		if (!strncmp(rep->str, later[i], n) &&
		    (rep->str[n] == ' ' || !rep->str[n]))
			return 1;
	}
	return 0;
}

/* 0 when c answers PING; -EAGAIN while Redis loads, -EIO when it failed. */
static int ready(struct daemon_redis *r, redisContext *c)
{
	redisReply *rep = redisCommand(c, "PING");
	int err = 0;

	if (!rep)
		return -EIO;
	if (daemon_redis_transient(rep)) {
		if (!r->waited)
			fprintf(stderr, "%s: redis %s:%d not ready: %s\n",
				daemon_prog, r->host, r->port, rep->str);
		r->waited = 1;
		err = -EAGAIN;
	} else if (rep->type == REDIS_REPLY_ERROR) {
		err = -EIO; /* e.g. NOAUTH: the same on the next try */
	}
	freeReplyObject(rep);
	return err;
}

int daemon_redis_up(struct daemon_redis *r, unsigned long long now_ms)
{
	if (r->c && (r->sub || !r->channel))
		return 1;
	if (!r->backoff_ms)
		r->backoff_ms = r->backoff_min_ms ? r->backoff_min_ms : 100;
	if (now_ms < r->next_try_ms)
		return 0;
	r->c = open_one(r);
	if (r->c && ready(r, r->c)) {
		redisFree(r->c);
		r->c = NULL;
	}
	if (r->c && r->channel) {
		r->sub = open_one(r);
		if (r->sub && subscribe(r)) {
			redisFree(r->sub);
			r->sub = NULL;
		}
	}
	if (!r->c || (r->channel && !r->sub)) {
		daemon_redis_close(r);
		r->next_try_ms = now_ms + r->backoff_ms;
		r->backoff_ms = r->backoff_ms * 2 > r->backoff_max_ms
					? r->backoff_max_ms
					: r->backoff_ms * 2;
		return 0;
	}
	r->connects++;
	r->fresh = 1;
	r->waited = 0;
	r->backoff_ms = r->backoff_min_ms ? r->backoff_min_ms : 100;
	fprintf(stderr, "%s: redis %s:%d connected\n", daemon_prog, r->host,
		r->port);
	return 1;
}

int daemon_redis_append_argv(struct daemon_redis *r, int argc,
			     const char **argv, const size_t *len)
{
	if (!r->c)
		return -ENOTCONN;
	return redisAppendCommandArgv(r->c, argc, argv, len) == REDIS_OK
		       ? 0
		       : -ENOMEM;
}

/* Queues the words of prefix, then f's pairs, as one command. */
static int append_fields(struct daemon_redis *r, const char *const *prefix,
			 int n_prefix, const struct daemon_fields *f)
{
	const char *argv[DAEMON_MAX_FIELDS + 6];
	size_t len[DAEMON_MAX_FIELDS + 6];
	int i;

	for (i = 0; i < n_prefix; i++) {
		argv[i] = prefix[i];
		len[i] = strlen(prefix[i]);
	}
	for (i = 0; i < f->n; i++) {
		argv[n_prefix + i] = f->argv[i];
		len[n_prefix + i] = f->len[i];
	}
	return daemon_redis_append_argv(r, n_prefix + f->n, argv, len);
}

int daemon_redis_append_xadd(struct daemon_redis *r, const char *stream,
			     unsigned long long maxlen,
			     const struct daemon_fields *f)
{
	char max[24];
	const char *prefix[] = { "XADD", stream, "MAXLEN", "~", max, "*" };

	snprintf(max, sizeof(max), "%llu", maxlen);
	return append_fields(r, prefix, 6, f);
}

int daemon_redis_append_hset(struct daemon_redis *r, const char *key,
			     const struct daemon_fields *f)
{
	const char *prefix[] = { "HSET", key };

	return append_fields(r, prefix, 2, f);
}

redisReply *daemon_redis_reply(struct daemon_redis *r,
			       unsigned long long now_ms)
{
	redisReply *rep = NULL;

	if (!r->c || redisGetReply(r->c, (void **)&rep) != REDIS_OK || !rep) {
		daemon_redis_fail(r, now_ms,
				  r->c && r->c->errstr[0] ? r->c->errstr
							  : "no reply");
		return NULL;
	}
	if (daemon_redis_transient(rep)) {
		daemon_redis_fail(r, now_ms, rep->str);
		freeReplyObject(rep);
		return NULL;
	}
	return rep;
}

long daemon_redis_hash_message(struct daemon_redis *r, const char *key,
			       char *msg, size_t room, unsigned long long now)
{
	size_t used = 0, i;
	redisReply *rep;

	if (!r->c || redisAppendCommand(r->c, "HGETALL %s", key) != REDIS_OK) {
		daemon_redis_fail(r, now, "HGETALL thresholds");
		return -EIO;
	}
	rep = daemon_redis_reply(r, now);
	if (!rep)
		return -EIO;
	if (rep->type == REDIS_REPLY_ARRAY)
		for (i = 0; i + 1 < rep->elements && used < room; i += 2)
			used += snprintf(msg + used, room - used, "%s=%s ",
					 rep->element[i]->str ?: "",
					 rep->element[i + 1]->str ?: "");
	freeReplyObject(rep);
	return (long)used;
}

int daemon_redis_replies(struct daemon_redis *r, int n,
			 unsigned long long now_ms)
{
	return daemon_redis_replies_ids(r, n, now_ms, NULL);
}

int daemon_redis_replies_ids(struct daemon_redis *r, int n,
			     unsigned long long now_ms,
			     char (*ids)[DAEMON_ID_MAX])
{
	redisReply *reply;
	int i;

	for (i = 0; i < n; i++) {
		reply = daemon_redis_reply(r, now_ms);
		if (!reply)
			return i;
		if (reply->type == REDIS_REPLY_ERROR) {
			/* why: a command Redis refuses would be refused again */
			if (!r->rejected)
				fprintf(stderr, "%s: redis: %s\n", daemon_prog,
					reply->str);
			r->rejected++;
		}
		if (ids)
			snprintf(ids[i], sizeof(ids[i]), "%s",
				 reply->type == REDIS_REPLY_STRING ? reply->str
								   : "");
		freeReplyObject(reply);
	}
	return n;
}

static void on_message(redisReply *m,
		       void (*fn)(const char *msg, size_t len, void *arg),
		       void *arg)
{
	if (m->type == REDIS_REPLY_ARRAY && m->elements == 3 &&
	    m->element[0]->type == REDIS_REPLY_STRING &&
	    !strcmp(m->element[0]->str, "message") &&
	    m->element[2]->type == REDIS_REPLY_STRING)
		fn(m->element[2]->str, m->element[2]->len, arg);
}

void daemon_redis_poll_sub(struct daemon_redis *r, unsigned long long now_ms,
			   void (*fn)(const char *msg, size_t len, void *arg),
			   void *arg)
{
	struct pollfd p;
	redisReply *m;

	if (!r->sub)
		return;
	p.fd = r->sub->fd;
	p.events = POLLIN;
	if (poll(&p, 1, 0) <= 0)
		return;
	if (redisBufferRead(r->sub) != REDIS_OK) {
		daemon_redis_fail(r, now_ms, r->sub->errstr);
		return;
	}
	for (;;) {
		m = NULL;
		if (redisGetReplyFromReader(r->sub, (void **)&m) != REDIS_OK) {
			daemon_redis_fail(r, now_ms, "subscription reply");
			return;
		}
		if (!m)
			return;
		on_message(m, fn, arg);
		freeReplyObject(m);
	}
}
