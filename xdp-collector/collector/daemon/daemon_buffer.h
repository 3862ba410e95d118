/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_buffer.h - the bounded FIFO of events waiting for Redis.  Events
 * stay in it until Redis acknowledged their XADD; when it is full the oldest
 * is dropped and counted (the newest state is worth more, and the next
 * periodic push carries every key's latest value anyway).
 */
#ifndef DAEMON_BUFFER_H
#define DAEMON_BUFFER_H

#include "collector.h"

struct daemon_pending {
	struct collector_event e;
	unsigned long long seq; /* the event's number in this daemon run */
};

struct daemon_buffer {
	struct daemon_pending *slot;
	unsigned long long cap, head, len; /* head: index of the oldest */
	unsigned long long next_seq;	   /* seq of the next push, from 1 */
	unsigned long long dropped;	   /* pushed out by a full buffer */
};

int daemon_buffer_init(struct daemon_buffer *b, unsigned long long cap);
void daemon_buffer_free(struct daemon_buffer *b);
/* Appends e with the next seq; drops (and counts) the oldest when full. */
void daemon_buffer_push(struct daemon_buffer *b,
			const struct collector_event *e);
/* The i-th oldest pending event (i < len). */
struct daemon_pending *daemon_buffer_at(struct daemon_buffer *b,
					unsigned long long i);
/* Forgets the n oldest (delivered). */
void daemon_buffer_pop(struct daemon_buffer *b, unsigned long long n);

#endif /* DAEMON_BUFFER_H */
