// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * daemon_recover.c - re-publishing what Redis forgot (REDIS_CONTRACT.md,
 * "Re-publishing"; docs/ARCHITECTURE.md).  Before each pipeline of new
 * entries one round trip asks for Redis's run_id and whether the witness
 * key and the stream exist.  A reconnection, a new run_id, the
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

#include "daemon_stream.h"

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

void daemon_recover_reconnected(struct daemon_out *o)
{
	int i;

	for (i = 0; i < o->n_streams; i++)
		o->streams[i]->suspect = 1;
}

/* Redis restarted or was emptied: every stream's window is checked. */
static void all_suspect(struct daemon_out *o, int emptied)
{
	int i;

	for (i = 0; i < o->n_streams; i++) {
		o->streams[i]->suspect = 1;
		o->streams[i]->emptied |= emptied;
	}
}

static unsigned long long wall_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (unsigned long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* INFO server's run_id, EXISTS witness, EXISTS stream: one round trip. */
static int probe(struct daemon_out *o, struct daemon_stream *s,
		 unsigned long long now, char *run_id, size_t room,
		 long long exists[2])
{
	redisReply *rep;
	const char *at;
	int i;

	if (redisAppendCommand(o->redis->c, "INFO server") ||
	    redisAppendCommand(o->redis->c, "EXISTS %s", o->witness_key) ||
	    redisAppendCommand(o->redis->c, "EXISTS %s", s->name)) {
		daemon_redis_fail(o->redis, now, "probe");
		return -EIO;
	}
	for (i = 0; i < 3; i++) {
		rep = daemon_redis_reply(o->redis, now);
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
static int check(struct daemon_out *o, struct daemon_stream *s,
		 unsigned long long now, char *status)
{
	const char *argv[CHECK_IDS + 5];
	size_t len[CHECK_IDS + 5], from, k, n = s->retain.len;
	redisReply *rep;

	memset(status, '0', n);
	for (from = 0; from < n; from += k) {
		argv[0] = "EVAL";
		argv[1] = CHECK;
		argv[2] = "1";
		argv[3] = s->name;
		argv[4] = s->emptied ? "1" : "0";
		for (k = 0; k < CHECK_IDS && from + k < n; k++)
			argv[5 + k] =
				daemon_retain_at(&s->retain, from + k)->id;
		for (size_t i = 0; i < 5 + k; i++)
			len[i] = strlen(argv[i]);
		if (daemon_redis_append_argv(o->redis, (int)(5 + k), argv, len))
			return -EIO;
		rep = daemon_redis_reply(o->redis, now);
		if (!rep)
			return -EIO;
		if (rep->type == REDIS_REPLY_STRING && rep->len == k)
			memcpy(status + from, rep->str, k);
		else /* why: a duplicate is dropped downstream, a loss is not */
			fprintf(stderr,
				"%s: cannot check the stream (%s): "
				"re-publishing what it may lack\n",
				daemon_prog,
				rep->type == REDIS_REPLY_ERROR ? rep->str
							       : "reply");
		freeReplyObject(rep);
	}
	return 0;
}

/* Queues the REPUBLISH of one retained entry. */
static int append_republish(struct daemon_out *o, struct daemon_stream *s,
			    struct daemon_retained *e)
{
	struct daemon_batch b = { .text = e->text,
				  .len = e->len,
				  .count = e->count };
	const char *argv[DAEMON_MAX_FIELDS + 6];
	size_t len[DAEMON_MAX_FIELDS + 6];
	struct daemon_fields f;
	char max[24];
	int i;

	if (daemon_batch_fields(&f, o->origin, s->items, &b))
		return -ENODATA;
	snprintf(max, sizeof(max), "%llu", s->maxlen);
	argv[0] = "EVAL";
	argv[1] = REPUBLISH;
	argv[2] = "1";
	argv[3] = s->name;
	argv[4] = max;
	argv[5] = e->id;
	for (i = 0; i < 6; i++)
		len[i] = strlen(argv[i]);
	for (i = 0; i < f.n; i++) {
		argv[6 + i] = f.argv[i];
		len[6 + i] = f.len[i];
	}
	return daemon_redis_append_argv(o->redis, 6 + f.n, argv, len);
}

/* The entries marked '0', in their order, a pipeline at a time. */
static int republish(struct daemon_out *o, struct daemon_stream *s,
		     unsigned long long now, const char *status)
{
	size_t at[DAEMON_PIPELINE], i = 0, n = s->retain.len;
	struct daemon_retained *e;
	int queued, acked, j;

	while (i < n) {
		for (queued = 0; i < n && queued < DAEMON_PIPELINE; i++) {
			if (status[i] != '0')
				continue;
			if (append_republish(o, s,
					     daemon_retain_at(&s->retain, i)))
				return -EIO;
			at[queued++] = i;
		}
		acked = daemon_redis_replies_ids(o->redis, queued, now, s->ids);
		for (j = 0; j < acked; j++) {
			if (!s->ids[j][0])
				continue; /* refused: counted redis_rejected */
			e = daemon_retain_at(&s->retain, at[j]);
			/* why: the next check looks for it under its new id */
			snprintf(e->id, sizeof(e->id), "%s", s->ids[j]);
			s->republished += e->count;
			s->republished_entries++;
			if (o->journal_fd >= 0)
				daemon_journal_line(o->journal_fd,
						    "republished", e->id,
						    o->origin, e->count,
						    e->seqs, wall_ms());
		}
		if (acked < queued)
			return -EIO;
	}
	return 0;
}

static int recover(struct daemon_out *o, struct daemon_stream *s,
		   unsigned long long now)
{
	size_t n = s->retain.len, missing = 0, i;
	unsigned long long before = s->republished_entries;
	char *status = malloc(n);
	int err;

	if (!status)
		return -ENOMEM;
	s->checks++;
	err = check(o, s, now, status);
	for (i = 0; !err && i < n; i++)
		missing += status[i] == '0';
	if (!err && missing)
		err = republish(o, s, now, status);
	free(status);
	fprintf(stderr,
		"%s: checked %zu entries published in the last %llu "
		"ms: %zu missing, %llu re-published%s\n",
		daemon_prog, n, s->retain.window_ms, missing,
		s->republished_entries - before, err ? " (interrupted)" : "");
	return err;
}

static int set_witness(struct daemon_out *o, unsigned long long now)
{
	redisReply *rep;

	rep = redisCommand(o->redis->c, "SET %s %llu", o->witness_key,
			   o->origin->run);
	if (!rep) {
		daemon_redis_fail(o->redis, now, "SET witness");
		return -EIO;
	}
	o->witness_set = rep->type != REDIS_REPLY_ERROR;
	freeReplyObject(rep);
	return 0;
}

int daemon_recover_step(struct daemon_out *o, struct daemon_stream *s,
			unsigned long long now)
{
	char run_id[48] = "";
	long long exists[2] = { 1, 1 };

	if (!o->redis->c || probe(o, s, now, run_id, sizeof(run_id), exists))
		return -EIO;
	if (run_id[0] && o->run_id[0] && strcmp(run_id, o->run_id)) {
		fprintf(stderr, "%s: redis restarted (run_id %s)\n",
			daemon_prog, run_id);
		all_suspect(o, 0);
	}
	if (run_id[0])
		snprintf(o->run_id, sizeof(o->run_id), "%s", run_id);
	if (!exists[0] && o->witness_set) {
		fprintf(stderr, "%s: redis lost the witness key\n",
			daemon_prog);
		all_suspect(o, 1);
	} else if (!exists[1] && s->written) {
		fprintf(stderr, "%s: redis lost the stream %s\n", daemon_prog,
			s->name);
		s->suspect = s->emptied = 1;
	}
	if (s->suspect) {
		if (s->retain.len && recover(o, s, now))
			return -EIO;
		s->suspect = s->emptied = 0;
	}
	if (exists[0])
		o->witness_set = 1; /* ours, or a previous run's */
	else if (set_witness(o, now))
		return -EIO;
	daemon_retain_expire(&s->retain, daemon_now_ms());
	return 0;
}
