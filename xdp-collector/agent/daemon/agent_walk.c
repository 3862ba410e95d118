// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_walk.c - the daemon's FlowCache passes (paper Section III-A, the
 * CMEs' aging): every --age-interval s the buckets idle past
 * --idle-timeout are evicted and published as aged; every --flow-interval
 * s the buckets updated since the last such pass are published as active.
 * A row is read and written back under its bpf_spin_lock (BPF_F_LOCK).
 */
#include <errno.h>
#include <string.h>
#include <time.h>
#include <bpf/bpf.h>

#include "agent_daemon.h"

static unsigned long long mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (unsigned long long)t.tv_sec * 1000000000ULL + t.tv_nsec;
}

static void publish(struct agent_daemon *d, const struct agent_flow_bucket *b,
		    __u32 reason)
{
	struct agent_flow_out r = { .b = *b, .reason = reason };

	daemon_buffer_push(&d->fl.buf, &r);
}

/*
 * Evicts the aged buckets of one row.  A user-space write replaces the
 * whole row, so it is written back only when a second locked read finds it
 * as the first one did; else the row is left for the next pass.
 */
static int evict(struct agent_daemon *d, __u32 key, struct agent_flow_row *row,
		 unsigned int aged, struct agent_flow_row *again)
{
	int i;

	if (bpf_map_lookup_elem_flags(d->rows_fd, &key, again, BPF_F_LOCK) ||
	    memcmp(again->b, row->b, sizeof(row->b)))
		return -EAGAIN;
	for (i = 0; i < AGENT_BUCKETS; i++)
		if (aged & (1U << i))
			memset(&again->b[i], 0, sizeof(again->b[i]));
	if (bpf_map_update_elem(d->rows_fd, &key, again, BPF_F_LOCK))
		return -errno;
	return 0;
}

void agent_walk_step(struct agent_daemon *d, int force_active)
{
	static struct agent_flow_row row, again;
	unsigned long long now_ms = daemon_now_ms(), now = mono_ns(), since;
	unsigned long long idle_ns = (unsigned long long)(d->o.idle_s * 1e9);
	int age = d->o.age_s > 0 && now_ms >= d->next_age_ms;
	int act = force_active ||
		  (d->o.flow_s > 0 && now_ms >= d->next_flow_ms);
	unsigned int aged, active;
	__u32 key;
	int i;

	if (!age && !act)
		return;
	if (age)
		d->next_age_ms =
			now_ms + (unsigned long long)(d->o.age_s * 1000);
	if (act)
		d->next_flow_ms =
			now_ms + (unsigned long long)(d->o.flow_s * 1000);
	since = act ? d->active_since_ns : ~0ULL;
	d->walk_passes++;
	for (key = 0; key < d->rows; key++) {
		if (bpf_map_lookup_elem_flags(d->rows_fd, &key, &row,
					      BPF_F_LOCK))
			continue;
		agent_row_select(&row, now, age ? idle_ns : ~0ULL, since, &aged,
				 &active);
		if (aged && evict(d, key, &row, aged, &again)) {
			d->rows_skipped++;
			aged = 0;
		}
		for (i = 0; i < AGENT_BUCKETS; i++) {
			if (aged & (1U << i)) {
				publish(d, &row.b[i], AGENT_R_AGED);
				d->aged++;
			} else if (active & (1U << i)) {
				publish(d, &row.b[i], AGENT_R_ACTIVE);
				d->active++;
			}
		}
	}
	if (act)
		d->active_since_ns = now;
}
