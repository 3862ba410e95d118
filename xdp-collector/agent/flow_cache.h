/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * flow_cache.h - the INT FlowCache (paper Section III-B): rows of
 * AGENT_BUCKETS buckets, each row under its own bpf_spin_lock.  A packet
 * updates its flow's bucket, or takes a free one, or evicts the least
 * recently updated bucket of the row (copied out under the lock into the
 * scratch, submitted to R_G by the caller after unlocking).
 */
#ifndef FLOW_CACHE_H
#define FLOW_CACHE_H

#include "agent_scratch.h"

/* A mix of the key's words; the row is its low bits. */
static __always_inline __u32 agent_flow_hash(const struct agent_flow_key *k)
{
	const __u32 *w = (const __u32 *)k;
	__u32 h = 0x9747b28cU, i;

	for (i = 0; i < sizeof(*k) / 4; i++) {
		h ^= w[i];
		h *= 0x01000193U;
		h ^= h >> 15;
	}
	h ^= h >> 13;
	h *= 0x5bd1e995U;
	h ^= h >> 16;
	return h;
}

static __always_inline int agent_key_eq(const struct agent_flow_key *a,
					const struct agent_flow_key *b)
{
	const __u64 *x = (const __u64 *)a, *y = (const __u64 *)b;

	return x[0] == y[0] && x[1] == y[1] && x[2] == y[2] && x[3] == y[3] &&
	       x[4] == y[4];
}

/* The mean of n values, the last of them v, from the mean of the first n - 1. */
static __always_inline __u64 agent_mean(__u64 avg, __u64 v, __u64 n)
{
	return (avg * (n - 1) + v) / n;
}

/*
 * A hop's mean after one more value v: an unavailable v leaves it, the
 * first available one starts it.  why not a count per metric: a switch
 * gives a metric always or never; mixed, the mean weighs the later values
 * as if every packet had had one.
 */
static __always_inline __u32 agent_hop_mean(__u32 avg, __u32 v, __u64 n)
{
	if (v == AGENT_UNAVAILABLE)
		return avg;
	if (avg == AGENT_UNAVAILABLE)
		return v;
	return agent_mean(avg, v, n);
}

/* A new flow in bucket b; runs under the row's lock. */
static __always_inline void agent_bucket_init(struct agent_flow_bucket *b,
					      const struct agent_pkt *a,
					      __u64 now)
{
	__u32 i;

	b->key = a->key;
	b->packets = 1;
	b->first_ns = now;
	b->last_ns = now;
	b->e2e_latency = a->e2e;
	b->e2e_latency_avg = a->e2e;
	b->path_id = a->path_id;
	b->hops = a->hops;
	for (i = 0; i < AGENT_MAX_HOPS; i++) {
		struct agent_flow_hop *h = &b->hop[i];

		if (i >= a->hops) {
			__builtin_memset(h, 0, sizeof(*h));
			continue;
		}
		h->switch_id = a->sw[i];
		h->latency = a->val[AGENT_M_HOP_LATENCY][i];
		h->latency_avg = h->latency;
		h->queue = a->val[AGENT_M_QUEUE_OCCUPANCY][i];
		h->queue_avg = h->queue;
		h->util = a->val[AGENT_M_LINK_UTILIZATION][i];
		h->util_avg = h->util;
	}
}

/*
 * The next packet of the flow in bucket b; runs under the row's lock.  The
 * values it replaces go to the scratch for the change events.
 */
static __always_inline void agent_bucket_update(struct agent_flow_bucket *b,
						const struct agent_pkt *a,
						struct agent_scratch *s,
						__u64 now)
{
	__u64 n = b->packets + 1;
	__u32 i, old_hops = b->hops;

	s->prev_e2e = b->e2e_latency;
	s->prev_path = b->path_id;
	s->prev_hops = old_hops;
	b->packets = n;
	b->last_ns = now;
	b->e2e_latency = a->e2e;
	b->e2e_latency_avg = agent_mean(b->e2e_latency_avg, a->e2e, n);
	b->path_id = a->path_id;
	b->hops = a->hops;
	for (i = 0; i < AGENT_MAX_HOPS; i++) {
		struct agent_flow_hop *h = &b->hop[i];
		__u32 lat = a->val[AGENT_M_HOP_LATENCY][i];
		__u32 q = a->val[AGENT_M_QUEUE_OCCUPANCY][i];
		__u32 u = a->val[AGENT_M_LINK_UTILIZATION][i];

		if (i >= a->hops)
			break;
		s->prev[AGENT_M_HOP_LATENCY][i] = h->latency;
		s->prev[AGENT_M_QUEUE_OCCUPANCY][i] = h->queue;
		s->prev[AGENT_M_LINK_UTILIZATION][i] = h->util;
		h->switch_id = a->sw[i];
		h->latency = lat;
		h->queue = q;
		h->util = u;
		if (i >= old_hops) {
			/* why: a hop the flow did not have starts its own mean */
			h->latency_avg = lat;
			h->queue_avg = q;
			h->util_avg = u;
			continue;
		}
		h->latency_avg = agent_hop_mean(h->latency_avg, lat, n);
		h->queue_avg = agent_hop_mean(h->queue_avg, q, n);
		h->util_avg = agent_hop_mean(h->util_avg, u, n);
	}
}

