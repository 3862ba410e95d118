// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * snapshot.c - the six tables' entries for the periodic push, through
 * BPF_MAP_LOOKUP_BATCH: why: two syscalls per key (get_next_key + lookup)
 * cost ~1 s of CPU per 400k keys, and get_next_key restarts from the first
 * key when the LRU evicts the current one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>

#include "snapshot.h"

#define KEY_MAX sizeof(struct flow_hop_key)
#define VALUE_MAX sizeof(struct path_value)

static size_t key_size(int metric);
static size_t value_size(int metric);

int snapshot_init(struct snapshot_iter *it, const int fd[METRIC_COUNT])
{
	struct bpf_map_info info;
	__u32 len;
	int m;

	/* why: a table whose layout changed must not be read as the old one */
	for (m = 0; m < METRIC_COUNT; m++) {
		memset(&info, 0, sizeof(info));
		len = sizeof(info);
		if (bpf_obj_get_info_by_fd(fd[m], &info, &len))
			return -errno;
		if (info.key_size != key_size(m) ||
		    info.value_size != value_size(m))
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
	it->metric = 0;
	it->started = 0;
	it->n = it->i = 0;
	it->last = 0;
}

static size_t key_size(int metric)
{
	switch (metric) {
	case METRIC_FLOW_PATH:
	case METRIC_FLOW_LATENCY:
		return sizeof(struct flow_key);
	case METRIC_HOP_LATENCY:
		return sizeof(struct flow_hop_key);
	default:
		return sizeof(struct switch_key);
	}
}

static size_t value_size(int metric)
{
	return metric == METRIC_FLOW_PATH ? sizeof(struct path_value)
					  : sizeof(struct metric_value);
}

/* Fetches the next batch of the current table; 0, or -errno. */
static int fetch(struct snapshot_iter *it)
{
	DECLARE_LIBBPF_OPTS(bpf_map_batch_opts, opts);
	__u32 count = 512, out;
	int err;

	for (;;) {
		err = bpf_map_lookup_batch(it->fd[it->metric],
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
	it->last = err != 0; /* ENOENT: the table's end */
	it->token = out;
	it->started = 1;
	it->n = err && !count ? 0 : count;
	it->i = 0;
	return 0;
}

static void fill(int metric, const void *key, const void *value,
		 struct collector_event *e)
{
	const struct flow_hop_key *fk = key;
	const struct switch_key *sk = key;
	const struct metric_value *mv = value;
	const struct path_value *pv = value;

	memset(e, 0, sizeof(*e));
	e->metric = (__u8)metric;
	switch (metric) {
	case METRIC_FLOW_PATH:
		memcpy(&e->flow, key, sizeof(e->flow));
		e->hops = pv->hops > COLLECTOR_MAX_PATH ? COLLECTOR_MAX_PATH
							: (__u8)pv->hops;
		memcpy(e->path, pv->switch_id, sizeof(e->path));
		e->value = pv->hops;
		e->ts_ns = pv->seen_ns;
		return;
	case METRIC_FLOW_LATENCY:
		memcpy(&e->flow, key, sizeof(e->flow));
		break;
	case METRIC_HOP_LATENCY:
		e->flow = fk->flow;
		e->switch_id = fk->switch_id;
		break;
	default:
		e->switch_id = sk->switch_id;
		e->id = sk->id;
	}
	e->value = mv->value;
	e->ts_ns = mv->seen_ns;
}

int snapshot_next(struct snapshot_iter *it, struct collector_event *out)
{
	int err;

	while (it->metric < METRIC_COUNT) {
		if (it->i < it->n) {
			fill(it->metric,
			     it->keys + it->i * key_size(it->metric),
			     it->values + it->i * value_size(it->metric), out);
			it->i++;
			return 1;
		}
		if (it->started && it->last) {
			it->metric++;
			it->started = it->last = 0;
			it->n = it->i = 0;
			continue;
		}
		err = fetch(it);
		if (err)
			return err;
	}
	return 0;
}
