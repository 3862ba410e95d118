/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_detect.h - INTCollector's event detection (paper Section III-D) over
 * the six metrics of its Table I, written once for the XDP program and the
 * host build (int_maps.h supplies the tables).
 *
 * An event fires when a metric key is new, or when |new - last reported| >
 * T(m) with T(m) from the thresholds table; a flow path fires on any change
 * of its switch ids.  Every table keeps the latest value for the periodic
 * push.  Values a switch marks unavailable (all ones, INT-2.1 §5.8) are not
 * metric values and are skipped, as are hops without a switch id.
 */
#ifndef INT_DETECT_H
#define INT_DETECT_H

#include "int_parse.h"
#include "int_maps.h"

#define INT_UNAVAILABLE_32 0xFFFFFFFFULL
#define INT_UNAVAILABLE_24 0xFFFFFFULL

static __always_inline void int_emit(__u8 metric, __u8 kind,
				     const struct flow_key *flow, __u32 sw,
				     __u32 id, __u64 value, __u64 previous,
				     const struct path_value *path, __u64 now)
{
	struct collector_event *e = int_event_reserve();

	if (!e) {
		int_count(CNT_EVENTS_LOST);
		return;
	}
	__builtin_memset(e, 0, sizeof(*e));
	e->ts_ns = now;
	e->metric = metric;
	e->kind = kind;
	e->switch_id = sw;
	e->id = id;
	if (flow)
		__builtin_memcpy(&e->flow, flow, sizeof(e->flow));
	e->value = value;
	e->previous = previous;
	if (path) {
		e->hops = path->hops > COLLECTOR_MAX_PATH ? COLLECTOR_MAX_PATH
							  : path->hops;
		__builtin_memcpy(e->path, path->switch_id, sizeof(e->path));
	}
	int_event_submit(e);
	int_count(CNT_EVENTS);
}

/* One numeric metric: new key, or a change past the threshold. */
static __always_inline void int_detect_value(void *map, const void *key,
					     __u8 metric,
					     const struct flow_key *flow,
					     __u32 sw, __u32 id, __u64 value,
					     __u64 now)
{
	struct metric_value *v = int_lookup(map, key);
	struct metric_value fresh;
	__u64 diff, previous;
	long err;

	if (!v) {
		fresh.value = value;
		fresh.reported = value;
		fresh.seen_ns = now;
		err = int_insert(map, key, &fresh);
		if (err == -17 /* EEXIST: another CPU was first */)
			return;
		if (err) {
			int_count(CNT_MAP_FULL);
			return;
		}
		int_emit(metric, EVENT_NEW_KEY, flow, sw, id, value, 0, NULL,
			 now);
		return;
	}
	v->value = value;
	v->seen_ns = now;
	diff = value > v->reported ? value - v->reported : v->reported - value;
	if (diff <= int_threshold(metric))
		return;
	previous = v->reported;
	v->reported = value;
	int_emit(metric, EVENT_CHANGED, flow, sw, id, value, previous, NULL,
		 now);
}

/* The switch id of hop i: its own, or the reporting node's for a report's own hop. */
static __always_inline int int_hop_switch(const struct int_frame *f,
					  const struct int_hop *h, __u32 i,
					  __u32 *sw)
{
	if (INT_HAS(h, HV_SWITCH_ID))
		*sw = (__u32)h->v[HV_SWITCH_ID];
	else if (f->report_hop && i + 1 == f->st.hop_count && f->rep.has_node)
		*sw = f->rep.node_id;
	else
		return 0;
	return *sw != INT_UNAVAILABLE_32;
}

static __always_inline void int_flow_key(const struct int_l34 *l,
					 struct flow_key *k)
{
	__builtin_memset(k, 0, sizeof(*k));
	__builtin_memcpy(k->src, l->src, sizeof(k->src));
	__builtin_memcpy(k->dst, l->dst, sizeof(k->dst));
	k->src_port = l->has_ports ? l->src_port : 0;
	k->dst_port = l->has_ports ? l->dst_port : 0;
	k->protocol = l->protocol;
	k->ip_version = l->ip_version;
}

static __always_inline void int_detect_path(const struct flow_key *flow,
					    const struct path_value *path,
					    __u64 now)
{
	struct path_value *old = int_lookup(&flow_path, flow);
	__u32 i, same;
	long err;

	if (!old) {
		err = int_insert(&flow_path, flow, path);
		if (err == -17)
			return;
		if (err) {
			int_count(CNT_MAP_FULL);
			return;
		}
		int_emit(METRIC_FLOW_PATH, EVENT_NEW_KEY, flow, 0, 0,
			 path->hops, 0, path, now);
		return;
	}
	same = old->hops == path->hops;
	for (i = 0; i < COLLECTOR_MAX_PATH; i++)
		if (old->switch_id[i] != path->switch_id[i])
			same = 0;
	old->seen_ns = now;
	if (same)
		return;
	int_emit(METRIC_FLOW_PATH, EVENT_CHANGED, flow, 0, 0, path->hops,
		 old->hops, path, now);
	__builtin_memcpy(old->switch_id, path->switch_id,
			 sizeof(old->switch_id));
	old->hops = path->hops;
}

/* Per-hop scratch the detector keeps while it walks a stack. */
struct int_detect_acc {
	struct path_value path;
	__u64 latency_sum;
	__u32 latency_hops;
	__u32 path_known; /* every hop so far had a switch id */
};

