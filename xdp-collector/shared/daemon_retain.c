// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_retain.c - the published window, bounded in time and bytes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "daemon_retain.h"

int daemon_retain_init(struct daemon_retain *r, unsigned long long window_ms,
		       unsigned long long max_bytes)
{
	memset(r, 0, sizeof(*r));
	r->window_ms = window_ms;
	r->max_bytes = max_bytes;
	return 0;
}

static void drop_oldest(struct daemon_retain *r)
{
	struct daemon_retained *e = &r->slot[r->head];

	r->bytes -= daemon_retained_bytes(e);
	r->events -= e->count;
	free(e->text);
	e->text = NULL;
	r->head = (r->head + 1) % r->cap;
	r->len--;
}

void daemon_retain_free(struct daemon_retain *r)
{
	while (r->len)
		drop_oldest(r);
	free(r->slot);
	r->slot = NULL;
	r->cap = 0;
}

unsigned long long daemon_retained_bytes(const struct daemon_retained *e)
{
	return e->len + sizeof(*e);
}

/* Doubles the ring, keeping the order. */
static int grow(struct daemon_retain *r)
{
	size_t cap = r->cap ? r->cap * 2 : 256, i;
	struct daemon_retained *slot = calloc(cap, sizeof(*slot));

	if (!slot)
		return -ENOMEM;
	for (i = 0; i < r->len; i++)
		slot[i] = r->slot[(r->head + i) % r->cap];
	free(r->slot);
	r->slot = slot;
	r->cap = cap;
	r->head = 0;
	return 0;
}

int daemon_retain_add(struct daemon_retain *r, struct daemon_retained *e,
		      unsigned long long now_ms)
{
	unsigned long long size = daemon_retained_bytes(e);

	if (!r->window_ms || size > r->max_bytes) {
		if (r->window_ms)
			r->overflow++;
		free(e->text);
		return 0;
	}
	while (r->len && r->bytes + size > r->max_bytes) {
		if (r->slot[r->head].acked_ms + r->window_ms > now_ms)
			r->overflow++;
		drop_oldest(r);
	}
	if (r->len == r->cap && grow(r)) {
		free(e->text);
		return -ENOMEM;
	}
	e->acked_ms = now_ms;
	r->slot[(r->head + r->len) % r->cap] = *e;
	r->len++;
	r->bytes += size;
	r->events += e->count;
	return 0;
}

void daemon_retain_expire(struct daemon_retain *r, unsigned long long now_ms)
{
	while (r->len && r->slot[r->head].acked_ms + r->window_ms < now_ms)
		drop_oldest(r);
}

struct daemon_retained *daemon_retain_at(struct daemon_retain *r, size_t i)
{
	return i < r->len ? &r->slot[(r->head + i) % r->cap] : NULL;
}
