/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_maps.h - the helper names the detector (int_detect.h) calls, over BPF
 * maps and the ring buffer in the XDP program, over plain hash tables and an
 * event array on the host (host_maps.c), so that one detector source runs in
 * both places.
 *
 * The includer names the tables: flows4, flows6, queues, link_utilization,
 * thresholds, counters and events (collector.bpf.c defines them as maps;
 * host_maps.h as macros).
 */
#ifndef INT_MAPS_H
#define INT_MAPS_H

#include "collector.h"

#ifdef __bpf__

/*
 * why: keeps clang from computing an address inside a map value before the
 * null check the verifier needs to see first.
 */
#define INT_BARRIER_VAR(x) asm volatile("" : "+r"(x))

static __always_inline void *int_lookup(void *map, const void *key)
{
	return bpf_map_lookup_elem(map, key);
}

/* 0, or -EEXIST when another CPU inserted the key first, or another error. */
static __always_inline long int_insert(void *map, const void *key,
				       const void *value)
{
	return bpf_map_update_elem(map, key, value, BPF_NOEXIST);
}

static __always_inline void int_count_add(__u32 index, __u64 n)
{
	__u64 *c = bpf_map_lookup_elem(&counters, &index);

	if (c)
		*c += n;
}

static __always_inline void int_count(__u32 index)
{
	__u64 *c = bpf_map_lookup_elem(&counters, &index);

	if (c)
		*c += 1;
}

static __always_inline __u64 int_threshold(__u32 metric)
{
	__u64 *t = bpf_map_lookup_elem(&thresholds, &metric);

	return t ? *t : 0;
}

/*
 * The time of a report, kept as the tables' seen_ns (the periodic push's
 * "last report" time): the monotonic clock to the kernel tick.  why: the
 * precise clock (kvm-clock in a VM) costs a real share of the budget of a
 * report; the tick (1-4 ms) is far finer than the push.
 */
static __always_inline __u64 int_now_ns(void)
{
	return bpf_ktime_get_coarse_ns();
}

/* An event's own time (collector_event.ts_ns): the precise monotonic clock. */
static __always_inline __u64 int_event_ns(__u64 now)
{
	(void)now;
	return bpf_ktime_get_ns();
}

/*
 * The direct-mapped slot of <sw, id> in queue_slots or link_slots (see
 * collector.h): its tag is ours, or was free and is ours now (*claimed);
 * NULL when another key holds it.
 */
static __always_inline __u64 *int_slot(void *map, __u32 sw, __u32 id,
				       int *claimed)
{
	__u32 index = switch_slot_index(sw, id);
	__u64 tag = switch_slot_tag(sw, id);
	__u64 *slot = bpf_map_lookup_elem(map, &index);

	*claimed = 0;
	if (!slot)
		return NULL;
	if (*slot == tag)
		return slot;
	if (*slot)
		return NULL;
	if (__sync_val_compare_and_swap(slot, 0, tag) == 0) {
		*claimed = 1;
		return slot;
	}
	/* why: another CPU claimed it first, maybe for this very key */
	return *slot == tag ? slot : NULL;
}

/*
 * The IPv4 flow's slot in flow_slots (see collector.h): READY with this key,
 * or FREE and claimed now (its value all zero: a new flow, as an entry
 * inserted into flows4); NULL when another flow holds it or is claiming it.
 */
static __always_inline struct flow_value *
int_flow_slot(const struct flow_key4 *k)
{
	__u32 index = flow_slot_index(k);
	struct flow_slot *s = bpf_map_lookup_elem(&flow_slots, &index);
	const __u64 *a = (const __u64 *)k, *b;
	__u64 state;

	if (!s)
		return NULL;
	state = s->state;
	if (state == FLOW_SLOT_READY) {
		b = (const __u64 *)&s->key;
		return a[0] == b[0] && a[1] == b[1] ? &s->value : NULL;
	}
	if (state != FLOW_SLOT_FREE ||
	    __sync_val_compare_and_swap(&s->state, FLOW_SLOT_FREE,
					FLOW_SLOT_CLAIMING) != FLOW_SLOT_FREE)
		return NULL;
	__builtin_memcpy(&s->key, k, sizeof(s->key));
	/* why: an exchange is ordered: the key is in place before READY */
	__sync_lock_test_and_set(&s->state, FLOW_SLOT_READY);
	return &s->value;
}

static __always_inline struct collector_event *int_event_reserve(void)
{
	return bpf_ringbuf_reserve(&events, sizeof(struct collector_event), 0);
}

/*
 * Submits without waking the reader (a wakeup per event caps the ring's
 * rate, XDP_NOTES) unless the backlog passed config.wakeup_bytes or
 * the last forced wakeup is config.wakeup_ns old.  Past wakeup_bytes, one
 * wakeup until the reader has drained the ring below it again: why: a forced
 * wakeup is costly (an irq_work self-IPI), and forcing one per
 * event while the reader catches up made every event cost that much.
 */
static __always_inline void int_event_submit(struct collector_event *e)
{
	__u64 flags = BPF_RB_NO_WAKEUP;

	if (bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA) >=
	    config.wakeup_bytes) {
		if (!wakeup_pending) {
			wakeup_pending = 1;
			flags = BPF_RB_FORCE_WAKEUP;
		}
	} else if (wakeup_pending) {
		wakeup_pending = 0;
	}
	if (e->ts_ns - last_wakeup_ns >= config.wakeup_ns)
		flags = BPF_RB_FORCE_WAKEUP;
	if (flags == BPF_RB_FORCE_WAKEUP) {
		last_wakeup_ns = e->ts_ns;
		int_count(CNT_WAKEUPS);
	}
	bpf_ringbuf_submit(e, flags);
}

#else /* host */

#include "host_maps.h"

#define INT_BARRIER_VAR(x) ((void)0)

static __always_inline void *int_lookup(void *map, const void *key)
{
	return host_map_lookup(map, key);
}

static __always_inline long int_insert(void *map, const void *key,
				       const void *value)
{
	return host_map_insert(map, key, value);
}

static __always_inline void int_count_add(__u32 index, __u64 n)
{
	if (index < CNT_COUNT)
		int_host.counters[index] += n;
}

static __always_inline void int_count(__u32 index)
{
	int_count_add(index, 1);
}

static __always_inline __u64 int_threshold(__u32 metric)
{
	return metric < METRIC_COUNT ? int_host.thresholds[metric] : 0;
}

static __always_inline __u64 int_now_ns(void)
{
	return int_host.now_ns;
}

static __always_inline __u64 int_event_ns(__u64 now)
{
	return now;
}

/* The host keeps every switch key in its hash tables (no slot arrays). */
static __always_inline __u64 *int_slot(void *map, __u32 sw, __u32 id,
				       int *claimed)
{
	(void)map, (void)sw, (void)id;
	*claimed = 0;
	return NULL;
}

/* The host keeps every flow in its hash tables (no slot array). */
static __always_inline struct flow_value *
int_flow_slot(const struct flow_key4 *k)
{
	(void)k;
	return NULL;
}

static __always_inline struct collector_event *int_event_reserve(void)
{
	return host_event_reserve();
}

static __always_inline void int_event_submit(struct collector_event *e)
{
	host_event_submit(e);
}

#endif

#endif /* INT_MAPS_H */
