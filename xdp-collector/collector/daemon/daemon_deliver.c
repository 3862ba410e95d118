// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * daemon_deliver.c - buffered events to the events stream: pipelined
 * XADDs, removed from the buffer only once Redis answered; each answered
 * entry kept in the published window with its id and written to the
 * published log.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon.h"

/* why: bounds what one round trip holds in memory (~250 bytes an event) */
#define PIPELINE_EVENTS 16384

static unsigned long long wall_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (unsigned long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

void daemon_keep_published(struct daemon *d, const char *kind,
			   struct daemon_sent *s, const char *id,
			   unsigned long long now)
{
	struct daemon_retained e = { 0 };

	if (d->journal_fd >= 0 &&
	    daemon_journal_line(d->journal_fd, kind, id, &d->origin, s->count,
				s->seqs, wall_ms()) &&
	    !d->journal_failed++)
		fprintf(stderr, "collector: published log: write failed\n");
	if (!s->text)
		return;
	snprintf(e.id, sizeof(e.id), "%s", id);
	snprintf(e.seqs, sizeof(e.seqs), "%s", s->seqs);
	e.text = s->text;
	e.len = s->len;
	e.count = s->count;
	s->text = NULL; /* the window owns it now */
	if (daemon_retain_add(&d->retain, &e, now))
		fprintf(stderr, "collector: published window: no memory\n");
}

/* The entry just built, remembered until Redis answers it. */
static int remember(struct daemon *d, struct daemon_sent *s)
{
	s->span = d->batch.span;
	s->count = d->batch.count;
	s->len = d->batch.len;
	s->text = NULL;
	snprintf(s->seqs, sizeof(s->seqs), "%s", d->batch.seqs);
	if (!d->retain.window_ms)
		return 0;
	s->text = malloc(s->len ? s->len : 1);
	if (!s->text)
		return -ENOMEM;
	memcpy(s->text, d->batch.text, s->len);
	return 0;
}

/*
 * One pipeline of buffered events, --batch of them per entry; 1 when more
 * may go, 0 when done or down.  An entry's events leave the buffer only
 * when Redis answered its XADD.
 */
int daemon_deliver(struct daemon *d, unsigned long long now)
{
	unsigned long long off = 0, events = 0;
	struct daemon_fields f;
	int n = 0, acked, i;

	if (d->retain.window_ms && daemon_recover_step(d, now))
		return 0;
	while (n < DAEMON_PIPELINE && off < d->buf.len &&
	       events < PIPELINE_EVENTS) {
		if (daemon_batch_fill(&d->batch, &d->buf, off, d->o.batch,
				      d->wall_offset_ns))
			break;
		if (!d->batch.count) {
			if (n)
				break; /* sent first, then skipped below */
			/* why: events that cannot be formatted would block the rest */
			daemon_buffer_pop(&d->buf, d->batch.span);
			d->unformattable += d->batch.span;
			continue;
		}
		if (daemon_batch_fields(&f, &d->origin, &d->batch) ||
		    remember(d, &d->sent[n]))
			break;
		if (daemon_redis_append_xadd(&d->redis, d->o.events_stream,
					     d->o.maxlen, &f)) {
			free(d->sent[n].text);
			break;
		}
		off += d->batch.span;
		events += d->batch.count;
		n++;
	}
	if (!n)
		return 0;
	acked = daemon_redis_replies_ids(&d->redis, n, now, d->ids);
	now = daemon_now_ms(); /* when Redis answered */
	if (acked == n && d->retain.window_ms)
		daemon_retain_expire(&d->retain, now);
	for (i = 0; i < n; i++) {
		struct daemon_sent *s = &d->sent[i];

		if (i < acked) {
			daemon_buffer_pop(&d->buf, s->span);
			d->published += s->count;
			d->unformattable += s->span - s->count;
			if (d->ids[i][0]) {
				d->loss.stream_written = 1;
				daemon_keep_published(d, "published", s,
						      d->ids[i], now);
			}
		}
		free(s->text);
		s->text = NULL;
	}
	return acked == n && d->buf.len;
}
