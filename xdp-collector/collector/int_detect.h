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

/*
 * The report being detected on: its identity (collector_event's report
 * fields, the same in every event of one report) and T(m) as in force when
 * it arrived.
 */
struct int_origin {
	__u32 report; /* EVENT_REPORT* */
	__u32 node;
	__u32 seq;
	__u32 hw_id;
	/* why: read once per report, not once per metric value (~20 lookups) */
	__u64 threshold[METRIC_COUNT];
	/* the report's events' time: 0 until its first event reads the clock */
	__u64 event_ns;
};

/*
 * T(m) of every metric the detector compares: why not T(flow path): a path
 * fires on any change and never reads it (one lookup less per report).
 */
static __always_inline void int_origin_thresholds(struct int_origin *o)
{
	__u32 m;

	o->event_ns = 0;
	o->threshold[METRIC_FLOW_PATH] = 0;
	for (m = METRIC_FLOW_LATENCY; m < METRIC_COUNT; m++)
		o->threshold[m] = int_threshold(m);
}

/* The origin of a decoded frame: its report header, none for INT-MD packets. */
static __always_inline void int_frame_origin(const struct int_frame *f,
					     struct int_origin *o)
{
	const struct int_report *r = &f->rep;

	o->report = 0;
	o->node = 0;
	o->seq = 0;
	o->hw_id = 0;
	if (f->format < INT_FMT_TR05)
		return;
	o->report = EVENT_REPORT | (r->has_node ? EVENT_REPORT_NODE : 0);
	o->node = r->has_node ? r->node_id : 0;
	o->seq = r->seq;
	o->hw_id = r->hw_id;
}

