// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_prog_run - the NIC agent's XDP program through BPF_PROG_TEST_RUN:
 * the FlowCache (insert, update, eviction of the least recently updated
 * bucket to R_G), change and threshold events per switch and end to end,
 * histogram bins, and values a switch did not give.
 *
 *   agent_prog_run
 */
#include "agent_run.h"

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

int main(void)
{
	test_insert_update();
	test_eviction();
	test_events();
	test_histograms();
	test_histograms_shared_slot();
	test_unavailable();
	printf("agent_prog_run: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
