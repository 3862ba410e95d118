// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * snapshot.c - the Table I keys for the periodic push, read from the ABI 2
 * maps through BPF_MAP_LOOKUP_BATCH: why: two syscalls per key (get_next_key
 * + lookup) cost seconds of CPU on large maps, and get_next_key restarts from
 * the first key when the LRU evicts the current one.
 *
 * One map entry gives several Table I keys: a flow entry its path, its
 * latency and one per-hop latency per used hop slot; a queue entry its
 * occupancy and its congestion; each only once the detector has set it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>

#include "snapshot.h"

#define KEY_MAX sizeof(struct flow_key)
#define VALUE_MAX sizeof(struct flow_slot)

static const struct {
	size_t key, value;
} sizes[SNAP_TABLES] = {
	[SNAP_FLOWS4] = { sizeof(struct flow_key4), sizeof(struct flow_value) },
	[SNAP_FLOWS6] = { sizeof(struct flow_key), sizeof(struct flow_value) },
	[SNAP_QUEUE_SLOTS] = { sizeof(__u32), sizeof(struct queue_slot) },
	[SNAP_QUEUES] = { sizeof(struct switch_key),
			  sizeof(struct queue_value) },
	[SNAP_LINK_SLOTS] = { sizeof(__u32), sizeof(struct link_slot) },
	[SNAP_LINK_UTIL] = { sizeof(struct switch_key),
			     sizeof(struct metric_value) },
	[SNAP_FLOW_SLOTS] = { sizeof(__u32), sizeof(struct flow_slot) },
};

int snapshot_init(struct snapshot_iter *it, const int fd[SNAP_TABLES])
{
	struct bpf_map_info info;
	__u32 len;
	int t;

	/* why: a map whose layout changed must not be read as the old one */
	for (t = 0; t < SNAP_TABLES; t++) {
		memset(&info, 0, sizeof(info));
		len = sizeof(info);
		if (bpf_obj_get_info_by_fd(fd[t], &info, &len))
			return -errno;
		if (info.key_size != sizes[t].key ||
		    info.value_size != sizes[t].value)
			return -EPROTO;
	}
	memset(it, 0, sizeof(*it));
	memcpy(it->fd, fd, sizeof(it->fd));
	it->keys = calloc(SNAPSHOT_BATCH, KEY_MAX);
	it->values = calloc(SNAPSHOT_BATCH, VALUE_MAX);
	if (!it->keys || !it->values) {
		snapshot_free(it);
		return -ENOMEM;
	}
	return 0;
}

void snapshot_free(struct snapshot_iter *it)
{
	free(it->keys);
	free(it->values);
	it->keys = it->values = NULL;
}

void snapshot_rewind(struct snapshot_iter *it)
{
	it->table = 0;
	it->started = 0;
	it->n = it->i = it->sub = 0;
	it->last = 0;
}

/* Fetches the next batch of the current map; 0, or -errno. */
static int fetch(struct snapshot_iter *it)
{
	DECLARE_LIBBPF_OPTS(bpf_map_batch_opts, opts);
	__u32 count = 512, out;
	int err;

	for (;;) {
		err = bpf_map_lookup_batch(it->fd[it->table],
					   it->started ? &it->token : NULL,
					   &out, it->keys, it->values, &count,
					   &opts);
		if (err && errno == ENOSPC && count < SNAPSHOT_BATCH) {
			/* why: one hash bucket held more keys than count */
			count = SNAPSHOT_BATCH;
			continue;
		}
		break;
	}
	if (err && errno != ENOENT)
		return -errno;
	it->last = err != 0; /* ENOENT: the map's end */
	it->token = out;
	it->started = 1;
	it->n = err && !count ? 0 : count;
	it->i = it->sub = 0;
	return 0;
}

static void fill_metric(int metric, const struct metric_value *mv,
			struct collector_event *e)
{
	e->metric = (__u8)metric;
	e->value = mv->value;
	e->ts_ns = mv->seen_ns;
}

