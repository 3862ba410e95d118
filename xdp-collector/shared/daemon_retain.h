/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_retain.h - the published window: the entries Redis
 * acknowledged in the last --retain-seconds, with the id it gave each, so
 * that what a restarted Redis forgot can be published again
 * (daemon_recover.c; docs/ARCHITECTURE.md, "Re-publishing what Redis
 * forgot").  why: with appendfsync everysec an acknowledged write reaches
 * the disk up to ~1 s later (2 s when fsync is slow); a Redis that dies
 * with the machine forgets it.  No Redis and no BPF here: unit-tested in
 * tests/test_daemon_units.c.
 */
#ifndef DAEMON_RETAIN_H
#define DAEMON_RETAIN_H

#include <stddef.h>

#include "daemon_fields.h"

#define DAEMON_SEQS_MAX 96 /* an entry's seq runs, "1-256" or "1-9,11-256" */
#define DAEMON_DEFAULT_RETAIN_S 5
/* why 64 MiB: 5 s of a design rate of 50,000 events/s, ~250 bytes an event */
#define DAEMON_DEFAULT_RETAIN_BYTES (64ULL << 20)

struct daemon_retained {
	char id[DAEMON_ID_MAX];	    /* the id Redis returned */
	char seqs[DAEMON_SEQS_MAX]; /* the events' seqs, as runs */
	char *text;		    /* the events field, malloc'd */
	size_t len;
	unsigned long long count;    /* events */
	unsigned long long acked_ms; /* monotonic ms of the reply */
};

struct daemon_retain {
	struct daemon_retained *slot;
	size_t cap, head, len;
	unsigned long long window_ms; /* 0: nothing retained */
	unsigned long long max_bytes;
	unsigned long long bytes, events; /* retained now */
	/* entries the byte bound pushed out before their window had passed */
	unsigned long long overflow;
};

int daemon_retain_init(struct daemon_retain *r, unsigned long long window_ms,
		       unsigned long long max_bytes);
void daemon_retain_free(struct daemon_retain *r);
/* What one entry costs: its text and its record. */
unsigned long long daemon_retained_bytes(const struct daemon_retained *e);
/*
 * Keeps e (its text is owned by r from now on, freed even on error); the
 * oldest entries leave while the bytes exceed max_bytes, counted in
 * overflow.  An entry larger than max_bytes alone is not kept (overflow).
 * 0, or -ENOMEM.
 */
int daemon_retain_add(struct daemon_retain *r, struct daemon_retained *e,
		      unsigned long long now_ms);
/*
 * Forgets the entries acknowledged before now_ms - window_ms.  Called
 * only when Redis has just answered: while it is away nothing ages out,
 * since what it acknowledged last may be what it forgets.
 */
void daemon_retain_expire(struct daemon_retain *r, unsigned long long now_ms);
/* The i-th oldest retained entry, or NULL. */
struct daemon_retained *daemon_retain_at(struct daemon_retain *r, size_t i);

#endif /* DAEMON_RETAIN_H */
