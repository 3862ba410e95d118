// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * test_accounting - the counters the backend's accounting reads, on the
 * loaded program through BPF_PROG_TEST_RUN (as root):
 * - metric_values (M_all, paper Section V-B2): the metric values of every
 *   report, counted as IntCollectorDetector.metricValues() counts them:
 *   whether or not an event fires, unavailable values not counted, on the
 *   fast path (TR2.0) and the general one (TR0.5);
 * - report sequence gaps per reporting node (ReportSequenceGaps' semantics):
 *   in order, a gap, a late report, 22-bit and 32-bit wrap, a source whose
 *   slot another holds (report_sources_more), and one with no room left
 *   (report_sources_untracked).
 */
#include <stdlib.h>
#include <bpf/bpf.h>

#include "collector.h"
#include "prog_run_util.h"
#include "check.h"

static struct collector *skel;
static unsigned char tr20[9000], tr10[9000], tr05[9000];
static int tr20_len, tr10_len, tr05_len;

static void put_be32(unsigned char *p, __u32 v)
{
	p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v;
}

/* Runs a frame through the program; 1 when it was consumed (XDP_DROP). */
static int run(const unsigned char *frame, int len)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = frame,
		    .data_size_in = (__u32)len);

	return !bpf_prog_test_run_opts(
		       bpf_program__fd(skel->progs.xdp_collector), &opts) &&
	       opts.retval == XDP_DROP;
}

/* The TR2.0 vector from node `node` with sequence number seq (22 bits). */
static int run_tr20(__u32 node, __u32 seq)
{
	unsigned char f[9000];
	__u32 w = (__u32)tr20[42] << 24 | (__u32)tr20[43] << 16;

	memcpy(f, tr20, tr20_len);
	/* version and hw_id stay; the 22-bit sequence number is replaced */
	put_be32(f + 42, (w & 0xFFC00000U) | (seq & 0x3FFFFF));
	put_be32(f + 46, node);
	return run(f, tr20_len);
}

/* The TR1.0 vector (node 21, hw_id 3) with sequence number seq (32 bits). */
static int run_tr10(__u32 seq)
{
	static const __u32 find[2] = { 7001, 0 };
	unsigned char f[9000];

	memcpy(f, tr10, tr10_len);
	return !patch(f, tr10_len, find, seq) && run(f, tr10_len);
}

static struct report_source source(__u32 node, __u32 hw_id)
{
	__u64 tag = report_source_tag(node, 1, hw_id);
	__u32 index = report_source_index(tag);
	struct report_source s = { 0 };

	if (!bpf_map__lookup_elem(skel->maps.report_sources, &index,
				  sizeof(index), &s, sizeof(s), 0) &&
	    s.tag == tag)
		return s;
	memset(&s, 0, sizeof(s));
	bpf_map__lookup_elem(skel->maps.report_sources_more, &tag, sizeof(tag),
			     &s, sizeof(s), 0);
	return s;
}

/* A node other than 19 whose source (hw_id 5) has node 19's slot. */
static __u32 colliding_node(__u32 after)
{
	__u32 want = report_source_index(report_source_tag(19, 1, 5)), n;

	for (n = after + 1; n; n++)
		if (n != 19 &&
		    report_source_index(report_source_tag(n, 1, 5)) == want)
			return n;
	return 0;
}

static void metric_values(const char *dir)
{
	static const __u32 latency_12[2] = { 0x00000c02, 0 };
	unsigned char f[9000];
	__u64 before;

	skel = collector__open_and_load();
	if (!skel) {
		CHECK("program loads", 0);
		return;
	}
	before = counter(skel, CNT_METRIC_VALUES);
	CHECK("TR2.0, 3 hops + the sink: 1 path, 1 flow latency, 4 hop "
	      "latencies, 4 queue occupancies, 3 link utilizations",
	      run_tr20(19, 100) &&
		      counter(skel, CNT_METRIC_VALUES) == before + 13 &&
		      counter(skel, CNT_EVENTS) == 13);
	CHECK("the same again: 13 more values, no event",
	      run_tr20(19, 101) &&
		      counter(skel, CNT_METRIC_VALUES) == before + 26 &&
		      counter(skel, CNT_EVENTS) == 13);
	memcpy(f, tr20, tr20_len);
	CHECK("switch 12's hop latency unavailable (all ones): 12 values",
	      !patch(f, tr20_len, latency_12, 0xFFFFFFFFU) &&
		      run(f, tr20_len) &&
		      counter(skel, CNT_METRIC_VALUES) == before + 38);
	skel->data->config.report_port = 8086;
	CHECK("TR0.5, 3 hops (general parser): 3 hop latencies, 3 "
	      "occupancies, 3 congestion statuses (bitmap bit 6), 3 links, "
	      "path, flow latency",
	      run(tr05, tr05_len) &&
		      counter(skel, CNT_METRIC_VALUES) == before + 52 &&
		      counter(skel, CNT_REPORTS_GENERAL) == 1);
	collector__destroy(skel);
	(void)dir;
}

