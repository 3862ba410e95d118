// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_hist.c - the program's histograms as one sum per switch: the
 * per-CPU slots of "hist_slots" (each CPU's slot may hold another switch)
 * and the per-CPU entries of "histograms", merged by switch id.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "agent_hist.h"

struct hist_list {
	struct agent_switch_hist *v;
	size_t n, cap;
};

/* Adds one CPU's value of switch_id to the list as an entry of its own. */
static int add(struct hist_list *l, __u32 switch_id,
	       const struct agent_switch_hist *h)
{
	struct agent_switch_hist *grown;
	int m, i;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		grown = realloc(l->v, l->cap * sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		l->v = grown;
	}
	l->v[l->n].switch_id = switch_id;
	l->v[l->n].taken = 1;
	l->v[l->n].seen = h->seen;
	for (m = 0; m < AGENT_HOP_METRICS; m++)
		for (i = 0; i < AGENT_BINS; i++)
			l->v[l->n].bins[m][i] = h->bins[m][i];
	l->n++;
	return 0;
}

static int by_switch(const void *a, const void *b)
{
	__u32 x = ((const struct agent_switch_hist *)a)->switch_id;
	__u32 y = ((const struct agent_switch_hist *)b)->switch_id;

	return x < y ? -1 : x > y;
}

/* Sorts the list by switch and adds each switch's entries into its first. */
static size_t merge(struct hist_list *l)
{
	size_t out = 0, k;
	int m, i;

	qsort(l->v, l->n, sizeof(*l->v), by_switch);
	for (k = 0; k < l->n; k++) {
		struct agent_switch_hist *to;

		if (!out || l->v[out - 1].switch_id != l->v[k].switch_id) {
			l->v[out++] = l->v[k];
			continue;
		}
		to = &l->v[out - 1];
		to->seen |= l->v[k].seen;
		for (m = 0; m < AGENT_HOP_METRICS; m++)
			for (i = 0; i < AGENT_BINS; i++)
				to->bins[m][i] += l->v[k].bins[m][i];
	}
	return out;
}

int agent_hist_read(int slots_fd, int hash_fd, struct agent_switch_hist **out)
{
	int cpus = libbpf_num_possible_cpus(), c, err = 0;
	struct hist_list l = { 0 };
	struct agent_switch_hist *v;
	__u32 key, next, *prev = NULL, slot;

	if (cpus < 1)
		return -EINVAL;
	v = calloc(cpus, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (slot = 0; !err && slot < 1U << AGENT_HIST_SLOT_BITS; slot++) {
		if (bpf_map_lookup_elem(slots_fd, &slot, v))
			continue;
		for (c = 0; !err && c < cpus; c++)
			if (v[c].taken)
				err = add(&l, v[c].switch_id, &v[c]);
	}
	while (!err && !bpf_map_get_next_key(hash_fd, prev, &next)) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(hash_fd, &key, v))
			continue;
		for (c = 0; !err && c < cpus; c++)
			err = add(&l, key, &v[c]);
	}
	free(v);
	if (err) {
		free(l.v);
		return err;
	}
	*out = l.v;
	return (int)merge(&l);
}
