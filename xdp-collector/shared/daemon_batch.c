// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_batch.c - buffered records into one batched stream entry. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon_batch.h"

/* A line's worst case: every field of daemon_fields.store and its names. */
#define LINE_MAX_BYTES (sizeof(((struct daemon_fields *)0)->store) + 2048)

void daemon_batch_free(struct daemon_batch *b)
{
	free(b->text);
	memset(b, 0, sizeof(*b));
}

static int room_for_line(struct daemon_batch *b)
{
	size_t cap = b->cap ? b->cap : 64 * 1024;
	char *text;

	if (b->cap - b->len >= LINE_MAX_BYTES)
		return 0;
	while (cap - b->len < LINE_MAX_BYTES)
		cap *= 2;
	text = realloc(b->text, cap);
	if (!text)
		return -ENOMEM;
	b->text = text;
	b->cap = cap;
	return 0;
}

/* "first-last" or "first", after a comma when not the first run. */
static void close_run(struct daemon_batch *b)
{
	char *out = b->seqs + b->seqs_len;
	size_t room = sizeof(b->seqs) - b->seqs_len;
	const char *comma = b->seqs_len ? "," : "";
	int n = b->run_first == b->run_last
			? snprintf(out, room, "%s%llu", comma, b->run_first)
			: snprintf(out, room, "%s%llu-%llu", comma,
				   b->run_first, b->run_last);

	if (n > 0 && (size_t)n < room)
		b->seqs_len += (size_t)n;
}

/* Room for closing this run and another one: "," and two 20-digit seqs. */
#define RUN_MAX 42

/* Extends the seq runs by seq; 0, or -E2BIG when a new run would not fit. */
static int add_seq(struct daemon_batch *b, unsigned long long seq)
{
	if (!b->count) {
		b->run_first = seq;
	} else if (seq != b->run_last + 1) {
		if (b->seqs_len + 2 * RUN_MAX >= sizeof(b->seqs))
			return -E2BIG;
		close_run(b);
		b->run_first = seq;
	}
	b->run_last = seq;
	return 0;
}

int daemon_batch_fill(struct daemon_batch *b, struct daemon_buffer *buf,
		      unsigned long long first, unsigned long long max,
		      daemon_line_fn line, void *arg)
{
	struct daemon_pending *p;
	int len;

	b->len = 0;
	b->count = 0;
	b->span = 0;
	b->seqs_len = 0;
	b->seqs[0] = '\0';
	while (b->span < max && (p = daemon_buffer_at(buf, first + b->span))) {
		if (room_for_line(b))
			return -ENOMEM;
		/* counted unformattable once delivered */
		len = line(p->rec, p->seq, b->text + b->len, b->cap - b->len,
			   arg);
		if (len < 0) {
			b->span++;
			continue;
		}
		if (add_seq(b, p->seq))
			break; /* the next entry starts with it */
		b->span++;
		b->len += (size_t)len;
		b->count++;
	}
	if (b->count)
		close_run(b);
	return 0;
}

static void pair(struct daemon_fields *f, const char *name, const char *value,
		 size_t len)
{
	f->argv[f->n] = name;
	f->len[f->n++] = strlen(name);
	f->argv[f->n] = value;
	f->len[f->n++] = len;
}

int daemon_batch_fields(struct daemon_fields *f, const struct daemon_origin *o,
			const char *items, struct daemon_batch *b)
{
	int len;

	if (!b->count)
		return -ENODATA;
	snprintf(b->count_str, sizeof(b->count_str), "%llu", b->count);
	len = snprintf(f->store, sizeof(f->store), "%llu", o->run);
	f->used = (size_t)len + 1;
	f->n = 0;
	pair(f, "v", o->version, strlen(o->version));
	pair(f, o->who, o->node, strlen(o->node));
	pair(f, "ifname", o->ifname, strlen(o->ifname));
	pair(f, "run", f->store, (size_t)len);
	pair(f, "count", b->count_str, strlen(b->count_str));
	pair(f, items, b->text, b->len);
	return 0;
}
