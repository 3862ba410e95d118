/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_sources.h - the reporting nodes the XDP program tracks report
 * sequence gaps for (collector.h: report_sources and report_sources_more),
 * read for the counters hash: how many, and the reports each one lost.
 */
#ifndef DAEMON_SOURCES_H
#define DAEMON_SOURCES_H

#include <stddef.h>
#include "collector.h"

struct daemon_source_lost {
	__u64 tag; /* report_source_tag() */
	__u64 lost;
};

struct daemon_sources {
	unsigned long long count;	 /* sources seen */
	struct daemon_source_lost *lost; /* those that lost reports */
	size_t n_lost, cap;
};

/* Reads both maps into s (s->lost reused across calls).  0 or -errno. */
int daemon_read_sources(int slots_fd, int more_fd, struct daemon_sources *s);
void daemon_sources_free(struct daemon_sources *s);

/*
 * The counters hash's field of a source that lost reports:
 * "reports_lost_<node>_<hw_id>", "none" for a report that names no node.
 */
int daemon_source_field(__u64 tag, char *out, size_t room);

#endif /* DAEMON_SOURCES_H */