static __always_inline void int_emit(struct int_origin *o, __u8 metric,
				     __u8 kind, const struct flow_key *flow,
				     __u32 sw, __u32 id, __u64 value,
				     __u64 previous,
				     const struct path_value *path, __u64 now)
{
	struct collector_event *e = int_event_reserve();

	if (!e) {
		int_count(CNT_EVENTS_LOST);
		return;
	}
	__builtin_memset(e, 0, sizeof(*e));
	/* why: one precise clock read per report with events, not per event */
	if (!o->event_ns)
		o->event_ns = int_event_ns(now);
	e->ts_ns = o->event_ns;
	e->metric = metric;
	e->kind = kind;
	e->report = o->report;
	e->report_node = o->node;
	e->report_seq = o->seq;
	e->report_hw_id = o->hw_id;
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

/*
 * One numeric metric kept in *v: new key (is_new), or a change past the
 * threshold from the last reported value.
 */
static __always_inline void
int_detect_metric(struct int_origin *o, struct metric_value *v, int is_new,
		  __u8 metric, const struct flow_key *flow, __u32 sw, __u32 id,
		  __u64 value, __u64 now)
{
	__u64 diff, previous;

	v->value = value;
	v->seen_ns = now;
	if (is_new) {
		v->reported = value;
		int_emit(o, metric, EVENT_NEW_KEY, flow, sw, id, value, 0, NULL,
			 now);
		return;
	}
	diff = value > v->reported ? value - v->reported : v->reported - value;
	if (diff <= o->threshold[metric < METRIC_COUNT ? metric : 0])
		return;
	previous = v->reported;
	v->reported = value;
	int_emit(o, metric, EVENT_CHANGED, flow, sw, id, value, previous, NULL,
		 now);
}

/* One numeric metric in a table of its own (link utilization). */
static __always_inline void int_detect_value(struct int_origin *o, void *map,
					     const void *key, __u8 metric,
					     __u32 sw, __u32 id, __u64 value,
					     __u64 now)
{
	struct metric_value *v = int_lookup(map, key);
	struct metric_value fresh;
	long err;

	if (v) {
		int_detect_metric(o, v, 0, metric, NULL, sw, id, value, now);
		return;
	}
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
	int_emit(o, metric, EVENT_NEW_KEY, NULL, sw, id, value, 0, NULL, now);
}

/*
 * The entry of a table whose value holds several metrics, created (zeroed:
 * every metric new) when missing; NULL when the table refuses it.
 */
static __always_inline void *int_entry(void *map, const void *key,
				       const void *zero)
{
	void *v = int_lookup(map, key);
	long err;

	if (v)
		return v;
	err = int_insert(map, key, zero);
	if (err && err != -17 /* EEXIST: another CPU was first */) {
		int_count(CNT_MAP_FULL);
		return NULL;
	}
	return int_lookup(map, key);
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

/* The queue entry of <sw, qid>: its slot, or the overflow table's entry. */
static __always_inline struct queue_value *
int_queue_entry(__u32 sw, __u32 qid, const struct queue_value *zero)
{
	struct switch_key sk = { .switch_id = sw, .id = qid };
	__u64 *slot;
	int claimed;

	slot = int_slot(&queue_slots, sw, qid, &claimed);
	if (slot)
		return &((struct queue_slot *)slot)->value;
	return int_entry(&queues, &sk, zero);
}

/* Link utilization of <sw, egress id>: in its slot, or the overflow table. */
static __always_inline void int_detect_link(struct int_origin *o, __u32 sw,
					    __u32 port, __u64 value, __u64 now)
{
	struct switch_key sk = { .switch_id = sw, .id = port };
	__u64 *slot;
	int claimed;

	slot = int_slot(&link_slots, sw, port, &claimed);
	if (slot) {
		int_detect_metric(o, &((struct link_slot *)slot)->value,
				  claimed, METRIC_LINK_UTILIZATION, NULL, sw,
				  port, value, now);
		return;
	}
	int_detect_value(o, &link_utilization, &sk, METRIC_LINK_UTILIZATION, sw,
			 port, value, now);
}

/* The IPv4 flow key of flows4 and flow_slots (pad zero). */
static __always_inline void int_flow_key4(const struct flow_key *flow,
					  struct flow_key4 *k4)
{
	__builtin_memcpy(k4->src, flow->src, sizeof(k4->src));
	__builtin_memcpy(k4->dst, flow->dst, sizeof(k4->dst));
	k4->src_port = flow->src_port;
	k4->dst_port = flow->dst_port;
	k4->protocol = flow->protocol;
	k4->pad[0] = k4->pad[1] = k4->pad[2] = 0;
}

/* The flow's entry: its slot, flows4 or flows6 (see collector.h), or NULL. */
static __always_inline struct flow_value *
int_flow_entry(const struct flow_key *flow, const struct flow_value *zero)
{
	struct flow_value *fv;
	/* why: int_flow_slot() compares it as two 64-bit words */
	struct flow_key4 k4 __attribute__((aligned(8)));

	if (flow->ip_version != 4)
		return int_entry(&flows6, flow, zero);
	int_flow_key4(flow, &k4);
	fv = int_flow_slot(&k4);
	if (fv)
		return fv;
	return int_entry(&flows4, &k4, zero);
}

/* Flow path: fires when new or on any change of its switch ids or length. */
static __always_inline void int_detect_path(struct int_origin *o,
					    struct flow_value *fv,
					    const struct flow_key *flow,
					    const struct path_value *path,
					    __u64 now)
{
	struct path_value *old = &fv->path;
	__u32 i, same;

	if (!(fv->flags & FLOW_HAS_PATH)) {
		fv->flags |= FLOW_HAS_PATH;
		__builtin_memcpy(old, path, sizeof(*old));
		int_emit(o, METRIC_FLOW_PATH, EVENT_NEW_KEY, flow, 0, 0,
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
	int_emit(o, METRIC_FLOW_PATH, EVENT_CHANGED, flow, 0, 0, path->hops,
		 old->hops, path, now);
	__builtin_memcpy(old->switch_id, path->switch_id,
			 sizeof(old->switch_id));
	old->hops = path->hops;
}

/*
 * The values of one hop the detector reads, wherever they come from (a
 * decoded struct int_hop, or the packet itself on the XDP fast path).
 * present: int_hop.present bits of the values given.
 */
struct int_hop_vals {
	__u32 sw; /* the hop's switch */
	__u32 i;  /* its position in the path */
	__u32 present;
	__u32 qid;
	__u32 cqid;
	__u32 egress; /* level-1 egress port, else level-2 (HV_EGRESS_PORT set) */
	__u64 latency;
	__u64 occupancy;
	__u64 congestion;
	__u64 tx_util;
};

/*
 * The XDP program's general path detects on each hop in a function of its
 * own (collector.bpf.c); the host calls int_detect_vals.
 */
#ifndef INT_DETECT_VALS
#define INT_DETECT_VALS(fv, flow, h, acc, now) \
	int_detect_vals(fv, flow, h, (h)->sw, (h)->i, acc, now)
#endif

/* Per-hop scratch the detector keeps while it walks a stack. */
struct int_detect_acc {
	struct int_origin origin; /* the report's identity, for every event */
	struct path_value path;
	__u64 latency_sum;
	__u32 latency_hops;
	__u32 path_known; /* every hop so far had a switch id */
	__u32 touched;	  /* flow_value.hop[] slots this report used */
	/*
	 * M_all's share of this report: metric values looked at, counted as
	 * IntCollectorDetector.metricValues() counts them (a flow's metrics
	 * when the report has a flow, whether or not its table had room);
	 * added to CNT_METRIC_VALUES once per report.  why: one counter
	 * lookup per report, not one per value
	 */
	__u32 values;
	__u32 has_flow;
	__u32 pad;
	struct flow_key flow;	       /* the report's flow */
	struct int_hop_vals vals;      /* the hop being detected on */
	struct flow_value zero_flow;   /* all zero: a new flow entry */
	struct queue_value zero_queue; /* all zero: a new queue entry */
};

/*
 * The slot of switch sw in the flow's per-hop latencies: found (used), or
 * claimed for it (used == 0, the key is new): hop[i] when free, else a free
 * slot, else the least recently seen slot this report has not used.
 */
static __always_inline struct hop_slot *
int_hop_slot(struct flow_value *fv, __u32 sw, __u32 i, __u32 *touched)
{
	__u32 j, victim = COLLECTOR_MAX_PATH;
	__u64 oldest = ~0ULL;
	struct hop_slot *s;

	if (i < COLLECTOR_MAX_PATH && fv->hop[i].used &&
	    fv->hop[i].switch_id == sw) {
		*touched |= 1U << i;
		return &fv->hop[i];
	}
	for (j = 0; j < COLLECTOR_MAX_PATH; j++) {
		s = &fv->hop[j];
		if (s->used && s->switch_id == sw) {
			*touched |= 1U << j;
			return s;
		}
	}
	if (i < COLLECTOR_MAX_PATH && !fv->hop[i].used)
		victim = i;
	for (j = 0; victim == COLLECTOR_MAX_PATH && j < COLLECTOR_MAX_PATH; j++)
		if (!fv->hop[j].used)
			victim = j;
	for (j = 0; victim == COLLECTOR_MAX_PATH && j < COLLECTOR_MAX_PATH;
	     j++) {
		s = &fv->hop[j];
		if (!(*touched & (1U << j)) && s->latency.seen_ns <= oldest) {
			oldest = s->latency.seen_ns;
			victim = j;
		}
	}
	if (victim >= COLLECTOR_MAX_PATH)
		return NULL;
	s = &fv->hop[victim];
	s->used = 0;
	s->switch_id = sw;
	*touched |= 1U << victim;
	return s;
}

#define INT_VALS_HAS(h, val) (((h)->present >> (val)) & 1)

/*
 * Switch and flow-switch metrics of one hop at path position i whose switch
 * is sw; accumulates path and latency.
 */
static __always_inline void
int_detect_vals(struct flow_value *fv, const struct flow_key *flow,
		const struct int_hop_vals *h, __u32 sw, __u32 i,
		struct int_detect_acc *acc, __u64 now)
{
	struct queue_value *q = NULL;
	struct hop_slot *slot;

	if (i < COLLECTOR_MAX_PATH)
		acc->path.switch_id[i] = sw;
	if (INT_VALS_HAS(h, HV_HOP_LATENCY) &&
	    h->latency != INT_UNAVAILABLE_32) {
		acc->latency_sum += h->latency;
		acc->latency_hops++;
		acc->values += acc->has_flow;
		slot = NULL;
		if (fv) {
			INT_BARRIER_VAR(fv);
			slot = int_hop_slot(fv, sw, i, &acc->touched);
		}
		if (slot) {
			int_detect_metric(&acc->origin, &slot->latency,
					  !slot->used, METRIC_HOP_LATENCY, flow,
					  sw, 0, h->latency, now);
			slot->used = 1;
		}
	}
	if (INT_VALS_HAS(h, HV_QUEUE_OCCUPANCY) &&
	    h->occupancy != INT_UNAVAILABLE_24) {
		acc->values++;
		q = int_queue_entry(sw, h->qid, &acc->zero_queue);
		if (q) {
			int_detect_metric(&acc->origin, &q->occupancy,
					  !(q->flags & QUEUE_HAS_OCCUPANCY),
					  METRIC_QUEUE_OCCUPANCY, NULL, sw,
					  h->qid, h->occupancy, now);
			q->flags |= QUEUE_HAS_OCCUPANCY;
		}
	}
	if (INT_VALS_HAS(h, HV_QUEUE_CONGESTION) &&
	    h->congestion != INT_UNAVAILABLE_24) {
		acc->values++;
		/* why: the same <sw_id, queue_id> as the occupancy: no second lookup */
		if (!q || h->cqid != h->qid)
			q = int_queue_entry(sw, h->cqid, &acc->zero_queue);
		if (q) {
			int_detect_metric(&acc->origin, &q->congestion,
					  !(q->flags & QUEUE_HAS_CONGESTION),
					  METRIC_QUEUE_CONGESTION, NULL, sw,
					  h->cqid, h->congestion, now);
			q->flags |= QUEUE_HAS_CONGESTION;
		}
	}
	if (INT_VALS_HAS(h, HV_EGRESS_TX_UTIL) &&
	    h->tx_util != INT_UNAVAILABLE_32 &&
	    INT_VALS_HAS(h, HV_EGRESS_PORT)) {
		acc->values++;
		int_detect_link(&acc->origin, sw, h->egress, h->tx_util, now);
	}
}

/* The detector's values of a decoded hop (the general path's and the fast path's reading). */
static __always_inline void int_hop_vals_of(const struct int_hop *h,
					    struct int_hop_vals *vals)
{
	/* the egress id of the link: level-1 port, else the level-2 one */
	vals->present = h->present & ~(1U << HV_EGRESS_PORT);
	vals->egress = 0;
	if (INT_HAS(h, HV_EGRESS_PORT)) {
		vals->egress = (__u32)h->v[HV_EGRESS_PORT];
		vals->present |= 1U << HV_EGRESS_PORT;
	} else if (INT_HAS(h, HV_L2_EGRESS_PORT)) {
		vals->egress = (__u32)h->v[HV_L2_EGRESS_PORT];
		vals->present |= 1U << HV_EGRESS_PORT;
	}
	vals->latency = h->v[HV_HOP_LATENCY];
	vals->qid = (__u32)h->v[HV_QUEUE_ID];
	vals->occupancy = h->v[HV_QUEUE_OCCUPANCY];
	vals->cqid = (__u32)h->v[HV_CONGESTION_QUEUE_ID];
	vals->congestion = h->v[HV_QUEUE_CONGESTION];
	vals->tx_util = h->v[HV_EGRESS_TX_UTIL];
}

/* Switch and flow-switch metrics of decoded hop i; accumulates path and latency. */
static __always_inline void
int_detect_hop(const struct int_frame *f, struct flow_value *fv,
	       const struct flow_key *flow, const struct int_hop *h, __u32 i,
	       struct int_detect_acc *acc, __u64 now)
{
	/* why: in the scratch map, not on the stack the call below shares */
	struct int_hop_vals *vals = &acc->vals;
	__u32 sw = 0;

	if (!int_hop_switch(f, h, i, &sw)) {
		acc->path_known = 0;
		return;
	}
	vals->sw = sw;
	vals->i = i;
	int_hop_vals_of(h, vals);
	INT_DETECT_VALS(fv, flow, vals, acc, now);
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
	struct flow_value *fv = NULL;
	struct flow_key *flow = &acc->flow;
	__u32 i, n = f->st.hop_count;
	__u64 latency = 0;

	if (!f->has_stack)
		return;
	int_frame_origin(f, &acc->origin);
	int_origin_thresholds(&acc->origin);
	__builtin_memset(&acc->path, 0, sizeof(acc->path));
	acc->latency_sum = 0;
	acc->latency_hops = 0;
	acc->touched = 0;
	acc->path_known = 1;
	acc->values = 0;
	acc->has_flow = f->has_flow;
	if (f->has_flow) {
		int_flow_key(&f->flow, flow);
		/* why: one lookup for the flow path, flow latency and hop latencies */
		fv = int_flow_entry(flow, &acc->zero_flow);
	}
	/* why: a bounded loop; INT_MAX_PATH turns for the verifier to walk */
	for (i = 0; i < INT_MAX_PATH; i++) {
		if (i >= n)
			break;
		int_detect_hop(f, fv, flow,
			       &f->st.hops[int_index(i, INT_HOP_SLOTS - 1)], i,
			       acc, now);
	}
	/* fv is NULL without a flow, or when its table had no room */
	if (f->has_flow && acc->path_known && n > 0) {
		acc->values++;
		acc->path.hops = n;
		acc->path.seen_ns = now;
		if (fv)
			int_detect_path(&acc->origin, fv, flow, &acc->path,
					now);
	}
	if (f->has_flow && int_flow_latency(f, acc, &latency)) {
		acc->values++;
		if (fv) {
			int_detect_metric(&acc->origin, &fv->latency,
					  !(fv->flags & FLOW_HAS_LATENCY),
					  METRIC_FLOW_LATENCY, flow, 0, 0,
					  latency, now);
			fv->flags |= FLOW_HAS_LATENCY;
		}
	}
	int_count_add(CNT_METRIC_VALUES, acc->values);
}

#endif /* INT_DETECT_H */
