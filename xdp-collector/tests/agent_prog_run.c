// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_prog_run - the NIC agent's XDP program through BPF_PROG_TEST_RUN:
 * the FlowCache (insert, update, eviction of the least recently updated
 * bucket to R_G), change and threshold events per switch and end to end,
 * histogram bins, INT removal byte for byte over IPv4 and IPv6 (extension
 * headers, VLAN tags), and what does not parse passed on unchanged and
 * counted by reason.
 *
 *   agent_prog_run
 */
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
	int cpus = libbpf_num_possible_cpus(), c;
	struct agent_counters v[cpus];
	__u32 zero = 0;
	__u64 sum = 0;

	if (bpf_map__lookup_elem(skel->maps.counters, &zero, sizeof(zero), v,
				 sizeof(v), 0))
		return 0;
	for (c = 0; c < cpus; c++)
		sum += v[c].v[index];
	return sum;
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

static void test_insert_update(void)
{
	struct agent *skel = open_agent(1);
	struct af_flow f = udp_flow(0);
	struct af_hop h[5];
	struct agent_flow_bucket *b;

	CHECK("agent loads", skel);
	if (!skel)
		return;
	five_hops(h, 1000);
	CHECK("XDP_PASS", send_int(skel, &f, h, 5) == XDP_PASS);
	CHECK("flows_new", counter(skel, AGENT_C_FLOWS_NEW) == 1);
	b = bucket_of(skel, &f);
	CHECK("inserted", b && b->packets == 1 && b->hops == 5);
	if (b) {
		CHECK("key", b->key.protocol == 17 && b->key.ip_version == 4 &&
				     b->key.src[0] == 10 && b->key.dst[3] == 2);
		CHECK("hop 0 is the source's",
		      b->hop[0].switch_id == 11 && b->hop[4].switch_id == 15);
		CHECK("e2e", b->e2e_latency == 5010);
		CHECK("path id", b->path_id == af_path_id(h, 5));
		CHECK("first = last", b->first_ns == b->last_ns);
	}
	five_hops(h, 2000);
	h[2].queue = 90;
	send_int(skel, &f, h, 5);
	CHECK("flows_updated", counter(skel, AGENT_C_FLOWS_UPDATED) == 1);
	b = bucket_of(skel, &f);
	CHECK("updated", b && b->packets == 2);
	if (b) {
		CHECK("latest",
		      b->hop[1].latency == 2001 && b->hop[2].queue == 90);
		CHECK("running mean", b->hop[1].latency_avg == 1501 &&
					      b->hop[2].queue_avg == 60 &&
					      b->hop[3].util_avg == 400);
		CHECK("e2e mean",
		      b->e2e_latency == 10010 && b->e2e_latency_avg == 7510);
		CHECK("last after first", b->last_ns >= b->first_ns);
	}
	CHECK("no event with thresholds off", n_events == 0);
	CHECK("stripped", counter(skel, AGENT_C_STRIPPED) == 2);
	close_agent(skel);
}

/*
 * A bucket user space freed (packets 0, under BPF_F_LOCK, its tag and key
 * left as they were) is free: its flow comes back as new, into it, and
 * nothing is evicted.
 */
static void test_freed_bucket(struct agent *skel)
{
	static struct agent_flow_row row;
	struct af_flow f = udp_flow(0);
	struct agent_flow_bucket *b;
	struct af_hop h[5];
	__u32 zero = 0;
	int i;
	__u64 evicted_before = counter(skel, AGENT_C_EVICTED);
	__u64 new_before = counter(skel, AGENT_C_FLOWS_NEW);

	five_hops(h, 3000);
	b = bucket_of(skel, &f);
	if (!b ||
	    bpf_map__lookup_elem(skel->maps.flow_rows, &zero, sizeof(zero),
				 &row, sizeof(row), BPF_F_LOCK)) {
		CHECK("row read", 0);
		return;
	}
	for (i = 0; i < AGENT_BUCKETS; i++)
		if (row.b[i].key.src_port == f.sport)
			row.b[i].packets = 0;
	CHECK("row written",
	      !bpf_map__update_elem(skel->maps.flow_rows, &zero, sizeof(zero),
				    &row, sizeof(row), BPF_F_LOCK));
	send_int(skel, &f, h, 5);
	b = bucket_of(skel, &f);
	CHECK("freed bucket: the flow is new again",
	      b && b->packets == 1 && b->hop[0].latency == 3000 &&
		      counter(skel, AGENT_C_FLOWS_NEW) == new_before + 1 &&
		      counter(skel, AGENT_C_EVICTED) == evicted_before);
}