/* Switch and flow-switch metrics of one hop; accumulates path and latency. */
static __always_inline void int_detect_hop(const struct int_frame *f,
					   const struct flow_key *flow,
					   const struct int_hop *h, __u32 i,
					   struct int_detect_acc *acc,
					   __u64 now)
{
	struct flow_hop_key fk;
	struct switch_key sk;
	__u32 sw = 0;
	__u64 v;

	if (!int_hop_switch(f, h, i, &sw)) {
		acc->path_known = 0;
		return;
	}
	if (i < COLLECTOR_MAX_PATH)
		acc->path.switch_id[i] = sw;
	if (INT_HAS(h, HV_HOP_LATENCY) &&
	    h->v[HV_HOP_LATENCY] != INT_UNAVAILABLE_32) {
		acc->latency_sum += h->v[HV_HOP_LATENCY];
		acc->latency_hops++;
		if (flow) {
			__builtin_memset(&fk, 0, sizeof(fk));
			fk.flow = *flow;
			fk.switch_id = sw;
			int_detect_value(&hop_latency, &fk, METRIC_HOP_LATENCY,
					 flow, sw, 0, h->v[HV_HOP_LATENCY],
					 now);
		}
	}
	if (INT_HAS(h, HV_QUEUE_OCCUPANCY) &&
	    h->v[HV_QUEUE_OCCUPANCY] != INT_UNAVAILABLE_24) {
		sk.switch_id = sw;
		sk.id = (__u32)h->v[HV_QUEUE_ID];
		int_detect_value(&queue_occupancy, &sk, METRIC_QUEUE_OCCUPANCY,
				 NULL, sw, sk.id, h->v[HV_QUEUE_OCCUPANCY],
				 now);
	}
	if (INT_HAS(h, HV_QUEUE_CONGESTION) &&
	    h->v[HV_QUEUE_CONGESTION] != INT_UNAVAILABLE_24) {
		sk.switch_id = sw;
		sk.id = (__u32)h->v[HV_CONGESTION_QUEUE_ID];
		int_detect_value(&queue_congestion, &sk,
				 METRIC_QUEUE_CONGESTION, NULL, sw, sk.id,
				 h->v[HV_QUEUE_CONGESTION], now);
	}
	if (INT_HAS(h, HV_EGRESS_TX_UTIL) &&
	    h->v[HV_EGRESS_TX_UTIL] != INT_UNAVAILABLE_32) {
		if (INT_HAS(h, HV_EGRESS_PORT))
			v = h->v[HV_EGRESS_PORT];
		else if (INT_HAS(h, HV_L2_EGRESS_PORT))
			v = h->v[HV_L2_EGRESS_PORT];
		else
			return;
		sk.switch_id = sw;
		sk.id = (__u32)v;
		int_detect_value(&link_utilization, &sk,
				 METRIC_LINK_UTILIZATION, NULL, sw, sk.id,
				 h->v[HV_EGRESS_TX_UTIL], now);
	}
}

/*
 * Flow latency: the sum of the hop latencies when hops carry them, else the
 * last egress minus the first ingress timestamp.  0 = not measurable.
 */
static __always_inline int int_flow_latency(const struct int_frame *f,
					    const struct int_detect_acc *acc,
					    __u64 *latency)
{
	const struct int_hop *first, *last;
	__u32 n = f->st.hop_count;

	if (acc->latency_hops) {
		*latency = acc->latency_sum;
		return 1;
	}
	if (n == 0 || n > INT_MAX_PATH)
		return 0;
	first = &f->st.hops[0];
	last = &f->st.hops[int_index(n - 1, INT_HOP_SLOTS - 1)];
	if (!INT_HAS(first, HV_INGRESS_TS) || !INT_HAS(last, HV_EGRESS_TS) ||
	    last->v[HV_EGRESS_TS] < first->v[HV_INGRESS_TS])
		return 0;
	*latency = last->v[HV_EGRESS_TS] - first->v[HV_INGRESS_TS];
	return 1;
}

/* Runs every metric of Table I over one decoded report or INT-MD packet. */
static __always_inline void int_detect(const struct int_frame *f,
				       struct int_detect_acc *acc, __u64 now)
{
	struct flow_key flow;
	__u32 i, n = f->st.hop_count;
	__u64 latency = 0;

	if (!f->has_stack)
		return;
	__builtin_memset(acc, 0, sizeof(*acc));
	acc->path_known = 1;
	if (f->has_flow)
		int_flow_key(&f->flow, &flow);
	/* why: a bounded loop; INT_MAX_PATH turns for the verifier to walk */
	for (i = 0; i < INT_MAX_PATH; i++) {
		if (i >= n)
			break;
		int_detect_hop(f, f->has_flow ? &flow : NULL,
			       &f->st.hops[int_index(i, INT_HOP_SLOTS - 1)], i,
			       acc, now);
	}
	if (!f->has_flow)
		return;
	if (acc->path_known && n > 0) {
		acc->path.hops = n;
		acc->path.seen_ns = now;
		int_detect_path(&flow, &acc->path, now);
	}
	if (int_flow_latency(f, acc, &latency))
		int_detect_value(&flow_latency, &flow, METRIC_FLOW_LATENCY,
				 &flow, 0, 0, latency, now);
}

#endif /* INT_DETECT_H */
