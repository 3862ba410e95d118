// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_buffer.c - bounded FIFO of events waiting for Redis. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "daemon_buffer.h"

int daemon_buffer_init(struct daemon_buffer *b, unsigned long long cap)
{
	memset(b, 0, sizeof(*b));
	if (!cap)
		return -EINVAL;
	b->slot = calloc(cap, sizeof(*b->slot));
	if (!b->slot)
		return -ENOMEM;
	b->cap = cap;
	b->next_seq = 1;
	return 0;
}

void daemon_buffer_free(struct daemon_buffer *b)
{
	free(b->slot);
	b->slot = NULL;
}

void daemon_buffer_push(struct daemon_buffer *b,
			const struct collector_event *e)
{
	struct daemon_pending *p;

	if (b->len == b->cap) {
		daemon_buffer_pop(b, 1);
		b->dropped++;
	}
	p = &b->slot[(b->head + b->len) % b->cap];
	p->e = *e;
	p->seq = b->next_seq++;
	b->len++;
}

struct daemon_pending *daemon_buffer_at(struct daemon_buffer *b,
					unsigned long long i)
{
	return i < b->len ? &b->slot[(b->head + i) % b->cap] : NULL;
}

void daemon_buffer_pop(struct daemon_buffer *b, unsigned long long n)
{
	if (n > b->len)
		n = b->len;
	b->head = (b->head + n) % b->cap;
	b->len -= n;
}
