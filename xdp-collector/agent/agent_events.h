/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * agent_events.h - change (C) and threshold (T) events (paper Section
 * III-C), per switch and end to end, one R_I record per (packet, metric,
 * hop) that fired with the bitmap of the types.  Runs after the row's lock
 * is released, from what the FlowCache left in the scratch.
 */
#ifndef AGENT_EVENTS_H
#define AGENT_EVENTS_H

#include "agent_scratch.h"

/* The types that fire for value against previous (known: there is one). */
static __always_inline __u32 agent_fired(const __u64 *thr, __u32 metric,
					 __u64 value, __u64 previous,
					 __u32 known)
{
	__u64 change = thr[AGENT_THRESHOLD_INDEX(metric, AGENT_T_CHANGE)];
	__u64 limit = thr[AGENT_THRESHOLD_INDEX(metric, AGENT_T_THRESHOLD)];
	__u64 diff = value > previous ? value - previous : previous - value;
	__u32 types = 0;

	if (known && diff > change)
		types |= AGENT_EV_CHANGE;
	if (value > limit)
		types |= AGENT_EV_THRESHOLD;
	return types;
}

/*
 * Submits without waking the reader, but once when the backlog passed
 * wakeup_bytes, until the reader has drained it below again.  why: a forced
 * wakeup is an irq_work self-IPI; one per record while the reader catches
 * up made every record cost that much (XDP_NOTES.md).
 */
static __always_inline __u64 agent_wakeup_flags(void *ring, __u32 *pending,
						__u64 wakeup_bytes)
{
	if (!wakeup_bytes)
		wakeup_bytes = AGENT_DEFAULT_WAKEUP_BYTES;
	if (bpf_ringbuf_query(ring, BPF_RB_AVAIL_DATA) < wakeup_bytes) {
		*pending = 0;
		return BPF_RB_NO_WAKEUP;
	}
	if (*pending)
		return BPF_RB_NO_WAKEUP;
	*pending = 1;
	return BPF_RB_FORCE_WAKEUP;
}

/* The submit flags of a packet's events, asked of the ring at its first. */
struct agent_emit_flags {
	__u32 *pending;
	__u64 wakeup_bytes;
	__u64 flags;
	int known;
};

/* Submits one event; counts it, or counts it lost when R_I is full. */
static __always_inline void agent_emit(void *ring, struct agent_counters *c,
				       const struct agent_scratch *s,
				       struct agent_emit_flags *f, __u64 now,
				       __u32 metric, __u32 hop, __u32 switch_id,
				       __u64 value, __u64 previous, __u32 types)
{
	struct agent_event *e;

	e = bpf_ringbuf_reserve(ring, sizeof(*e), 0);
	if (!e) {
		c->v[AGENT_C_RI_LOST]++;
		return;
	}
	e->ts_ns = now;
	e->flow = s->pkt.key;
	e->value = value;
	e->previous = previous;
	e->switch_id = switch_id;
	e->path_id = s->pkt.path_id;
	e->metric = metric;
	e->hop = hop;
	e->types = types;
	__builtin_memset(e->pad, 0, sizeof(e->pad));
	/* why: the query reads the reader's position, a line the reader's
	 * CPU writes: asked only of a packet that has an event */
	if (!f->known) {
		f->flags =
			agent_wakeup_flags(ring, f->pending, f->wakeup_bytes);
		f->known = 1;
	}
	bpf_ringbuf_submit(e, f->flags);
	c->v[AGENT_C_EVENTS]++;
}

static __always_inline void agent_events(void *ring, __u32 *pending,
					 struct agent_counters *c,
					 const struct agent_scratch *s,
					 __u64 wakeup_bytes, __u64 now)
{
	const struct agent_pkt *a = &s->pkt;
	struct agent_emit_flags f = { .pending = pending,
				      .wakeup_bytes = wakeup_bytes };
	__u32 i, m, types, known;

	for (i = 0; i < AGENT_MAX_HOPS; i++) {
		if (i >= a->hops)
			break;
		known = s->known && i < s->prev_hops;
		for (m = 0; m < AGENT_HOP_METRICS; m++) {
			__u32 v = a->val[m][i],
			      prev = known ? s->prev[m][i] : 0;
			__u32 had = known && prev != AGENT_UNAVAILABLE;

			if (v == AGENT_UNAVAILABLE)
				continue;
			if (!had)
				prev = 0;
			types = agent_fired(s->thr, m, v, prev, had);
			if (types)
				agent_emit(ring, c, s, &f, now, m, i, a->sw[i],
					   v, prev, types);
		}
	}
	if (a->have & (1U << AGENT_M_HOP_LATENCY)) {
		__u64 prev = s->known ? s->prev_e2e : 0;

		types = agent_fired(s->thr, AGENT_M_FLOW_LATENCY, a->e2e, prev,
				    s->known);
		if (types)
			agent_emit(ring, c, s, &f, now, AGENT_M_FLOW_LATENCY,
				   AGENT_HOP_NONE, 0, a->e2e, prev, types);
	}
	/* why: a path id has no size to compare; any change fires unless turned off */
	if (s->known && a->path_id != s->prev_path &&
	    s->thr[AGENT_THRESHOLD_INDEX(AGENT_M_FLOW_PATH, AGENT_T_CHANGE)] !=
		    AGENT_THRESHOLD_OFF)
		agent_emit(ring, c, s, &f, now, AGENT_M_FLOW_PATH,
			   AGENT_HOP_NONE, 0, a->path_id, s->prev_path,
			   AGENT_EV_CHANGE);
}

#endif /* AGENT_EVENTS_H */
