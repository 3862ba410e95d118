// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_buffer.c - bounded FIFO of records waiting for Redis. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "daemon_buffer.h"

int daemon_buffer_init(struct daemon_buffer *b, unsigned long long cap,
		       size_t rec_size)
{
	memset(b, 0, sizeof(*b));
	if (!cap || !rec_size)
		return -EINVAL;
	b->rec_size = rec_size;
	b->stride = (sizeof(struct daemon_pending) + rec_size + 7) & ~(size_t)7;
	b->slot = calloc(cap, b->stride);
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

static struct daemon_pending *slot(struct daemon_buffer *b,
				   unsigned long long i)
{
	return (struct daemon_pending *)(b->slot + i * b->stride);
}

void daemon_buffer_push(struct daemon_buffer *b, const void *rec)
{
	struct daemon_pending *p;

	if (b->len == b->cap) {
		daemon_buffer_pop(b, 1);
		b->dropped++;
	}
	p = slot(b, (b->head + b->len) % b->cap);
	memcpy(p->rec, rec, b->rec_size);
	p->seq = b->next_seq++;
	b->len++;
}

struct daemon_pending *daemon_buffer_at(struct daemon_buffer *b,
					unsigned long long i)
{
	return i < b->len ? slot(b, (b->head + i) % b->cap) : NULL;
}

void daemon_buffer_pop(struct daemon_buffer *b, unsigned long long n)
{
	if (n > b->len)
		n = b->len;
	b->head = (b->head + n) % b->cap;
	b->len -= n;
}
