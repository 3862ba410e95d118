/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_buffer.h - the bounded FIFO of records waiting for Redis (the
 * collector's events, the NIC agent's events and flow records: fixed-size
 * records of the daemon's choice).  Records stay in it until Redis
 * acknowledged their XADD; when it is full the oldest is dropped and
 * counted (the newest state is worth more).
 */
#ifndef DAEMON_BUFFER_H
#define DAEMON_BUFFER_H

#include <stddef.h>

struct daemon_pending {
	unsigned long long seq; /* the record's number in this daemon run */
	unsigned char rec[] __attribute__((aligned(8)));
};

struct daemon_buffer {
	unsigned char *slot;
	size_t rec_size, stride;
	unsigned long long cap, head, len; /* head: index of the oldest */
	unsigned long long next_seq;	   /* seq of the next push, from 1 */
	unsigned long long dropped;	   /* pushed out by a full buffer */
};

int daemon_buffer_init(struct daemon_buffer *b, unsigned long long cap,
		       size_t rec_size);
void daemon_buffer_free(struct daemon_buffer *b);
/* Appends a copy of rec with the next seq; drops (and counts) the oldest when full. */
void daemon_buffer_push(struct daemon_buffer *b, const void *rec);
/* The i-th oldest pending record (i < len), or NULL. */
struct daemon_pending *daemon_buffer_at(struct daemon_buffer *b,
					unsigned long long i);
/* Forgets the n oldest (delivered). */
void daemon_buffer_pop(struct daemon_buffer *b, unsigned long long n);

#endif /* DAEMON_BUFFER_H */