/* Key sub of a flow entry: 0 path, 1 latency, 2 + j hop slot j. */
static int flow_key_at(const struct flow_key *flow, const struct flow_value *fv,
		       unsigned int sub, struct collector_event *e)
{
	const struct hop_slot *h;

	if (sub == 0) {
		if (!(fv->flags & FLOW_HAS_PATH))
			return 0;
		e->metric = METRIC_FLOW_PATH;
		e->flow = *flow;
		e->hops = fv->path.hops > COLLECTOR_MAX_PATH
				  ? COLLECTOR_MAX_PATH
				  : (__u8)fv->path.hops;
		memcpy(e->path, fv->path.switch_id, sizeof(e->path));
		e->value = fv->path.hops;
		e->ts_ns = fv->path.seen_ns;
		return 1;
	}
	if (sub == 1) {
		if (!(fv->flags & FLOW_HAS_LATENCY))
			return 0;
		e->flow = *flow;
		fill_metric(METRIC_FLOW_LATENCY, &fv->latency, e);
		return 1;
	}
	if (sub - 2 >= COLLECTOR_MAX_PATH)
		return -1;
	h = &fv->hop[sub - 2];
	if (!h->used)
		return 0;
	e->flow = *flow;
	e->switch_id = h->switch_id;
	fill_metric(METRIC_HOP_LATENCY, &h->latency, e);
	return 1;
}

/* Key sub of a queue entry: 0 occupancy, 1 congestion. */
static int queue_key_at(__u32 sw, __u32 id, const struct queue_value *q,
			unsigned int sub, struct collector_event *e)
{
	if (sub > 1)
		return -1;
	if (!(q->flags & (sub ? QUEUE_HAS_CONGESTION : QUEUE_HAS_OCCUPANCY)))
		return 0;
	e->switch_id = sw;
	e->id = id;
	fill_metric(sub ? METRIC_QUEUE_CONGESTION : METRIC_QUEUE_OCCUPANCY,
		    sub ? &q->congestion : &q->occupancy, e);
	return 1;
}

int snapshot_entry(int table, const void *key, const void *value,
		   unsigned int sub, struct collector_event *e)
{
	const struct flow_key4 *k4 = key;
	const struct switch_key *sk = key;
	const struct queue_slot *qs = value;
	const struct link_slot *ls = value;
	const struct flow_slot *fs = value;
	struct flow_key flow;
	__u64 tag;

	memset(e, 0, sizeof(*e));
	switch (table) {
	case SNAP_FLOW_SLOTS:
		if (fs->state != FLOW_SLOT_READY)
			return -1; /* a free slot, or one being claimed */
		k4 = &fs->key;
		value = &fs->value;
		/* fall through */
	case SNAP_FLOWS4:
		memset(&flow, 0, sizeof(flow));
		memcpy(flow.src, k4->src, sizeof(k4->src));
		memcpy(flow.dst, k4->dst, sizeof(k4->dst));
		flow.src_port = k4->src_port;
		flow.dst_port = k4->dst_port;
		flow.protocol = k4->protocol;
		flow.ip_version = 4;
		return flow_key_at(&flow, value, sub, e);
	case SNAP_FLOWS6:
		return flow_key_at(key, value, sub, e);
	case SNAP_QUEUE_SLOTS:
		if (!qs->tag)
			return -1; /* a free slot */
		tag = qs->tag - 1;
		return queue_key_at((__u32)(tag >> 32), (__u32)tag, &qs->value,
				    sub, e);
	case SNAP_QUEUES:
		return queue_key_at(sk->switch_id, sk->id, value, sub, e);
	case SNAP_LINK_SLOTS:
		/* why: a slot is tagged before its value is written */
		if (sub || !ls->tag || !ls->value.seen_ns)
			return -1;
		tag = ls->tag - 1;
		e->switch_id = (__u32)(tag >> 32);
		e->id = (__u32)tag;
		fill_metric(METRIC_LINK_UTILIZATION, &ls->value, e);
		return 1;
	default:
		if (sub)
			return -1;
		e->switch_id = sk->switch_id;
		e->id = sk->id;
		fill_metric(METRIC_LINK_UTILIZATION, value, e);
		return 1;
	}
}

int snapshot_next(struct snapshot_iter *it, struct collector_event *out)
{
	int err, r;

	while (it->table < SNAP_TABLES) {
		if (it->i < it->n) {
			r = snapshot_entry(
				it->table,
				it->keys + it->i * sizes[it->table].key,
				it->values + it->i * sizes[it->table].value,
				it->sub++, out);
			if (r > 0)
				return 1;
			if (r < 0) {
				it->i++;
				it->sub = 0;
			}
			continue;
		}
		if (it->started && it->last) {
			it->table++;
			it->started = it->last = 0;
			it->n = it->i = it->sub = 0;
			continue;
		}
		err = fetch(it);
		if (err)
			return err;
	}
	return 0;
}
