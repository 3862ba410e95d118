/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_journal.h - the published log (--published-log FILE): one line
 * per entry Redis acknowledged, for a soak test or an audit to know
 * by origin what this daemon published.  Each line goes out in one
 * write(2) on an O_APPEND descriptor, unbuffered, so a SIGKILL of the
 * daemon loses no line of an entry Redis had acknowledged.
 *
 * A line: KIND ID ORIGIN COUNT SEQS ACKED_MS
 *   KIND      published, or republished (daemon_recover.c)
 *   ID        the entry id Redis returned
 *   ORIGIN    <kind>/<node>/<ifname>/<run> (kind: xdp, nic_agent): with
 *             /<seq>, a record's origin
 *   COUNT     the entry's records
 *   SEQS      their seqs as runs, "1-256" or "1-9,11-256"
 *   ACKED_MS  wall-clock ms when the reply came
 */
#ifndef DAEMON_JOURNAL_H
#define DAEMON_JOURNAL_H

#include "daemon_fields.h"

/* An fd to append to, or -errno. */
int daemon_journal_open(const char *path);
/* Appends one line; 0, or -errno (reported once by the caller). */
int daemon_journal_line(int fd, const char *kind, const char *id,
			const struct daemon_origin *o, unsigned long long count,
			const char *seqs, unsigned long long acked_ms);

#endif /* DAEMON_JOURNAL_H */