/* The bucket of the flow in the row by its tag, or AGENT_BUCKETS. */
static __always_inline __u32 agent_find(struct agent_flow_row *row,
					const struct agent_flow_key *k,
					__u32 tag)
{
	__u32 i;

	for (i = 0; i < AGENT_BUCKETS; i++) {
		if (row->tag[i] != tag)
			continue;
		if (row->b[i].packets && agent_key_eq(&row->b[i].key, k))
			return i;
	}
	return AGENT_BUCKETS;
}

/*
 * Reads, without the lock, the lines of the bucket the flow's tag points
 * at.  why: taking the lock is a locked instruction, a full barrier, so
 * the misses on a cold row would otherwise come one after the other; read
 * first, they are waited for together.  What is read is not used.
 */
static __always_inline void agent_warm(struct agent_flow_row *row, __u32 tag)
{
	const volatile __u64 *w;
	__u32 i;

	for (i = 0; i < AGENT_BUCKETS; i++) {
		if (row->tag[i] != tag)
			continue;
		w = (const volatile __u64 *)&row->b[i];
		(void)w[0];
		(void)w[8];
		(void)w[16];
		(void)w[24];
		(void)w[sizeof(struct agent_flow_bucket) / 8 - 1];
		return;
	}
}

/* A free bucket, else the least recently updated one (*full set). */
static __always_inline __u32 agent_victim(struct agent_flow_row *row,
					  __u32 *full)
{
	__u64 oldest = ~0ULL;
	__u32 i, lru = 0;

	*full = 0;
	for (i = 0; i < AGENT_BUCKETS; i++) {
		if (row->b[i].packets == 0)
			return i;
		if (row->b[i].last_ns < oldest) {
			oldest = row->b[i].last_ns;
			lru = i;
		}
	}
	*full = 1;
	return lru;
}

/*
 * Puts the packet's values into its flow's bucket: AGENT_C_FLOWS_NEW or
 * AGENT_C_FLOWS_UPDATED; s->did_evict when a bucket was copied out to
 * s->evicted.  -1 when the row is missing.
 */
static __always_inline int agent_flow_cache(void *rows, __u32 rows_mask,
					    struct agent_scratch *s, __u64 now)
{
	const struct agent_pkt *a = &s->pkt;
	struct agent_flow_row *row;
	__u32 h = agent_flow_hash(&a->key), r = h & rows_mask;
	/* why: the row's bits say nothing within the row; 0 is "no tag" */
	__u32 tag = (h >> 16 | h << 16) | 1, i, full;
	int counter;

	s->did_evict = 0;
	s->known = 0;
	row = bpf_map_lookup_elem(rows, &r);
	if (!row)
		return -1;
	agent_warm(row, tag);
	bpf_spin_lock(&row->lock);
	i = agent_find(row, &a->key, tag);
	if (i < AGENT_BUCKETS) {
		s->known = 1;
		agent_bucket_update(&row->b[i], a, s, now);
		counter = AGENT_C_FLOWS_UPDATED;
	} else {
		i = agent_victim(row, &full);
		if (i >= AGENT_BUCKETS)
			i = 0;
		if (full) {
			/* why: helpers may not run under the lock: copy now, submit later */
			s->evicted = row->b[i];
			s->did_evict = 1;
		}
		row->tag[i] = tag;
		agent_bucket_init(&row->b[i], a, now);
		counter = AGENT_C_FLOWS_NEW;
	}
	bpf_spin_unlock(&row->lock);
	return counter;
}

#endif /* FLOW_CACHE_H */
