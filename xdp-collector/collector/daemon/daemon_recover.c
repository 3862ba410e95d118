// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * daemon_recover.c - re-publishing what Redis forgot (REDIS_CONTRACT.md,
 * "Re-publishing"; docs/ARCHITECTURE.md).  Before each pipeline of new
 * entries one round trip asks for Redis's run_id and whether the witness
 * key and the events stream exist.  A reconnection, a new run_id, the
 * witness gone (FLUSHALL, FLUSHDB, a restart that kept nothing) or the
 * stream gone mean Redis may have lost writes it had acknowledged: the
 * entries of the published window (daemon_retain.h) are then looked up by
 * id in the stream, in Redis (CHECK), and those it lacks are published
 * again in their order with their fields, under their old id while the
 * stream's top is below it, else a new one (REPUBLISH).  Only then do new
 * entries go.  Not "everything after the stream's top": another collector
 * may already have written newer entries to the restarted stream.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon.h"

/*
 * KEYS[1] the stream; ARGV[1] '1' when it was emptied or recreated;
 * ARGV[2..] entry ids.  One character an id: '1' the stream holds it, '0'
 * it lacks it, '2' it lacks it and its first entry is newer: the stream's
 * cap (MAXLEN) trimmed past it, which re-publishing would not undo (only
 * asked when the stream was not emptied: a new stream's first entry says
 * nothing of the old one's cap).
 */
static const char CHECK[] =
	"local function below(a, b)\n"
	"  local am, as = string.match(a, '^(%d+)-(%d+)$')\n"
	"  local bm, bs = string.match(b, '^(%d+)-(%d+)$')\n"
	"  am, as, bm, bs = tonumber(am), tonumber(as), tonumber(bm), tonumber(bs)\n"
	"  return am < bm or (am == bm and as < bs)\n"
	"end\n"
	"local first = nil\n"
	"if ARGV[1] == '0' then\n"
	"  local e = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)\n"
	"  if #e > 0 then first = e[1][1] end\n"
	"end\n"
	"local out = {}\n"
	"for i = 2, #ARGV do\n"
	"  if #redis.call('XRANGE', KEYS[1], ARGV[i], ARGV[i]) > 0 then\n"
	"    out[#out + 1] = '1'\n"
	"  elseif first and below(ARGV[i], first) then\n"
	"    out[#out + 1] = '2'\n"
	"  else\n"
	"    out[#out + 1] = '0'\n"
	"  end\n"
	"end\n"
	"return table.concat(out)\n";

/*
 * KEYS[1] the stream; ARGV[1] MAXLEN ~; ARGV[2] the entry's old id;
 * ARGV[3..] its fields.  Its old id when the stream's top is below it (a
 * restarted stream no one wrote to since: the stream is as it was), else
 * a new one; the id it got.
 */
static const char REPUBLISH[] =
	"local r = redis.pcall('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], ARGV[2], unpack(ARGV, 3))\n"
	"if type(r) == 'table' and r.err then\n"
	"  return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', unpack(ARGV, 3))\n"
	"end\n"
	"return r\n";

#define CHECK_IDS 1000 /* ids a CHECK call: why: a script blocks Redis */

void daemon_recover_reconnected(struct daemon *d)
{
	d->loss.suspect = 1;
}