static void sequence_gaps(void)
{
	__u32 c1, c2, i;
	__u64 tag;
	struct report_source filler = { 0 };
	int ok = 1;

	skel = collector__open_and_load();
	if (!skel) {
		CHECK("program loads", 0);
		return;
	}
	CHECK("in order: 100, 101, 102",
	      run_tr20(19, 100) && run_tr20(19, 101) && run_tr20(19, 102) &&
		      counter(skel, CNT_REPORTS_LOST) == 0 &&
		      counter(skel, CNT_REPORTS_REORDERED) == 0 &&
		      source(19, 5).next == 103);
	CHECK("a jump to 105: 103 and 104 lost",
	      run_tr20(19, 105) && counter(skel, CNT_REPORTS_LOST) == 2 &&
		      source(19, 5).lost == 2);
	CHECK("104 late: reordered, the expectation stays 106",
	      run_tr20(19, 104) && counter(skel, CNT_REPORTS_REORDERED) == 1 &&
		      source(19, 5).next == 106 &&
		      counter(skel, CNT_REPORTS_LOST) == 2);
	CHECK("106 then: nothing lost",
	      run_tr20(19, 106) && counter(skel, CNT_REPORTS_LOST) == 2);
	CHECK("22 bits wrap: 0x3FFFFE, 0x3FFFFF, 0 in order, then 2: 1 lost",
	      run_tr20(20, 0x3FFFFE) && run_tr20(20, 0x3FFFFF) &&
		      run_tr20(20, 0) && counter(skel, CNT_REPORTS_LOST) == 2 &&
		      run_tr20(20, 2) && counter(skel, CNT_REPORTS_LOST) == 3 &&
		      source(20, 5).lost == 1);
	skel->data->config.report_port = 54321;
	CHECK("TR1.0, 32 bits wrap: 0xFFFFFFFF, 0, 1, then 5: 3 lost",
	      run_tr10(0xFFFFFFFFU) && run_tr10(0) && run_tr10(1) &&
		      counter(skel, CNT_REPORTS_LOST) == 3 && run_tr10(5) &&
		      counter(skel, CNT_REPORTS_LOST) == 6 &&
		      source(21, 3).lost == 3);
	skel->data->config.report_port = COLLECTOR_DEFAULT_REPORT_PORT;
	c1 = colliding_node(0);
	tag = report_source_tag(c1, 1, 5);
	CHECK("a source whose slot node 19 holds: in report_sources_more",
	      c1 && run_tr20(c1, 10) && run_tr20(c1, 13) &&
		      counter(skel, CNT_REPORTS_LOST) == 8 &&
		      source(c1, 5).lost == 2 &&
		      !bpf_map__lookup_elem(skel->maps.report_sources_more,
					    &tag, sizeof(tag), &filler,
					    sizeof(filler), 0) &&
		      filler.lost == 2);
	/* fill report_sources_more, then one more colliding source */
	for (i = 1; ok && i < COLLECTOR_SOURCES_MORE; i++) {
		filler.tag = ~0ULL - i;
		ok = !bpf_map__update_elem(skel->maps.report_sources_more,
					   &filler.tag, sizeof(filler.tag),
					   &filler, sizeof(filler),
					   BPF_NOEXIST);
	}
	c2 = colliding_node(c1);
	CHECK("no room left anywhere: counted untracked, nothing else",
	      ok && c2 && run_tr20(c2, 1) && run_tr20(c2, 9) &&
		      counter(skel, CNT_SOURCES_UNTRACKED) == 2 &&
		      counter(skel, CNT_REPORTS_LOST) == 8);
	CHECK("events and detection go on for its reports",
	      counter(skel, CNT_REPORTS) == 18);
	collector__destroy(skel);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1
				  ? argv[1]
				  : "../p4-programs/src/test/resources/vectors";

	tr20_len = read_hex(dir, "tr2_0_eth_all_3h", tr20);
	tr10_len = read_hex(dir, "tr1_0_eth_all_3h", tr10);
	tr05_len = read_hex(dir, "tr0_5_eth_all_3h", tr05);
	if (tr20_len <= 0 || tr10_len <= 0 || tr05_len <= 0) {
		fprintf(stderr, "test_accounting: no vectors in %s\n", dir);
		return 1;
	}
	metric_values(dir);
	sequence_gaps();
	printf("test_accounting: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
