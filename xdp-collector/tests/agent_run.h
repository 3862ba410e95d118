// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_run.h - what the NIC agent's BPF_PROG_TEST_RUN suites share: the
 * program loaded with a FlowCache of n rows, a frame run through it, its
 * counters and thresholds, the events and evicted buckets its rings hand
 * over, the FlowCache and histograms read back, and the flows they send.
 */
#ifndef AGENT_RUN_H
#define AGENT_RUN_H

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "agent.h"
#include "agent.skel.h"
#include "agent_frames.h"
#include "daemon/agent_counters.h"
#include "check.h"

#define PORT 0x1000
#define MAX_EVENTS 256

static struct agent_event events[MAX_EVENTS];
static int n_events;
static struct agent_flow_bucket evicted[16];
static int n_evicted;
static struct ring_buffer *rings;

static int on_event(void *ctx, void *data, size_t size)
{
	(void)ctx;
	if (size == sizeof(struct agent_event) && n_events < MAX_EVENTS)
		memcpy(&events[n_events++], data, size);
	return 0;
}

static int on_evicted(void *ctx, void *data, size_t size)
{
	(void)ctx;
	if (size == sizeof(struct agent_flow_bucket) && n_evicted < 16)
		memcpy(&evicted[n_evicted++], data, size);
	return 0;
}

static __u64 counter(struct agent *skel, int index)
{
	__u64 c[AGENT_C_COUNT];

	if (agent_read_counters(bpf_map__fd(skel->maps.counters), c))
		return 0;
	return c[index];
}

static void set_threshold(struct agent *skel, int metric, int type, __u64 v)
{
	__u32 i = AGENT_THRESHOLD_INDEX(metric, type);

	bpf_map__update_elem(skel->maps.thresholds, &i, sizeof(i), &v,
			     sizeof(v), 0);
}

static void thresholds_off(struct agent *skel)
{
	int m, t;

	for (m = 0; m < AGENT_M_COUNT; m++)
		for (t = 0; t < AGENT_T_COUNT; t++)
			set_threshold(skel, m, t, AGENT_THRESHOLD_OFF);
}

/* Runs one frame; the verdict, the frame passed on in out. */
static int run(struct agent *skel, const __u8 *in, int len, __u8 *out,
	       int *out_len)
{
	static __u8 sink[4096];
	LIBBPF_OPTS(bpf_test_run_opts, o, .data_in = in, .data_size_in = len,
		    .data_out = out ? out : sink, .data_size_out = 4096);

	if (bpf_prog_test_run_opts(bpf_program__fd(skel->progs.xdp_agent), &o))
		return -1;
	if (out_len)
		*out_len = o.data_size_out;
	ring_buffer__consume(rings);
	return o.retval;
}

static struct agent *open_agent(__u32 rows)
{
	struct agent *skel = agent__open();
	struct agent_config cfg = { .int_port = PORT, .rows_mask = rows - 1 };
	__u32 zero = 0;

	if (!skel)
		return NULL;
	bpf_map__set_max_entries(skel->maps.flow_rows, rows);
	if (agent__load(skel)) {
		agent__destroy(skel);
		return NULL;
	}
	cfg.bin_width[AGENT_M_HOP_LATENCY] = 1000;
	cfg.bin_width[AGENT_M_QUEUE_OCCUPANCY] = 64;
	cfg.bin_width[AGENT_M_LINK_UTILIZATION] = 1000;
	bpf_map__update_elem(skel->maps.config, &zero, sizeof(zero), &cfg,
			     sizeof(cfg), 0);
	thresholds_off(skel);
	rings = ring_buffer__new(bpf_map__fd(skel->maps.ri), on_event, NULL,
				 NULL);
	ring_buffer__add(rings, bpf_map__fd(skel->maps.rg), on_evicted, NULL);
	n_events = 0;
	n_evicted = 0;
	return skel;
}

static void close_agent(struct agent *skel)
{
	ring_buffer__free(rings);
	rings = NULL;
	agent__destroy(skel);
}

static struct af_flow udp_flow(int i)
{
	struct af_flow f = { .src = 0x0A000001,
			     .dst = 0x0A000102,
			     .sport = 10000 + i,
			     .dport = 5001,
			     .protocol = 17,
			     .payload = 18 };
	return f;
}

static void five_hops(struct af_hop *h, __u32 lat)
{
	int i;

	for (i = 0; i < 5; i++) {
		h[i].sw = 11 + i;
		h[i].lat = lat + i;
		h[i].queue = 10 * (i + 1);
		h[i].util = 100 * (i + 1);
	}
}

/* Encapsulates flow f over hops and runs it; the verdict. */
static int send_int(struct agent *skel, const struct af_flow *f,
		    const struct af_hop *h, int n)
{
	__u8 o[2048], e[2048];
	int len = af_original(f, o);

	len = af_encapsulate(f, o, len, e, h, n, AF_BITMAP_PAPER, PORT);
	return run(skel, e, len, NULL, NULL);
}

/* The bucket of flow f in row 0 of a one-row cache, or NULL. */
static struct agent_flow_bucket *bucket_of(struct agent *skel,
					   const struct af_flow *f)
{
	static struct agent_flow_row row;
	__u32 zero = 0;
	int i;

	if (bpf_map__lookup_elem(skel->maps.flow_rows, &zero, sizeof(zero),
				 &row, sizeof(row), 0))
		return NULL;
	for (i = 0; i < AGENT_BUCKETS; i++)
		if (row.b[i].packets && row.b[i].key.src_port == f->sport &&
		    row.b[i].key.dst_port == f->dport)
			return &row.b[i];
	return NULL;
}

static const struct agent_event *find_event(int metric, int hop)
{
	int i;

	for (i = 0; i < n_events; i++)
		if (events[i].metric == metric && events[i].hop == hop)
			return &events[i];
	return NULL;
}

static __u64 bins_of(struct agent *skel, __u32 sw, __u32 metric, int bin)
{
	int cpus = libbpf_num_possible_cpus(), c;
	struct agent_switch_hist v[cpus];
	__u32 slot;
	__u64 sum = 0;

	/* the switch's slots, on the CPUs where it holds its slot */
	for (slot = 0; slot < 1U << AGENT_HIST_SLOT_BITS; slot++) {
		if (bpf_map__lookup_elem(skel->maps.hist_slots, &slot,
					 sizeof(slot), v, sizeof(v), 0))
			continue;
		for (c = 0; c < cpus; c++)
			if (v[c].taken && v[c].switch_id == sw)
				sum += v[c].bins[metric][bin];
	}
	/* and its hash entry, on the CPUs where another switch holds it */
	if (bpf_map__lookup_elem(skel->maps.histograms, &sw, sizeof(sw), v,
				 sizeof(v), 0))
		return sum;
	for (c = 0; c < cpus; c++)
		sum += v[c].bins[metric][bin];
	return sum;
}

static __u64 bins_sum(struct agent *skel, __u32 sw, __u32 metric)
{
	__u64 sum = 0;
	int bin;

	for (bin = 0; bin < AGENT_BINS; bin++)
		sum += bins_of(skel, sw, metric, bin);
	return sum;
}

#endif /* AGENT_RUN_H */