static unsigned long long wall_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (unsigned long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* One reply; NULL (and the connection closed) when Redis failed. */
static redisReply *reply_of(struct daemon *d, unsigned long long now)
{
	redisReply *rep = NULL;

	if (!d->redis.c ||
	    redisGetReply(d->redis.c, (void **)&rep) != REDIS_OK || !rep) {
		daemon_redis_fail(&d->redis, now, "no reply");
		return NULL;
	}
	return rep;
}

/* INFO server's run_id, EXISTS witness, EXISTS stream: one round trip. */
static int probe(struct daemon *d, unsigned long long now, char *run_id,
		 size_t room, long long exists[2])
{
	redisReply *rep;
	const char *at;
	int i;

	if (redisAppendCommand(d->redis.c, "INFO server") ||
	    redisAppendCommand(d->redis.c, "EXISTS %s", d->loss.witness_key) ||
	    redisAppendCommand(d->redis.c, "EXISTS %s", d->o.events_stream)) {
		daemon_redis_fail(&d->redis, now, "probe");
		return -EIO;
	}
	for (i = 0; i < 3; i++) {
		rep = reply_of(d, now);
		if (!rep)
			return -EIO;
		if (i == 0 && rep->type == REDIS_REPLY_STRING &&
		    (at = strstr(rep->str, "run_id:")))
			snprintf(run_id, room, "%.40s", at + 7);
		else if (i > 0)
			exists[i - 1] = rep->type == REDIS_REPLY_INTEGER
						? rep->integer
						: 1;
		freeReplyObject(rep);
	}
	return 0;
}

/* status[i] for each retained entry; all '0' when Redis cannot say. */
static int check(struct daemon *d, unsigned long long now, char *status)
{
	const char *argv[CHECK_IDS + 5];
	size_t len[CHECK_IDS + 5], from, k, n = d->retain.len;
	redisReply *rep;

	memset(status, '0', n);
	for (from = 0; from < n; from += k) {
		argv[0] = "EVAL";
		argv[1] = CHECK;
		argv[2] = "1";
		argv[3] = d->o.events_stream;
		argv[4] = d->loss.emptied ? "1" : "0";
		for (k = 0; k < CHECK_IDS && from + k < n; k++)
			argv[5 + k] =
				daemon_retain_at(&d->retain, from + k)->id;
		for (size_t i = 0; i < 5 + k; i++)
			len[i] = strlen(argv[i]);
		if (daemon_redis_append_argv(&d->redis, (int)(5 + k), argv,
					     len))
			return -EIO;
		rep = reply_of(d, now);
		if (!rep)
			return -EIO;
		if (rep->type == REDIS_REPLY_STRING && rep->len == k)
			memcpy(status + from, rep->str, k);
		else /* why: a duplicate is dropped downstream, a loss is not */
			fprintf(stderr,
				"collector: cannot check the stream (%s): "
				"re-publishing what it may lack\n",
				rep->type == REDIS_REPLY_ERROR ? rep->str
							       : "reply");
		freeReplyObject(rep);
	}
	return 0;
}

/* Queues the REPUBLISH of one retained entry. */
static int append_republish(struct daemon *d, struct daemon_retained *e)
{
	struct daemon_batch b = { .text = e->text,
				  .len = e->len,
				  .count = e->count };
	const char *argv[DAEMON_MAX_FIELDS + 6];
	size_t len[DAEMON_MAX_FIELDS + 6];
	struct daemon_fields f;
	char max[24];
	int i;

	if (daemon_batch_fields(&f, &d->origin, &b))
		return -ENODATA;
	snprintf(max, sizeof(max), "%llu", d->o.maxlen);
	argv[0] = "EVAL";
	argv[1] = REPUBLISH;
	argv[2] = "1";
	argv[3] = d->o.events_stream;
	argv[4] = max;
	argv[5] = e->id;
	for (i = 0; i < 6; i++)
		len[i] = strlen(argv[i]);
	for (i = 0; i < f.n; i++) {
		argv[6 + i] = f.argv[i];
		len[6 + i] = f.len[i];
	}
	return daemon_redis_append_argv(&d->redis, 6 + f.n, argv, len);
}

/* The entries marked '0', in their order, a pipeline at a time. */
static int republish(struct daemon *d, unsigned long long now,
		     const char *status)
{
	size_t at[DAEMON_PIPELINE], i = 0, n = d->retain.len;
	struct daemon_retained *e;
	int queued, acked, j;

	while (i < n) {
		for (queued = 0; i < n && queued < DAEMON_PIPELINE; i++) {
			if (status[i] != '0')
				continue;
			if (append_republish(d,
					     daemon_retain_at(&d->retain, i)))
				return -EIO;
			at[queued++] = i;
		}
		acked = daemon_redis_replies_ids(&d->redis, queued, now,
						 d->ids);
		for (j = 0; j < acked; j++) {
			if (!d->ids[j][0])
				continue; /* refused: counted redis_rejected */
			e = daemon_retain_at(&d->retain, at[j]);
			/* why: the next check looks for it under its new id */
			snprintf(e->id, sizeof(e->id), "%s", d->ids[j]);
			d->loss.republished += e->count;
			d->loss.republished_entries++;
			if (d->journal_fd >= 0)
				daemon_journal_line(d->journal_fd,
						    "republished", e->id,
						    &d->origin, e->count,
						    e->seqs, wall_ms());
		}
		if (acked < queued)
			return -EIO;
	}
	return 0;
}

static int recover(struct daemon *d, unsigned long long now)
{
	size_t n = d->retain.len, missing = 0, i;
	unsigned long long before = d->loss.republished_entries;
	char *status = malloc(n);
	int err;

	if (!status)
		return -ENOMEM;
	d->loss.checks++;
	err = check(d, now, status);
	for (i = 0; !err && i < n; i++)
		missing += status[i] == '0';
	if (!err && missing)
		err = republish(d, now, status);
	free(status);
	fprintf(stderr,
		"collector: checked %zu entries published in the last %llu "
		"ms: %zu missing, %llu re-published%s\n",
		n, d->retain.window_ms, missing,
		d->loss.republished_entries - before,
		err ? " (interrupted)" : "");
	return err;
}

static int set_witness(struct daemon *d, unsigned long long now)
{
	redisReply *rep;

	rep = redisCommand(d->redis.c, "SET %s %llu", d->loss.witness_key,
			   d->origin.run);
	if (!rep) {
		daemon_redis_fail(&d->redis, now, "SET witness");
		return -EIO;
	}
	d->loss.witness_set = rep->type != REDIS_REPLY_ERROR;
	freeReplyObject(rep);
	return 0;
}

int daemon_recover_step(struct daemon *d, unsigned long long now)
{
	char run_id[48] = "";
	long long exists[2] = { 1, 1 };

	if (!d->redis.c || probe(d, now, run_id, sizeof(run_id), exists))
		return -EIO;
	if (run_id[0] && d->loss.run_id[0] && strcmp(run_id, d->loss.run_id)) {
		fprintf(stderr, "collector: redis restarted (run_id %s)\n",
			run_id);
		d->loss.suspect = 1;
	}
	if (run_id[0])
		snprintf(d->loss.run_id, sizeof(d->loss.run_id), "%s", run_id);
	if ((!exists[0] && d->loss.witness_set) ||
	    (!exists[1] && d->loss.stream_written)) {
		fprintf(stderr, "collector: redis lost the %s\n",
			exists[0] ? "events stream" : "witness key");
		d->loss.suspect = d->loss.emptied = 1;
	}
	if (d->loss.suspect) {
		if (d->retain.len && recover(d, now))
			return -EIO;
		d->loss.suspect = d->loss.emptied = 0;
	}
	if (exists[0])
		d->loss.witness_set = 1; /* ours, or a previous run's */
	else if (set_witness(d, now))
		return -EIO;
	daemon_retain_expire(&d->retain, daemon_now_ms());
	return 0;
}