static void test_eviction(void)
{
	struct agent *skel = open_agent(1);
	struct af_flow f;
	struct af_hop h[5];
	int i;

	CHECK("agent loads", skel);
	if (!skel)
		return;
	five_hops(h, 1000);
	for (i = 0; i < AGENT_BUCKETS; i++) {
		f = udp_flow(i);
		send_int(skel, &f, h, 5);
	}
	CHECK("row full, nothing evicted",
	      counter(skel, AGENT_C_FLOWS_NEW) == AGENT_BUCKETS &&
		      counter(skel, AGENT_C_EVICTED) == 0 && n_evicted == 0);
	/* flow 0 updated: flow 1 is now the least recently updated */
	f = udp_flow(0);
	send_int(skel, &f, h, 5);
	f = udp_flow(AGENT_BUCKETS);
	send_int(skel, &f, h, 5);
	CHECK("evicted once",
	      counter(skel, AGENT_C_EVICTED) == 1 && n_evicted == 1);
	CHECK("the least recently updated went to R_G",
	      n_evicted == 1 && evicted[0].key.src_port == 10001 &&
		      evicted[0].packets == 1 && evicted[0].hops == 5 &&
		      evicted[0].hop[4].switch_id == 15);
	f = udp_flow(1);
	CHECK("gone from the row", bucket_of(skel, &f) == NULL);
	f = udp_flow(AGENT_BUCKETS);
	CHECK("the new flow took its bucket", bucket_of(skel, &f) != NULL);
	f = udp_flow(0);
	CHECK("the updated flow stayed", bucket_of(skel, &f) != NULL);
	test_freed_bucket(skel);
	close_agent(skel);
}

static const struct agent_event *find_event(int metric, int hop)
{
	int i;

	for (i = 0; i < n_events; i++)
		if (events[i].metric == metric && events[i].hop == hop)
			return &events[i];
	return NULL;
}

