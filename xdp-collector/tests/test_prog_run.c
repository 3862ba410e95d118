// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * test_prog_run - runs the fixture table (fixtures.h) through
 * BPF_PROG_TEST_RUN on the loaded XDP program: for every row the verdict,
 * the counter that must grow, and the events the ring buffer must carry.
 *
 *   test_prog_run VECTORS_DIR
 *   test_prog_run VECTORS_DIR --bench REPEAT   ns per report, no events firing
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "collector.h"
#include "collector.skel.h"
#include "fixtures.h"
#include "prog_run_util.h"

static int events[METRIC_COUNT], kinds_ok;
static int want_kind;
/* the report identity of the events seen; ids_ok: all of them the same */
static struct collector_event first_event;
static int seen, ids_ok;

static int on_event(void *ctx, void *data, size_t size)
{
	const struct collector_event *e = data;

	(void)ctx;
	if (size < sizeof(*e) || e->metric >= METRIC_COUNT)
		return 0;
	events[e->metric]++;
	if (want_kind && e->kind != want_kind)
		kinds_ok = 0;
	if (!seen++)
		first_event = *e;
	else if (e->report != first_event.report ||
		 e->report_node != first_event.report_node ||
		 e->report_seq != first_event.report_seq ||
		 e->report_hw_id != first_event.report_hw_id)
		ids_ok = 0;
	return 0;
}

/* Mean ns per run of a golden frame, repeated in the kernel (BPF_PROG_TEST_RUN). */
static int bench(struct collector *skel, const char *dir, int repeat)
{
	static const char *const names[] = {
		"tr2_0_eth_all_1h",	  "tr2_0_eth_all_3h",
		"tr2_0_eth_all_5h",	  "tr2_0_eth_all_8h",
		"int_md_v2_1_udp_all_3h",
	};
	unsigned char frame[9000];
	size_t i;
	int len;

	skel->data->config.report_port = 32766;
	for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
		LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = frame,
			    .repeat = repeat);

		len = read_hex(dir, names[i], frame);
		if (len <= 0)
			return 1;
		run.data_size_in = len;
		if (bpf_prog_test_run_opts(
			    bpf_program__fd(skel->progs.xdp_collector), &run))
			return 1;
		printf("BENCH xdp_ns_per_report_%s %u ns\n", names[i],
		       run.duration);
	}
	return 0;
}

/*
 * Switch keys whose array slot another key holds live in the LRU hashes
 * (collector.h): with the slots of <11, queue 1> and <11, egress 201> taken,
 * the 1-hop vector must fire both as new keys into queues and
 * link_utilization, leave the slots alone, and stay quiet when repeated.
 */
static int overflow_case(const char *dir)
{
	struct collector *skel = collector__open_and_load();
	struct switch_key qk = { .switch_id = 11, .id = 1 };
	struct switch_key lk = { .switch_id = 11, .id = 201 };
	struct queue_slot qs = { .tag = switch_slot_tag(999, 999) };
	struct link_slot ls = { .tag = switch_slot_tag(999, 998) };
	struct queue_value qv;
	struct metric_value lv;
	struct ring_buffer *rb;
	unsigned char frame[9000];
	__u32 qi = switch_slot_index(11, 1), li = switch_slot_index(11, 201);
	int ok = 1, len, run_no;

	if (!skel)
		return 0;
	skel->data->config.report_port = 32766;
	bpf_map__update_elem(skel->maps.queue_slots, &qi, sizeof(qi), &qs,
			     sizeof(qs), BPF_ANY);
	bpf_map__update_elem(skel->maps.link_slots, &li, sizeof(li), &ls,
			     sizeof(ls), BPF_ANY);
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_event, NULL,
			      NULL);
	len = read_hex(dir, "tr2_0_eth_all_1h", frame);
	for (run_no = 0; rb && len > 0 && run_no < 2; run_no++) {
		LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = frame,
			    .data_size_in = len);

		memset(events, 0, sizeof(events));
		want_kind = 0;
		ok = ok &&
		     !bpf_prog_test_run_opts(
			     bpf_program__fd(skel->progs.xdp_collector), &run);
		ring_buffer__consume(rb);
		/* first run: hop 1 and the sink (node 19) are new; then quiet */
		ok = ok && events[METRIC_QUEUE_OCCUPANCY] == (run_no ? 0 : 2);
		ok = ok && events[METRIC_LINK_UTILIZATION] == (run_no ? 0 : 1);
	}
	ok = ok && rb && len > 0;
	ok = ok && !bpf_map__lookup_elem(skel->maps.queues, &qk, sizeof(qk),
					 &qv, sizeof(qv), 0);
	ok = ok && qv.flags == QUEUE_HAS_OCCUPANCY &&
	     qv.occupancy.value == 61441;
	ok = ok && !bpf_map__lookup_elem(skel->maps.link_utilization, &lk,
					 sizeof(lk), &lv, sizeof(lv), 0);
	ok = ok && lv.value == 510 && lv.reported == 510;
	ok = ok && !bpf_map__lookup_elem(skel->maps.queue_slots, &qi,
					 sizeof(qi), &qs, sizeof(qs), 0);
	ok = ok && qs.tag == switch_slot_tag(999, 999) && !qs.value.flags;
	if (!ok)
		fprintf(stderr,
			"FAIL overflow: switch keys past a taken slot\n");
	ring_buffer__free(rb);
	collector__destroy(skel);
	return ok;
}

/*
 * Every event carries the identity of its report as the report header gives
 * it (the values sonde-decode prints for these vectors: seq, hw_id, node_id).
 */
