/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_thresholds.h - a program's thresholds map as both daemons keep it:
 * a threshold message (-t, the channel, the hash read on every connect)
 * parsed by the daemon's own parser and written to the map, the values in
 * force, and how many messages were applied and refused.  The hash holds
 * the thresholds wanted now: it is read on every connect, since a message
 * published while the daemon was away is lost to it.
 */
#ifndef DAEMON_THRESHOLDS_H
#define DAEMON_THRESHOLDS_H

#include <stddef.h>

#include "daemon_stream.h"

/*
 * A message into v[i] and set[i] for each of the map's indexes it names;
 * the number of pairs, or negative when it is refused.
 */
typedef int (*daemon_values_fn)(const char *msg, size_t len,
				unsigned long long *v, int *set);

struct daemon_thresholds {
	int fd;	   /* the program's map: index to value */
	int count; /* its indexes */
	daemon_values_fn parse;
	unsigned long long *in_force;	      /* count of them */
	unsigned long long applied, rejected; /* messages */
	const char *key; /* the hash, named like the channel; NULL: none */
	size_t room;	 /* bytes of the hash's message */
	int cut;	 /* a larger hash: cut to room - 1 bytes, or refused */
	/* the counters hash's next time, made now by a message: it shows it */
	unsigned long long *counters_due;
};

/*
 * Writes every value msg names to the map; the number of pairs, or a
 * negative errno (nothing written when msg does not parse).
 */
int daemon_thresholds_apply(struct daemon_thresholds *t, const char *msg,
			    size_t len);
/*
 * The -t values, before the program is attached: 0, or the first refusal's
 * error after saying which on stderr.  They count as no message applied.
 */
int daemon_thresholds_given(struct daemon_thresholds *t,
			    const char *const *msgs, int n);
/* A message from Redis: applied, or counted and logged as refused. */
void daemon_thresholds_message(struct daemon_thresholds *t, const char *msg,
			       size_t len);
/*
 * Once Redis is up: on a new connection, what the old one acknowledged is
 * checked (daemon_recover_reconnected) and the hash is read; then the
 * channel's messages.  0, or -EIO when Redis failed meanwhile.
 */
int daemon_thresholds_step(struct daemon_thresholds *t, struct daemon_out *o,
			   unsigned long long now);

#endif /* DAEMON_THRESHOLDS_H */