static void test_events(void)
{
	struct agent *skel = open_agent(64);
	struct af_flow f = udp_flow(3);
	struct af_hop h[5];
	const struct agent_event *e;

	CHECK("agent loads", skel);
	if (!skel)
		return;
	set_threshold(skel, AGENT_M_HOP_LATENCY, AGENT_T_THRESHOLD, 5000);
	set_threshold(skel, AGENT_M_HOP_LATENCY, AGENT_T_CHANGE, 100);
	set_threshold(skel, AGENT_M_QUEUE_OCCUPANCY, AGENT_T_CHANGE, 20);
	set_threshold(skel, AGENT_M_LINK_UTILIZATION, AGENT_T_THRESHOLD, 450);
	set_threshold(skel, AGENT_M_FLOW_LATENCY, AGENT_T_THRESHOLD, 20000);
	set_threshold(skel, AGENT_M_FLOW_LATENCY, AGENT_T_CHANGE, 2000);
	set_threshold(skel, AGENT_M_FLOW_PATH, AGENT_T_CHANGE, 0);

	/* first packet: T fires (util at hops 4 only, latency at hop 2), C cannot */
	five_hops(h, 1000);
	h[2].lat = 6000;
	send_int(skel, &f, h, 5);
	e = find_event(AGENT_M_HOP_LATENCY, 2);
	CHECK("T per switch on the first packet",
	      e && e->types == AGENT_EV_THRESHOLD && e->switch_id == 13 &&
		      e->value == 6000 && e->previous == 0 &&
		      e->path_id == af_path_id(h, 5) &&
		      e->flow.src_port == f.sport && e->flow.dst_port == 5001);
	e = find_event(AGENT_M_LINK_UTILIZATION, 4);
	CHECK("T utilization", e && e->types == AGENT_EV_THRESHOLD &&
				       e->value == 500 && e->switch_id == 15);
	CHECK("no C on the first packet, no flow T",
	      n_events == 2 &&
		      !find_event(AGENT_M_FLOW_LATENCY, AGENT_HOP_NONE));
	CHECK("events counted", counter(skel, AGENT_C_EVENTS) == 2);

	/* second packet: hop 2 up by 500 (C and T), hop 1 queue up by 30 (C),
	 * end to end up by 10000 (C and T), switch 14 replaced (path) */
	n_events = 0;
	h[2].lat = 6500;
	h[1].queue = 50;
	h[0].lat = 10500;
	h[3].sw = 44;
	h[4].util = 400;
	send_int(skel, &f, h, 5);
	e = find_event(AGENT_M_HOP_LATENCY, 2);
	CHECK("C and T per switch",
	      e && e->types == (AGENT_EV_CHANGE | AGENT_EV_THRESHOLD) &&
		      e->value == 6500 && e->previous == 6000);
	e = find_event(AGENT_M_HOP_LATENCY, 0);
	CHECK("C and T hop 0",
	      e && e->types == 3 && e->previous == 1000 && e->switch_id == 11);
	e = find_event(AGENT_M_QUEUE_OCCUPANCY, 1);
	CHECK("C only", e && e->types == AGENT_EV_CHANGE && e->value == 50 &&
				e->previous == 20 && e->switch_id == 12);
	CHECK("no utilization event below T",
	      !find_event(AGENT_M_LINK_UTILIZATION, 4));
	e = find_event(AGENT_M_FLOW_LATENCY, AGENT_HOP_NONE);
	CHECK("C and T end to end",
	      e && e->types == 3 && e->switch_id == 0 &&
		      e->value == 10500 + 1001 + 6500 + 1003 + 1004 &&
		      e->previous == 1000 + 1001 + 6000 + 1003 + 1004);
	e = find_event(AGENT_M_FLOW_PATH, AGENT_HOP_NONE);
	CHECK("path change", e && e->types == AGENT_EV_CHANGE &&
				     e->value == af_path_id(h, 5) &&
				     e->path_id == af_path_id(h, 5) &&
				     e->previous != e->value);
	CHECK("five events", n_events == 5);

	/* third packet: the same values, below every change threshold */
	n_events = 0;
	h[0].lat = 1000;
	h[2].lat = 1002;
	set_threshold(skel, AGENT_M_FLOW_LATENCY, AGENT_T_CHANGE,
		      AGENT_THRESHOLD_OFF);
	set_threshold(skel, AGENT_M_HOP_LATENCY, AGENT_T_CHANGE,
		      AGENT_THRESHOLD_OFF);
	send_int(skel, &f, h, 5);
	CHECK("thresholds off: nothing", n_events == 0);
	close_agent(skel);
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

static void test_histograms(void)
{
	static const __u32 lat[] = { 0, 999, 1000, 30999, 31000, 4000000000U };
	struct agent *skel = open_agent(64);
	struct af_flow f = udp_flow(5);
	struct af_hop h[1] = { { .sw = 77, .queue = 64 * 40, .util = 1500 } };
	size_t i;

	CHECK("agent loads", skel);
	if (!skel)
		return;
	for (i = 0; i < sizeof(lat) / sizeof(*lat); i++) {
		h[0].lat = lat[i];
		send_int(skel, &f, h, 1);
	}
	CHECK("bin 0", bins_of(skel, 77, AGENT_M_HOP_LATENCY, 0) == 2);
	CHECK("bin 1", bins_of(skel, 77, AGENT_M_HOP_LATENCY, 1) == 1);
	CHECK("bin 30", bins_of(skel, 77, AGENT_M_HOP_LATENCY, 30) == 1);
	CHECK("last bin: at and above 31 x width",
	      bins_of(skel, 77, AGENT_M_HOP_LATENCY, 31) == 2);
	CHECK("queue past the last bin",
	      bins_of(skel, 77, AGENT_M_QUEUE_OCCUPANCY, 31) == 6);
	CHECK("utilization bin 1",
	      bins_of(skel, 77, AGENT_M_LINK_UTILIZATION, 1) == 6);
	CHECK("no other switch",
	      bins_of(skel, 78, AGENT_M_HOP_LATENCY, 0) == 0);
	close_agent(skel);
}

/* Two switches of one slot: the second counts in the hash, both published. */
static void test_histograms_shared_slot(void)
{
	struct agent *skel = open_agent(64);
	struct af_flow f = udp_flow(6);
	struct af_hop h[2] = { { .sw = 77, .lat = 1500 },
			       { .sw = 78, .lat = 2500 } };

	CHECK("agent loads", skel);
	if (!skel)
		return;
	while (agent_hist_slot(h[1].sw) != agent_hist_slot(h[0].sw))
		h[1].sw++;
	send_int(skel, &f, h, 2);
	send_int(skel, &f, h, 2);
	CHECK("the slot's switch",
	      bins_of(skel, 77, AGENT_M_HOP_LATENCY, 1) == 2);
	CHECK("the other switch of the slot",
	      bins_of(skel, h[1].sw, AGENT_M_HOP_LATENCY, 2) == 2);
	CHECK("nothing of one in the other's bins",
	      bins_of(skel, 77, AGENT_M_HOP_LATENCY, 2) == 0 &&
		      bins_of(skel, h[1].sw, AGENT_M_HOP_LATENCY, 1) == 0);
	close_agent(skel);
}

static __u64 bins_sum(struct agent *skel, __u32 sw, __u32 metric)
{
	__u64 sum = 0;
	int bin;

	for (bin = 0; bin < AGENT_BINS; bin++)
		sum += bins_of(skel, sw, metric, bin);
	return sum;
}

/*
 * A value a switch could not give (all ones; 24 bits for the occupancy):
 * kept as AGENT_UNAVAILABLE, out of the mean, the end-to-end sum, the
 * events and the histograms; the first available value starts the mean.
 */
static void test_unavailable(void)
{
	struct agent *skel = open_agent(1);
	struct af_flow f = udp_flow(8);
	struct af_hop h[2] = {
		{ .sw = 81,
		  .lat = 700,
		  .queue = 0xFFFFFF,
		  .util = AGENT_UNAVAILABLE },
		{ .sw = 82, .lat = AGENT_UNAVAILABLE, .queue = 30, .util = 200 }
	};
	struct agent_flow_bucket *b;
	int m;

	CHECK("agent loads", skel);
	if (!skel)
		return;
	for (m = 0; m < AGENT_HOP_METRICS; m++) {
		set_threshold(skel, m, AGENT_T_THRESHOLD, 0);
		set_threshold(skel, m, AGENT_T_CHANGE, 0);
	}
	set_threshold(skel, AGENT_M_FLOW_LATENCY, AGENT_T_THRESHOLD, 0);
	send_int(skel, &f, h, 2);
	b = bucket_of(skel, &f);
	CHECK("unavailable kept as all ones",
	      b && b->hop[0].util == AGENT_UNAVAILABLE &&
		      b->hop[0].util_avg == AGENT_UNAVAILABLE &&
		      b->hop[0].queue == AGENT_UNAVAILABLE &&
		      b->hop[1].latency == AGENT_UNAVAILABLE);
	CHECK("end to end: the available latencies",
	      b && b->e2e_latency == 700);
	CHECK("T only for available values",
	      n_events == 4 && find_event(AGENT_M_HOP_LATENCY, 0) &&
		      find_event(AGENT_M_QUEUE_OCCUPANCY, 1) &&
		      find_event(AGENT_M_LINK_UTILIZATION, 1) &&
		      find_event(AGENT_M_FLOW_LATENCY, AGENT_HOP_NONE) &&
		      find_event(AGENT_M_FLOW_LATENCY, AGENT_HOP_NONE)->value ==
			      700);

	n_events = 0;
	h[0].util = 300;
	h[0].lat = 900;
	send_int(skel, &f, h, 2);
	b = bucket_of(skel, &f);
	CHECK("the first available value starts the mean",
	      b && b->hop[0].util == 300 && b->hop[0].util_avg == 300 &&
		      b->hop[0].latency_avg == 800 &&
		      b->hop[1].latency_avg == AGENT_UNAVAILABLE);
	CHECK("no change from an unavailable previous value",
	      find_event(AGENT_M_LINK_UTILIZATION, 0) &&
		      find_event(AGENT_M_LINK_UTILIZATION, 0)->types ==
			      AGENT_EV_THRESHOLD &&
		      !find_event(AGENT_M_HOP_LATENCY, 1));

	n_events = 0;
	h[0].util = AGENT_UNAVAILABLE;
	send_int(skel, &f, h, 2);
	b = bucket_of(skel, &f);
	CHECK("an unavailable value leaves the mean",
	      b && b->hop[0].util == AGENT_UNAVAILABLE &&
		      b->hop[0].util_avg == 300 && b->packets == 3);
	CHECK("histograms count available values only",
	      bins_sum(skel, 81, AGENT_M_LINK_UTILIZATION) == 1 &&
		      bins_sum(skel, 81, AGENT_M_QUEUE_OCCUPANCY) == 0 &&
		      bins_sum(skel, 81, AGENT_M_HOP_LATENCY) == 3 &&
		      bins_sum(skel, 82, AGENT_M_HOP_LATENCY) == 0 &&
		      bins_sum(skel, 82, AGENT_M_LINK_UTILIZATION) == 3);
	close_agent(skel);
}

/* The original, encapsulated, through the program: the bytes passed on. */
static void strip_case(struct agent *skel, const char *what, struct af_flow f,
		       int hops, __u32 bitmap)
{
	__u8 o[2048], e[2048], out[4096];
	struct af_hop h[8];
	int len, elen, out_len = 0, i;
	__u64 before = counter(skel, AGENT_C_STRIPPED);

	for (i = 0; i < hops; i++) {
		h[i].sw = 0x01000000 + i;
		h[i].lat = 12345 * (i + 1);
		h[i].queue = 300 + i;
		h[i].util = 0xFFFF0000 + i;
	}
	len = af_original(&f, o);
	elen = af_encapsulate(&f, o, len, e, h, hops, bitmap, PORT);
	CHECK(what, run(skel, e, elen, out, &out_len) == XDP_PASS &&
			    out_len == len && !memcmp(out, o, len) &&
			    counter(skel, AGENT_C_STRIPPED) == before + 1);
	if (out_len != len || memcmp(out, o, len)) {
		fprintf(stderr, "  %s: %d bytes passed on, original %d\n", what,
			out_len, len);
		for (i = 0; i < out_len && i < len; i++)
			if (out[i] != o[i])
				fprintf(stderr, "  byte %d: %02x want %02x\n",
					i, out[i], o[i]);
	}
}

static void test_strip(void)
{
	struct agent *skel = open_agent(64);
	struct af_flow f = udp_flow(7);
	int i;

	CHECK("agent loads", skel);
	if (!skel)
		return;
	strip_case(skel, "UDP NPT 1, checksum 0", f, 5, AF_BITMAP_PAPER);
	f.udp_csum = 1;
	strip_case(skel, "UDP NPT 1, checksum", f, 5, AF_BITMAP_PAPER);
	for (i = 0; i < 40; i++) {
		f.sport = 1 + i * 1597;
		f.payload = i * 3;
		strip_case(skel, "UDP NPT 1, checksum, many", f, 1 + i % 8,
			   AF_BITMAP_PAPER);
	}
	f.vlan = 1;
	strip_case(skel, "UDP NPT 1 under a VLAN tag", f, 3, AF_BITMAP_PAPER);
	strip_case(skel, "UDP NPT 1, a bit skipped by width", f, 3,
		   AF_BITMAP_PAPER | 0x4000);
	strip_case(skel, "UDP NPT 1, more hops than kept", f, 10,
		   AF_BITMAP_PAPER);
	CHECK("hops_over_limit", counter(skel, AGENT_C_HOPS_OVER_LIMIT) == 1);
	f = udp_flow(8);
	f.protocol = 6;
	f.payload = 40;
	strip_case(skel, "TCP NPT 2", f, 5, AF_BITMAP_PAPER);
	f.vlan = 1;
	strip_case(skel, "TCP NPT 2 under a VLAN tag", f, 2, AF_BITMAP_PAPER);
	close_agent(skel);
}

/* A frame passed on as it came, with the counter up by one. */
static void unchanged(struct agent *skel, const char *what, const __u8 *in,
		      int len, int index)
{
	__u8 out[4096];
	int out_len = 0;
	__u64 before = counter(skel, index);

	CHECK(what, run(skel, in, len, out, &out_len) == XDP_PASS &&
			    out_len == len && !memcmp(out, in, len) &&
			    counter(skel, index) == before + 1);
}

static void test_unparsed(void)
{
	struct agent *skel = open_agent(64);
	struct af_flow f = udp_flow(9);
	struct af_hop h[5];
	__u8 o[2048], e[2048], b[2048];
	int len, elen, s = 14 + 20 + 8; /* the shim */

	CHECK("agent loads", skel);
	if (!skel)
		return;
	five_hops(h, 1000);
	len = af_original(&f, o);
	unchanged(skel, "UDP without INT", o, len, AGENT_C_PASSED_NO_INT);
	f.protocol = 6;
	len = af_original(&f, o);
	unchanged(skel, "TCP without INT", o, len, AGENT_C_PASSED_NO_INT);
	f.protocol = 17;
	len = af_original(&f, o);
	elen = af_encapsulate(&f, o, len, e, h, 5, AF_BITMAP_PAPER, PORT);

	memcpy(b, e, elen);
	b[s] = 2 << 4 | 1 << 2; /* shim type 2 */
	unchanged(skel, "shim type 2", b, elen, AGENT_C_UNPARSED_UNKNOWN_TYPE);
	memcpy(b, e, elen);
	b[s] = 1 << 4; /* NPT 0 */
	unchanged(skel, "NPT 0", b, elen, AGENT_C_UNPARSED_BAD_SHIM);
	memcpy(b, e, elen);
	b[s + 4] = 1 << 4; /* INT-MD version 1 */
	unchanged(skel, "version 1", b, elen, AGENT_C_UNPARSED_UNKNOWN_VERSION);
	memcpy(b, e, elen);
	b[s + 1] = 200; /* length past the datagram */
	unchanged(skel, "shim length", b, elen, AGENT_C_UNPARSED_BAD_LENGTH);
	memcpy(b, e, elen);
	b[s + 6] = 1; /* hop length below the bitmap's fields */
	unchanged(skel, "hop length", b, elen, AGENT_C_UNPARSED_BAD_LENGTH);
	memcpy(b, e, elen);
	b[14 + 20 + 4] = 0xFF; /* UDP length past the IP packet */
	unchanged(skel, "UDP length", b, elen, AGENT_C_UNPARSED_BAD_L4_HEADER);
	memcpy(b, e, elen);
	b[14] = 0x44; /* IHL 4 */
	unchanged(skel, "IP header length", b, elen,
		  AGENT_C_UNPARSED_BAD_IP_HEADER);
	unchanged(skel, "cut in the stack", e, s + 30,
		  AGENT_C_UNPARSED_TRUNCATED);
	memcpy(b, e, elen);
	b[14 + 2] = 0, b[14 + 3] = 0; /* total length 0 */
	unchanged(skel, "IPv4 total length 0", b, elen,
		  AGENT_C_UNPARSED_BAD_IP_HEADER);
	CHECK("no flow from what did not parse",
	      counter(skel, AGENT_C_INT_PACKETS) == 0 &&
		      counter(skel, AGENT_C_FLOWS_NEW) == 0);
	CHECK("packets", counter(skel, AGENT_C_PACKETS) == 11);
	close_agent(skel);
}

/* An IPv6 flow from 2001:db8::1 to 2001:db8:0:1::2. */
static struct af_flow ipv6_flow(__u8 protocol)
{
	struct af_flow f = { .sport = 40000,
			     .dport = 5001,
			     .protocol = protocol,
			     .payload = 30,
			     .udp_csum = 1,
			     .ipv6 = 1 };

	inet_pton(AF_INET6, "2001:db8::1", f.src6);
	inet_pton(AF_INET6, "2001:db8:0:1::2", f.dst6);
	return f;
}

/*
 * The UDP checksum of an Ethernet / VLAN / IPv6 / extension headers / UDP
 * frame verifies (the ones' complement sum over the pseudo header and the
 * datagram is all ones).  why its own walk: the frames' builder must not
 * be the only judge of the checksums it writes.
 */
static int ipv6_udp_csum_ok(const __u8 *b, int len)
{
	int at = 12, next, l4, ulen, i;
	__u32 sum = 0;

	while (b[at] == 0x81 && b[at + 1] == 0x00)
		at += 4;
	if (b[at] != 0x86 || b[at + 1] != 0xDD)
		return 0;
	at += 2;
	next = b[at + 6];
	for (i = 0; i < 8; i++)
		sum += b[at + 8 + 2 * i] << 8 | b[at + 9 + 2 * i];
	for (i = 8; i < 16; i++)
		sum += b[at + 8 + 2 * i] << 8 | b[at + 9 + 2 * i];
	l4 = at + 40;
	while (next == 0 || next == 60) {
		next = b[l4];
		l4 += (b[l4 + 1] + 1) * 8;
	}
	if (next != 17 || l4 + 8 > len)
		return 0;
	ulen = b[l4 + 4] << 8 | b[l4 + 5];
	if (ulen < 8 || l4 + ulen > len || !(b[l4 + 6] | b[l4 + 7]))
		return 0;
	sum += ulen + 17;
	for (i = 0; i + 1 < ulen; i += 2)
		sum += b[l4 + i] << 8 | b[l4 + i + 1];
	if (ulen & 1)
		sum += b[l4 + ulen - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	return sum == 0xFFFF;
}

/* The bucket of f's flow (ip_version 6, its addresses, ports and original protocol) in row 0. */
static struct agent_flow_bucket *ipv6_bucket_of(struct agent *skel,
						const struct af_flow *f)
{
	static struct agent_flow_row row;
	struct agent_flow_key k = { .src_port = f->sport,
				    .dst_port = f->dport,
				    .protocol = f->protocol,
				    .ip_version = 6 };
	__u32 zero = 0;
	int i;

	memcpy(k.src, f->src6, 16);
	memcpy(k.dst, f->dst6, 16);
	if (bpf_map__lookup_elem(skel->maps.flow_rows, &zero, sizeof(zero),
				 &row, sizeof(row), 0))
		return NULL;
	for (i = 0; i < AGENT_BUCKETS; i++)
		if (row.b[i].packets && !memcmp(&row.b[i].key, &k, sizeof(k)))
			return &row.b[i];
	return NULL;
}

/*
 * An IPv6 packet through the program: the original passed on byte for
 * byte (strip_case), its UDP checksum (NPT 1) valid before and after, and
 * its flow in the FlowCache under its IPv6 5-tuple with the hops' values.
 */
static void ipv6_case(struct agent *skel, const char *what, struct af_flow f)
{
	__u8 o[2048], e[2048];
	struct af_hop h[3] = { { 0x01000000, 12345, 300, 0xFFFF0000 },
			       { 0x01000001, 24690, 301, 0xFFFF0001 },
			       { 0x01000002, 37035, 302, 0xFFFF0002 } };
	struct agent_flow_bucket *bk;
	__u64 packets = counter(skel, AGENT_C_INT_PACKETS);
	int len, elen;

	strip_case(skel, what, f, 3, AF_BITMAP_PAPER);
	len = af_original(&f, o);
	elen = af_encapsulate(&f, o, len, e, h, 3, AF_BITMAP_PAPER, PORT);
	if (f.protocol == 17 && f.udp_csum)
		CHECK("the UDP checksum verifies with the INT and without",
		      ipv6_udp_csum_ok(e, elen) && ipv6_udp_csum_ok(o, len));
	bk = ipv6_bucket_of(skel, &f);
	CHECK("the IPv6 flow: version, addresses, ports, original protocol",
	      bk != NULL);
	CHECK("its hops", bk && bk->hops == 3 &&
				  bk->hop[0].switch_id == 0x01000000 &&
				  bk->hop[2].latency == 37035 &&
				  bk->e2e_latency == 12345 + 24690 + 37035);
	CHECK("an INT packet",
	      counter(skel, AGENT_C_INT_PACKETS) == packets + 1);
}

static void test_ipv6_strip(void)
{
	struct agent *skel = open_agent(1);
	struct af_flow f;
	int i;

	CHECK("agent loads", skel);
	if (!skel)
		return;
	f = ipv6_flow(17);
	ipv6_case(skel, "IPv6 UDP NPT 1, checksum", f);
	f.sport++, f.udp_csum = 0;
	ipv6_case(skel, "IPv6 UDP NPT 1, checksum 0 left 0", f);
	f.sport++, f.udp_csum = 1, f.hop_by_hop = 1;
	ipv6_case(skel, "IPv6 UDP NPT 1 behind hop-by-hop options", f);
	f.sport++, f.dest_opts = 16;
	ipv6_case(skel,
		  "IPv6 UDP NPT 1 behind hop-by-hop and destination options",
		  f);
	f.sport++, f.vlan = 1;
	ipv6_case(skel, "IPv6 UDP NPT 1 under a VLAN tag, extension headers",
		  f);
	f = ipv6_flow(6);
	ipv6_case(skel, "IPv6 TCP NPT 2", f);
	f.sport++, f.dest_opts = 8;
	ipv6_case(skel,
		  "IPv6 TCP NPT 2, Next Header restored in destination options",
		  f);
	f.sport++, f.hop_by_hop = 1, f.dest_opts = 0, f.vlan = 1;
	ipv6_case(skel, "IPv6 TCP NPT 2 under a VLAN tag behind hop-by-hop", f);
	CHECK("stripped", counter(skel, AGENT_C_STRIPPED) == 8);
	close_agent(skel);

	/* checksums of every fold: many ports, payloads and hop counts */
	skel = open_agent(64);
	if (!skel)
		return;
	f = ipv6_flow(17);
	for (i = 0; i < 40; i++) {
		f.sport = 1 + i * 1597;
		f.payload = i * 3;
		f.hop_by_hop = i & 1;
		strip_case(skel, "IPv6 UDP NPT 1, checksum, many", f, 1 + i % 8,
			   AF_BITMAP_PAPER);
	}
	/* the largest headers the copy holds: 14 + 40 + 192 + 8 = 254 bytes */
	f.hop_by_hop = 0, f.dest_opts = 192;
	strip_case(skel, "IPv6 NPT 1, 254 bytes of headers", f, 2,
		   AF_BITMAP_PAPER);
	f = ipv6_flow(6);
	f.dest_opts = 200;
	strip_case(skel, "IPv6 NPT 2, 254 bytes of headers", f, 2,
		   AF_BITMAP_PAPER);
	close_agent(skel);
}

/* Flow f's encapsulation over five hops into e; its length. */
static int ipv6_frame(const struct af_flow *f, __u8 *e)
{
	struct af_hop h[5];
	__u8 o[2048];
	int len = af_original(f, o);

	five_hops(h, 1000);
	return af_encapsulate(f, o, len, e, h, 5, AF_BITMAP_PAPER, PORT);
}

static void test_ipv6_unparsed(void)
{
	struct agent *skel = open_agent(64);
	struct af_flow f = ipv6_flow(17);
	int len, elen, l3 = 14, s = 14 + 40 + 8; /* the shim */
	__u8 o[2048], e[2048], b[2048];

	CHECK("agent loads", skel);
	if (!skel)
		return;
	len = af_original(&f, o);
	unchanged(skel, "IPv6 UDP without INT", o, len, AGENT_C_PASSED_NO_INT);
	f.protocol = 6;
	len = af_original(&f, o);
	unchanged(skel, "IPv6 TCP without INT", o, len, AGENT_C_PASSED_NO_INT);
	f.protocol = 17;
	elen = ipv6_frame(&f, e);
	unchanged(skel, "IPv6: cut in the stack", e, s + 30,
		  AGENT_C_UNPARSED_TRUNCATED);
	memcpy(b, e, elen);
	b[s] = 1 << 4; /* NPT 0 */
	unchanged(skel, "IPv6: NPT 0", b, elen, AGENT_C_UNPARSED_BAD_SHIM);
	memcpy(b, e, elen);
	b[s + 4] = 1 << 4; /* INT-MD version 1 */
	unchanged(skel, "IPv6: version 1", b, elen,
		  AGENT_C_UNPARSED_UNKNOWN_VERSION);
	memcpy(b, e, elen);
	b[s + 1] = 200; /* shim length past the datagram */
	unchanged(skel, "IPv6: shim length", b, elen,
		  AGENT_C_UNPARSED_BAD_LENGTH);
	memcpy(b, e, elen);
	b[s - 4] = 0xFF; /* UDP length past the payload length */
	unchanged(skel, "IPv6: UDP length", b, elen,
		  AGENT_C_UNPARSED_BAD_L4_HEADER);
	memcpy(b, e, elen);
	b[l3 + 4] = 0, b[l3 + 5] = 0; /* a jumbogram's payload length */
	unchanged(skel, "IPv6: payload length 0", b, elen,
		  AGENT_C_UNPARSED_BAD_IP_HEADER);
	f.dest_opts = 200;
	elen = ipv6_frame(&f, e);
	unchanged(skel, "IPv6 NPT 1: 262 bytes of headers", e, elen,
		  AGENT_C_UNPARSED_HEADERS_TOO_LONG);
	f.protocol = 6, f.dest_opts = 208;
	elen = ipv6_frame(&f, e);
	unchanged(skel, "IPv6 NPT 2: 262 bytes of headers", e, elen,
		  AGENT_C_UNPARSED_HEADERS_TOO_LONG);
	/* why not INT: the chain does not lead the parser to a UDP header */
	f.protocol = 17, f.dest_opts = 8;
	elen = ipv6_frame(&f, e);
	memcpy(b, e, elen);
	b[l3 + 41] = 250; /* destination options past the payload */
	unchanged(skel, "IPv6: extension header past the payload", b, elen,
		  AGENT_C_PASSED_NO_INT);
	CHECK("no flow from what did not parse",
	      counter(skel, AGENT_C_INT_PACKETS) == 0 &&
		      counter(skel, AGENT_C_FLOWS_NEW) == 0);
	close_agent(skel);
}

int main(void)
{
	test_insert_update();
	test_eviction();
	test_events();
	test_histograms();
	test_histograms_shared_slot();
	test_unavailable();
	test_strip();
	test_unparsed();
	test_ipv6_strip();
	test_ipv6_unparsed();
	printf("agent_prog_run: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
