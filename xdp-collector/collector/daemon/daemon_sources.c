// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_sources.c - report sources and their lost reports, for the counters. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <bpf/bpf.h>

#include "daemon_sources.h"

static int add(struct daemon_sources *s, const struct report_source *v)
{
	struct daemon_source_lost *grown;

	if (!v->tag)
		return 0;
	s->count++;
	if (!v->lost)
		return 0;
	if (s->n_lost == s->cap) {
		grown = realloc(s->lost,
				(s->cap ? s->cap * 2 : 16) * sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		s->lost = grown;
		s->cap = s->cap ? s->cap * 2 : 16;
	}
	s->lost[s->n_lost].tag = v->tag;
	s->lost[s->n_lost++].lost = v->lost;
	return 0;
}

int daemon_read_sources(int slots_fd, int more_fd, struct daemon_sources *s)
{
	struct report_source v;
	__u64 key, next;
	__u64 *prev = NULL;
	__u32 i;
	int err;

	s->count = 0;
	s->n_lost = 0;
	/* why one lookup each: 4,096 small syscalls every few seconds */
	for (i = 0; i < COLLECTOR_SOURCE_SLOTS; i++)
		if (!bpf_map_lookup_elem(slots_fd, &i, &v) &&
		    (err = add(s, &v)))
			return err;
	while (!bpf_map_get_next_key(more_fd, prev, &next)) {
		if (!bpf_map_lookup_elem(more_fd, &next, &v) &&
		    (err = add(s, &v)))
			return err;
		key = next;
		prev = &key;
	}
	return 0;
}

void daemon_sources_free(struct daemon_sources *s)
{
	free(s->lost);
	s->lost = NULL;
	s->n_lost = s->cap = 0;
}

int daemon_source_field(__u64 tag, char *out, size_t room)
{
	__u64 id = tag - 1;
	unsigned int node = (unsigned int)(id >> 32), hw = id & 0xFF;
	int len;

	if (id & (1U << 8))
		len = snprintf(out, room, "reports_lost_%u_%u", node, hw);
	else
		len = snprintf(out, room, "reports_lost_none_%u", hw);
	return len < 0 || (size_t)len >= room ? -E2BIG : len;
}