static int report_identity_case(const char *dir)
{
	static const struct {
		const char *vector;
		__u16 port;
		__u32 seq, hw_id, node; /* node ~0: none */
	} want[] = {
		{ "tr2_0_eth_all_1h", 32766, 2800862, 5, 19 },
		{ "tr1_0_eth_all_3h", 54321, 7001, 3, 21 },
		{ "tr0_5_eth_all_3h", 8086, 9001, 2, ~0U },
		{ "tr0_5_local_3h", 8086, 9001, 2, 32 },
		{ "tr0_5_drop_3h", 8086, 9001, 2, 31 },
		/* transparent-security: its counter 3 in the 22-bit field's top */
		{ "thirdparty_tps_report_ipv4_2h", 556, 192, 0, 12 },
		/* INTCollector's generator leaves switch id, seq and hw_id 0 */
		{ "thirdparty_intcollector_test_report_3h", 54321, 0, 0, 0 },
	};
	struct collector *skel;
	struct ring_buffer *rb;
	unsigned char frame[9000];
	int ok = 1, len;
	size_t i;

	for (i = 0; ok && i < sizeof(want) / sizeof(*want); i++) {
		LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = frame);
		__u32 flags = EVENT_REPORT |
			      (want[i].node != ~0U ? EVENT_REPORT_NODE : 0);

		/* a fresh program each time: every key new, events fire */
		skel = collector__open_and_load();
		if (!skel)
			return 0;
		rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_event,
				      NULL, NULL);
		if (!rb) {
			collector__destroy(skel);
			return 0;
		}
		skel->data->config.report_port = want[i].port;
		len = read_hex(dir, want[i].vector, frame);
		run.data_size_in = len > 0 ? len : 0;
		seen = 0;
		ids_ok = 1;
		want_kind = 0;
		ok = len > 0 &&
		     !bpf_prog_test_run_opts(
			     bpf_program__fd(skel->progs.xdp_collector), &run);
		ring_buffer__consume(rb);
		ok = ok && seen > 0 && ids_ok && first_event.report == flags &&
		     first_event.report_seq == want[i].seq &&
		     first_event.report_hw_id == want[i].hw_id &&
		     first_event.report_node ==
			     (want[i].node != ~0U ? want[i].node : 0);
		if (!ok)
			fprintf(stderr,
				"FAIL report identity %s: %d events, report %u node %u seq %u hw_id %u\n",
				want[i].vector, seen, first_event.report,
				first_event.report_node, first_event.report_seq,
				first_event.report_hw_id);
		ring_buffer__free(rb);
		collector__destroy(skel);
	}
	return ok;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1
				  ? argv[1]
				  : "../p4-programs/src/test/resources/vectors";
	struct collector *skel = collector__open_and_load();
	struct ring_buffer *rb;
	unsigned char frame[9000];
	int passed = 0, failed = 0, prog, len, m, ok;
	size_t i;

	if (!skel) {
		fprintf(stderr, "test_prog_run: cannot load the program: %s\n",
			strerror(errno));
		return 1;
	}
	if (argc > 3 && !strcmp(argv[2], "--bench"))
		return bench(skel, dir, atoi(argv[3]));
	prog = bpf_program__fd(skel->progs.xdp_collector);
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_event, NULL,
			      NULL);
	for (i = 0; rb && i < sizeof(fixtures) / sizeof(*fixtures); i++) {
		const struct fixture *fx = &fixtures[i];
		LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = frame);
		__u64 before;
		__u32 k;

		len = fx->vector ? read_hex(dir, fx->vector, frame)
				 : fx->build(frame);
		if (len > 0 && fx->find[0] &&
		    patch(frame, len, fx->find, fx->replace))
			len = -ENOENT;
		if (len <= 0) {
			fprintf(stderr, "FAIL %s: no frame (%d)\n", fx->name,
				len);
			failed++;
			continue;
		}
		skel->data->config.report_port = fx->port;
		for (k = 0; k < METRIC_COUNT; k++)
			if (fx->thresholds[k] != ANY)
				bpf_map__update_elem(skel->maps.thresholds, &k,
						     sizeof(k),
						     &fx->thresholds[k],
						     sizeof(__u64), BPF_ANY);
		memset(events, 0, sizeof(events));
		kinds_ok = 1;
		want_kind = fx->kind;
		before = counter(skel, fx->counter);
		run.data_size_in = len;
		ok = !bpf_prog_test_run_opts(prog, &run);
		ring_buffer__consume(rb);
		ok = ok && (int)run.retval == fx->verdict;
		ok = ok && counter(skel, fx->counter) == before + 1;
		for (m = 0; m < METRIC_COUNT; m++)
			if (fx->events[m] != ANY && fx->events[m] != events[m])
				ok = 0;
		ok = ok && kinds_ok;
		if (ok) {
			passed++;
			continue;
		}
		failed++;
		fprintf(stderr,
			"FAIL %s: verdict %u (want %d), counter %llu -> %llu, events",
			fx->name, run.retval, fx->verdict,
			(unsigned long long)before,
			(unsigned long long)counter(skel, fx->counter));
		for (m = 0; m < METRIC_COUNT; m++)
			fprintf(stderr, " %d/%d", events[m], fx->events[m]);
		fprintf(stderr, "%s\n", kinds_ok ? "" : " (wrong kind)");
	}
	ring_buffer__free(rb);
	collector__destroy(skel);
	if (overflow_case(dir))
		passed++;
	else
		failed++;
	if (report_identity_case(dir))
		passed++;
	else
		failed++;
	printf("test_prog_run: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
