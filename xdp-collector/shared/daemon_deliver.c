// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * daemon_deliver.c - a stream's buffered records to Redis: pipelined
 * XADDs, removed from the buffer only once Redis answered; each answered
 * entry kept in the published window with its id and written to the
 * published log.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "daemon_stream.h"

/* why: bounds what one round trip holds in memory (~250 bytes an event) */
#define PIPELINE_EVENTS 16384

unsigned long long daemon_now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (unsigned long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int daemon_stream_init(struct daemon_stream *s, unsigned long long records,
		       size_t record_size, unsigned long long retain_ms,
		       unsigned long long retain_bytes)
{
	return daemon_buffer_init(&s->buf, records, record_size)
		       ?: daemon_retain_init(&s->retain, retain_ms,
					     retain_bytes);
}

void daemon_stream_free(struct daemon_stream *s)
{
	daemon_buffer_free(&s->buf);
	daemon_batch_free(&s->batch);
	daemon_retain_free(&s->retain);
}

unsigned long long daemon_out_buffered(const struct daemon_out *o)
{
	unsigned long long n = 0;
	int i;

	for (i = 0; i < o->n_streams; i++)
		n += o->streams[i]->buf.len;
	return n;
}

int daemon_out_pending(const struct daemon_out *o, unsigned long long deadline)
{
	return daemon_out_buffered(o) && daemon_now_ms() < deadline;
}

void daemon_out_close(struct daemon_out *o)
{
	int i;

	if (o->redis)
		daemon_redis_close(o->redis);
	for (i = 0; i < o->n_streams; i++)
		daemon_stream_free(o->streams[i]);
	if (o->journal_fd >= 0)
		close(o->journal_fd);
	o->journal_fd = -1;
}

void daemon_deliver_step(struct daemon_out *o, struct daemon_stream *s,
			 unsigned long long now, unsigned long long start,
			 int stopping)
{
	if (s->retain.len && !s->buf.len && o->redis->c &&
	    (s->suspect || now >= s->next_probe_ms)) {
		s->next_probe_ms = now + DAEMON_IDLE_PROBE_MS;
		daemon_recover_step(o, s, now);
	}
	while (s->buf.len && o->redis->c && daemon_deliver(o, s, now) &&
	       (stopping || daemon_now_ms() - start < DAEMON_STEP_BUDGET_MS))
		;
}

int daemon_due(unsigned long long *next_ms, double every_s,
	       unsigned long long now)
{
	if (every_s <= 0 || now < *next_ms)
		return 0;
	*next_ms = now + (unsigned long long)(every_s * 1000);
	return 1;
}

static unsigned long long wall_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (unsigned long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

void daemon_keep_published(struct daemon_out *o, struct daemon_stream *st,
			   const char *kind, struct daemon_sent *s,
			   const char *id, unsigned long long now)
{
	struct daemon_retained e = { 0 };

	if (o->journal_fd >= 0 &&
	    daemon_journal_line(o->journal_fd, kind, id, o->origin, s->count,
				s->seqs, wall_ms()) &&
	    !o->journal_failed++)
		fprintf(stderr, "%s: published log: write failed\n",
			daemon_prog);
	if (!s->text)
		return;
	snprintf(e.id, sizeof(e.id), "%s", id);
	snprintf(e.seqs, sizeof(e.seqs), "%s", s->seqs);
	e.text = s->text;
	e.len = s->len;
	e.count = s->count;
	s->text = NULL; /* the window owns it now */
	if (daemon_retain_add(&st->retain, &e, now))
		fprintf(stderr, "%s: published window: no memory\n",
			daemon_prog);
}

/* The entry just built, remembered until Redis answers it. */
static int remember(struct daemon_stream *st, struct daemon_sent *s)
{
	s->span = st->batch.span;
	s->count = st->batch.count;
	s->len = st->batch.len;
	s->text = NULL;
	snprintf(s->seqs, sizeof(s->seqs), "%s", st->batch.seqs);
	if (!st->retain.window_ms)
		return 0;
	s->text = malloc(s->len ? s->len : 1);
	if (!s->text)
		return -ENOMEM;
	memcpy(s->text, st->batch.text, s->len);
	return 0;
}

/*
 * One pipeline of buffered records, --batch of them per entry; 1 when more
 * may go, 0 when done or down.  An entry's records leave the buffer only
 * when Redis answered its XADD.
 */
int daemon_deliver(struct daemon_out *o, struct daemon_stream *st,
		   unsigned long long now)
{
	unsigned long long off = 0, records = 0;
	struct daemon_redis *r = o->redis;
	struct daemon_fields f;
	int n = 0, acked, i;

	if (st->retain.window_ms && daemon_recover_step(o, st, now))
		return 0;
	while (n < DAEMON_PIPELINE && off < st->buf.len &&
	       records < PIPELINE_EVENTS) {
		if (daemon_batch_fill(&st->batch, &st->buf, off, st->batch_max,
				      st->line, st->line_arg))
			break;
		if (!st->batch.count) {
			if (n)
				break; /* sent first, then skipped below */
			/* why: records that cannot be formatted would block the rest */
			daemon_buffer_pop(&st->buf, st->batch.span);
			st->unformattable += st->batch.span;
			continue;
		}
		if (daemon_batch_fields(&f, o->origin, st->items, &st->batch) ||
		    remember(st, &st->sent[n]))
			break;
		if (daemon_redis_append_xadd(r, st->name, st->maxlen, &f)) {
			free(st->sent[n].text);
			break;
		}
		off += st->batch.span;
		records += st->batch.count;
		n++;
	}
	if (!n)
		return 0;
	acked = daemon_redis_replies_ids(r, n, now, st->ids);
	now = daemon_now_ms(); /* when Redis answered */
	if (acked == n && st->retain.window_ms)
		daemon_retain_expire(&st->retain, now);
	for (i = 0; i < n; i++) {
		struct daemon_sent *s = &st->sent[i];

		if (i < acked) {
			daemon_buffer_pop(&st->buf, s->span);
			st->published += s->count;
			st->unformattable += s->span - s->count;
			if (st->ids[i][0]) {
				st->written = 1;
				daemon_keep_published(o, st, "published", s,
						      st->ids[i], now);
			}
		}
		free(s->text);
		s->text = NULL;
	}
	return acked == n && st->buf.len;
}

void daemon_stream_counters(struct daemon_fields *f,
			    unsigned long long ring_events,
			    const struct daemon_stream *events,
			    const struct daemon_redis *redis)
{
	daemon_fields_num(f, "ring_events", ring_events);
	daemon_fields_num(f, "published", events->published);
	daemon_fields_num(f, "buffered", events->buf.len);
	daemon_fields_num(f, "redis_dropped", events->buf.dropped);
	daemon_fields_num(f, "unformattable", events->unformattable);
	daemon_fields_num(f, "redis_rejected", redis->rejected);
	daemon_fields_num(f, "redis_connects", redis->connects);
	daemon_fields_num(f, "redis_disconnects", redis->disconnects);
}
