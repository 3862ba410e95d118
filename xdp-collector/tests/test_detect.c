// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * test_detect - host unit tests of the event detector (int_detect.h), the
 * same source the XDP program runs, over host_maps.c's tables: every rule of
 * paper Section III-D (new key, change above and below T(m), measured from
 * the last reported value), each metric of Table I, thresholds changed at
 * run time, and what the detector skips.
 */
#include <stdio.h>
#include <string.h>

#include "int_detect.h"

static int passed, failed;

#define CHECK(cond, what)                                                \
	do {                                                             \
		if (cond) {                                              \
			passed++;                                        \
		} else {                                                 \
			failed++;                                        \
			fprintf(stderr, "FAIL %s:%d %s: %s\n", __func__, \
				__LINE__, what, #cond);                  \
		}                                                        \
	} while (0)

/* The contract's layouts: what clang -target bpf lays out too. */
_Static_assert(sizeof(struct flow_key) == 40, "flow_key");
_Static_assert(sizeof(struct flow_hop_key) == 44, "flow_hop_key");
_Static_assert(sizeof(struct switch_key) == 8, "switch_key");
_Static_assert(sizeof(struct metric_value) == 24, "metric_value");
_Static_assert(sizeof(struct path_value) == 48, "path_value");
_Static_assert(sizeof(struct collector_event) == 128, "collector_event");
_Static_assert(sizeof(struct collector_config) == 16, "collector_config");

static struct int_frame f;
static struct int_detect_acc acc;

static void reset(void)
{
	host_state_init(1024, 256);
	memset(&f, 0, sizeof(f));
}

/* A report about flow 10.0.0.1:1000 -> 10.0.0.2:2000/UDP over hops switch 11, 12, 13. */
static void make_frame(int hops)
{
	int i;

	memset(&f, 0, sizeof(f));
	f.format = INT_FMT_TR20;
	f.has_flow = 1;
	f.has_stack = 1;
	f.flow.ip_version = 4;
	f.flow.protocol = 17;
	f.flow.has_ports = 1;
	f.flow.src_port = 1000;
	f.flow.dst_port = 2000;
	f.flow.src[0] = 10, f.flow.src[3] = 1;
	f.flow.dst[0] = 10, f.flow.dst[3] = 2;
	f.st.version = 2;
	f.st.hop_count = hops;
	for (i = 0; i < hops; i++) {
		struct int_hop *h = &f.st.hops[i];

		int_put(h, HV_SWITCH_ID, 11 + i);
		int_put(h, HV_INGRESS_PORT, 100 + i);
		int_put(h, HV_EGRESS_PORT, 200 + i);
		int_put(h, HV_HOP_LATENCY, 1000 * (i + 1));
		int_put(h, HV_QUEUE_ID, 1);
		int_put(h, HV_QUEUE_OCCUPANCY, 500 + i);
		int_put(h, HV_EGRESS_TX_UTIL, 70 + i);
	}
}

static void run(void)
{
	host_reset_events();
	int_host.now_ns += 1000;
	int_detect(&f, &acc, int_host.now_ns);
}

static int count(__u8 metric, __u8 kind)
{
	__u32 i;
	int n = 0;

	for (i = 0; i < int_host.events_len; i++)
		if (int_host.events[i].metric == metric &&
		    (!kind || int_host.events[i].kind == kind))
			n++;
	return n;
}

static const struct collector_event *find(__u8 metric)
{
	__u32 i;

	for (i = 0; i < int_host.events_len; i++)
		if (int_host.events[i].metric == metric)
			return &int_host.events[i];
	return NULL;
}

static void firesNewKeyEventsForEveryMetricOfANewFlow(void)
{
	reset();
	make_frame(3);
	run();
	CHECK(count(METRIC_FLOW_PATH, EVENT_NEW_KEY) == 1, "path");
	CHECK(count(METRIC_FLOW_LATENCY, EVENT_NEW_KEY) == 1, "flow latency");
	CHECK(count(METRIC_HOP_LATENCY, EVENT_NEW_KEY) == 3, "hop latency");
	CHECK(count(METRIC_QUEUE_OCCUPANCY, EVENT_NEW_KEY) == 3, "queue");
	CHECK(count(METRIC_LINK_UTILIZATION, EVENT_NEW_KEY) == 3, "link");
	CHECK(count(METRIC_QUEUE_CONGESTION, 0) == 0, "no congestion field");
	CHECK(int_host.events_len == 11, "11 events");
	CHECK(int_host.counters[CNT_EVENTS] == 11, "counted");
	CHECK(find(METRIC_FLOW_LATENCY)->value == 6000, "latency = sum");
	CHECK(find(METRIC_FLOW_PATH)->hops == 3 &&
		      find(METRIC_FLOW_PATH)->path[0] == 11 &&
		      find(METRIC_FLOW_PATH)->path[2] == 13,
	      "path in source order");
	CHECK(find(METRIC_FLOW_PATH)->flow.src_port == 1000 &&
		      find(METRIC_FLOW_PATH)->flow.protocol == 17,
	      "flow key");
	CHECK(find(METRIC_LINK_UTILIZATION)->id == 200,
	      "link keyed by egress port");
}

static void carriesTheReportsIdentityInEveryEvent(void)
{
	__u32 i, all = 1;

	reset();
	make_frame(3);
	f.rep.has_node = 1;
	f.rep.node_id = 19;
	f.rep.seq = 4194303;
	f.rep.hw_id = 5;
	run();
	for (i = 0; i < int_host.events_len; i++) {
		const struct collector_event *e = &int_host.events[i];

		all &= e->report == (EVENT_REPORT | EVENT_REPORT_NODE) &&
		       e->report_node == 19 && e->report_seq == 4194303 &&
		       e->report_hw_id == 5;
	}
	CHECK(int_host.events_len == 11 && all, "node id, seq, hw_id");
	f.rep.has_node = 0; /* a TR0.5 report without a drop / local header */
	f.st.hops[0].v[HV_HOP_LATENCY] = 99999;
	run();
	CHECK(int_host.events_len == 2 &&
		      int_host.events[0].report == EVENT_REPORT &&
		      int_host.events[0].report_node == 0 &&
		      int_host.events[0].report_seq == 4194303,
	      "no node id");
	f.format = INT_FMT_INT_MD;
	f.st.hops[0].v[HV_HOP_LATENCY] = 1;
	run();
	CHECK(int_host.events_len == 2 && int_host.events[0].report == 0 &&
		      int_host.events[0].report_seq == 0,
	      "an INT-MD packet has no report");
}

static void staysQuietWhenNothingChanged(void)
{
	reset();
	make_frame(3);
	run();
	run();
	CHECK(int_host.events_len == 0, "no events");
}

static void firesOnlyAboveTheThreshold(void)
{
	reset();
	int_host.thresholds[METRIC_HOP_LATENCY] = 100;
	int_host.thresholds[METRIC_FLOW_LATENCY] = 1000;
	make_frame(3);
	run();
	f.st.hops[1].v[HV_HOP_LATENCY] = 2100; /* |diff| = T: no event */
	run();
	CHECK(count(METRIC_HOP_LATENCY, 0) == 0, "diff == T is quiet");
	f.st.hops[1].v[HV_HOP_LATENCY] = 1899; /* |diff| = T + 1, downwards */
	run();
	CHECK(count(METRIC_HOP_LATENCY, EVENT_CHANGED) == 1, "fires");
	CHECK(find(METRIC_HOP_LATENCY)->value == 1899 &&
		      find(METRIC_HOP_LATENCY)->previous == 2000 &&
		      find(METRIC_HOP_LATENCY)->switch_id == 12,
	      "new and previous value");
	CHECK(count(METRIC_FLOW_LATENCY, 0) == 0, "flow latency under its T");
}

static void measuresDriftFromTheLastReportedValue(void)
{
	reset();
	int_host.thresholds[METRIC_HOP_LATENCY] = 10;
	int_host.thresholds[METRIC_FLOW_LATENCY] = 1000;
	make_frame(1);
	run();
	f.st.hops[0].v[HV_HOP_LATENCY] = 1006;
	run();
	CHECK(count(METRIC_HOP_LATENCY, 0) == 0, "first step quiet");
	f.st.hops[0].v[HV_HOP_LATENCY] = 1012;
	run();
	CHECK(count(METRIC_HOP_LATENCY, EVENT_CHANGED) == 1, "drift fires");
	CHECK(find(METRIC_HOP_LATENCY)->previous == 1000, "from 1000");
	f.st.hops[0].v[HV_HOP_LATENCY] = 1018;
	run();
	CHECK(count(METRIC_HOP_LATENCY, 0) == 0, "base moved to 1012");
}

/* T(m) is unsigned: 2^63 and 2^64-1 are the largest thresholds, not negative ones. */
static void staysQuietUnderThresholdsOfTwoToTheSixtyThreeAndAbove(void)
{
	reset();
	int_host.thresholds[METRIC_HOP_LATENCY] = 1ULL << 63;
	int_host.thresholds[METRIC_QUEUE_OCCUPANCY] = ~0ULL;
	make_frame(1);
	run();
	/* the largest steps a hop can carry: all ones is "unavailable" */
	int_put(&f.st.hops[0], HV_HOP_LATENCY, 0xfffffffe);
	int_put(&f.st.hops[0], HV_QUEUE_OCCUPANCY, 0xfffffe);
	run();
	CHECK(count(METRIC_HOP_LATENCY, 0) == 0, "T = 2^63: quiet");
	CHECK(count(METRIC_QUEUE_OCCUPANCY, 0) == 0, "T = 2^64-1: quiet");
	int_host.thresholds[METRIC_HOP_LATENCY] = 0;
	int_put(&f.st.hops[0], HV_HOP_LATENCY, 1001);
	run();
	CHECK(count(METRIC_HOP_LATENCY, EVENT_CHANGED) == 1, "T = 0: fires");
}

static void appliesThresholdsChangedAtRunTime(void)
{
	reset();
	int_host.thresholds[METRIC_QUEUE_OCCUPANCY] = 1000;
	make_frame(2);
	run();
	f.st.hops[0].v[HV_QUEUE_OCCUPANCY] = 900;
	run();
	CHECK(count(METRIC_QUEUE_OCCUPANCY, 0) == 0, "under 1000");
	int_host.thresholds[METRIC_QUEUE_OCCUPANCY] = 100;
	run();
	CHECK(count(METRIC_QUEUE_OCCUPANCY, EVENT_CHANGED) == 1, "over 100");
	CHECK(find(METRIC_QUEUE_OCCUPANCY)->switch_id == 11 &&
		      find(METRIC_QUEUE_OCCUPANCY)->id == 1,
	      "keyed <sw_id, queue_id>");
}

static void firesOnAnyPathChange(void)
{
	reset();
	int_host.thresholds[METRIC_FLOW_PATH] =
		1000; /* no meaning for a path */
	make_frame(3);
	run();
	f.st.hops[1].v[HV_SWITCH_ID] = 42;
	run();
	CHECK(count(METRIC_FLOW_PATH, EVENT_CHANGED) == 1, "path changed");
	CHECK(find(METRIC_FLOW_PATH)->path[1] == 42 &&
		      find(METRIC_FLOW_PATH)->previous == 3,
	      "new path");
	CHECK(count(METRIC_HOP_LATENCY, EVENT_NEW_KEY) == 1,
	      "new <flow, sw 42>");
	make_frame(2);
	run();
	CHECK(count(METRIC_FLOW_PATH, EVENT_CHANGED) == 1, "shorter path");
	CHECK(find(METRIC_FLOW_PATH)->value == 2, "2 hops");
}

static void tracksQueueCongestionOfIntV05(void)
{
	reset();
	make_frame(1);
	f.st.version = 0;
	int_put(&f.st.hops[0], HV_CONGESTION_QUEUE_ID, 3);
	int_put(&f.st.hops[0], HV_QUEUE_CONGESTION, 7);
	run();
	CHECK(count(METRIC_QUEUE_CONGESTION, EVENT_NEW_KEY) == 1, "new");
	f.st.hops[0].v[HV_QUEUE_CONGESTION] = 9;
	run();
	CHECK(count(METRIC_QUEUE_CONGESTION, EVENT_CHANGED) == 1, "changed");
	CHECK(find(METRIC_QUEUE_CONGESTION)->id == 3, "queue 3");
}

static void tracksLinkUtilizationByLevelTwoPortWithoutLevelOne(void)
{
	reset();
	make_frame(1);
	f.st.hops[0].present &= ~(1U << HV_EGRESS_PORT);
	int_put(&f.st.hops[0], HV_L2_EGRESS_PORT, 77777);
	run();
	CHECK(find(METRIC_LINK_UTILIZATION) &&
		      find(METRIC_LINK_UTILIZATION)->id == 77777,
	      "level-2 egress id");
	f.st.hops[0].v[HV_EGRESS_TX_UTIL] = 90;
	run();
	CHECK(count(METRIC_LINK_UTILIZATION, EVENT_CHANGED) == 1, "changed");
}

static void skipsUnavailableValuesAndHopsWithoutSwitchId(void)
{
	reset();
	make_frame(2);
	f.st.hops[0].v[HV_HOP_LATENCY] = 0xFFFFFFFF;
	f.st.hops[0].v[HV_QUEUE_OCCUPANCY] = 0xFFFFFF;
	f.st.hops[1].present &= ~(1U << HV_SWITCH_ID);
	run();
	CHECK(count(METRIC_HOP_LATENCY, 0) == 0, "no hop latency");
	CHECK(count(METRIC_QUEUE_OCCUPANCY, 0) == 0, "no queue");
	CHECK(count(METRIC_LINK_UTILIZATION, 0) == 1, "hop 1 only");
	CHECK(count(METRIC_FLOW_PATH, 0) == 0, "path unknown");
	CHECK(count(METRIC_FLOW_LATENCY, 0) == 0, "no latency");
}

static void usesTheReportingNodeForTheReportsOwnHop(void)
{
	reset();
	make_frame(2);
	f.report_hop = 1;
	f.rep.has_node = 1;
	f.rep.node_id = 99;
	f.st.hops[1].present &= ~(1U << HV_SWITCH_ID);
	run();
	CHECK(count(METRIC_FLOW_PATH, EVENT_NEW_KEY) == 1, "path known");
	CHECK(find(METRIC_FLOW_PATH)->path[1] == 99, "sink = node id");
}

static void keepsSwitchMetricsOfReportsWithoutFlow(void)
{
	reset();
	make_frame(1);
	f.has_flow = 0;
	run();
	CHECK(count(METRIC_QUEUE_OCCUPANCY, 0) == 1 &&
		      count(METRIC_LINK_UTILIZATION, 0) == 1,
	      "switch metrics");
	CHECK(count(METRIC_FLOW_PATH, 0) == 0 &&
		      count(METRIC_HOP_LATENCY, 0) == 0 &&
		      count(METRIC_FLOW_LATENCY, 0) == 0,
	      "no flow metrics");
}

static void measuresFlowLatencyFromTimestampsWithoutHopLatency(void)
{
	reset();
	make_frame(2);
	f.st.hops[0].present &= ~(1U << HV_HOP_LATENCY);
	f.st.hops[1].present &= ~(1U << HV_HOP_LATENCY);
	int_put(&f.st.hops[0], HV_INGRESS_TS, 5000);
	int_put(&f.st.hops[1], HV_EGRESS_TS, 7500);
	run();
	CHECK(find(METRIC_FLOW_LATENCY) &&
		      find(METRIC_FLOW_LATENCY)->value == 2500,
	      "last egress - first ingress");
}

static void countsFullTablesAndAFullRing(void)
{
	host_state_init(2, 4);
	make_frame(3);
	run();
	/* ABI 2: hop latencies live in the flow entry; queues and links refuse */
	CHECK(int_host.counters[CNT_MAP_FULL] == 2,
	      "third key of the queue and link tables refused");
	CHECK(int_host.events_len == 4, "ring holds 4");
	CHECK(int_host.counters[CNT_EVENTS_LOST] > 0, "the rest lost");
}

static void keepsTheLatestValueForThePeriodicPush(void)
{
	struct switch_key k = { .switch_id = 11, .id = 1 };
	struct metric_value *v;

	reset();
	int_host.thresholds[METRIC_QUEUE_OCCUPANCY] = 1000;
	make_frame(1);
	run();
	f.st.hops[0].v[HV_QUEUE_OCCUPANCY] = 555;
	run();
	v = host_map_lookup(&queue_occupancy, &k);
	CHECK(v && v->value == 555 && v->reported == 500 &&
		      v->seen_ns == int_host.now_ns,
	      "latest 555, reported 500");
}

int main(void)
{
	firesNewKeyEventsForEveryMetricOfANewFlow();
	carriesTheReportsIdentityInEveryEvent();
	staysQuietWhenNothingChanged();
	firesOnlyAboveTheThreshold();
	measuresDriftFromTheLastReportedValue();
	appliesThresholdsChangedAtRunTime();
	staysQuietUnderThresholdsOfTwoToTheSixtyThreeAndAbove();
	firesOnAnyPathChange();
	tracksQueueCongestionOfIntV05();
	tracksLinkUtilizationByLevelTwoPortWithoutLevelOne();
	skipsUnavailableValuesAndHopsWithoutSwitchId();
	usesTheReportingNodeForTheReportsOwnHop();
	keepsSwitchMetricsOfReportsWithoutFlow();
	measuresFlowLatencyFromTimestampsWithoutHopLatency();
	countsFullTablesAndAFullRing();
	keepsTheLatestValueForThePeriodicPush();
	host_state_free();
	printf("test_detect: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
