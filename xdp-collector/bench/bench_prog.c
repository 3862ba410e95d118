// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bench_prog - ns per report of the loaded XDP collector, BPF_PROG_TEST_RUN.
 *
 *   bench_prog FRAMES_DIR [REPEAT [RUNS]]
 *
 * FRAMES_DIR holds bench/frames.py's steady_<N>h.hex and change_<N>h.hex.
 * Prints BENCH lines (the median of RUNS runs each):
 *   xdp_ns_empty_program          an XDP_PASS program, REPEAT runs in the kernel
 *   xdp_ns_per_report_<N>h_steady the same report REPEAT times: keys known,
 *                                 nothing over threshold, no event
 *   then, one BPF_PROG_TEST_RUN per report (repeat 1: each report differs),
 *   xdp_ns_per_call_empty_program    the empty program so called
 *   xdp_ns_per_call_<N>h_steady      the steady report so called
 *   xdp_ns_per_call_<N>h_events      steady and changed reports alternating
 *                                    (T(m) = 0): every numeric metric of every
 *                                    hop fires EVENT_CHANGED on every report
 *   xdp_ns_per_call_<N>h_new_flow    a new inner source address every report:
 *                                    flow path, flow latency and every hop
 *                                    latency fire EVENT_NEW_KEY
 *   xdp_events_per_report_<N>h_...   events the ring buffer delivered per report
 * BENCH_STEADY_ONLY=1: the first two only (A/B rounds, bench/ab_prog.sh).
 * Fails (exit 1) when a mode does not deliver the events it should.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bench_host.h"
#include "collector.h"
#include "collector.skel.h"

#define MAX_RUNS 15
static int CALLS = 100000;

static const int hop_counts[] = { 1, 3, 6, 8 };
static __u64 delivered;

static int on_event(void *ctx, void *data, size_t size)
{
	(void)ctx, (void)data, (void)size;
	delivered++;
	return 0;
}

static int read_frame(const char *dir, const char *name, int hops,
		      unsigned char *buf)
{
	char path[512];
	unsigned int byte;
	FILE *in;
	int len = 0;

	snprintf(path, sizeof(path), "%s/%s_%dh.hex", dir, name, hops);
	in = fopen(path, "r");
	if (!in) {
		fprintf(stderr, "bench_prog: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (len < 9000 && fscanf(in, "%2x", &byte) == 1)
		buf[len++] = byte;
	fclose(in);
	return len;
}

/* Mean ns per run in the kernel over `repeat` runs of one frame. */
static double run_repeat(int prog, unsigned char *frame, int len, int repeat)
{
	LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = frame,
		    .data_size_in = len, .repeat = repeat);

	if (bpf_prog_test_run_opts(prog, &run)) {
		fprintf(stderr, "bench_prog: test run: %s\n", strerror(errno));
		exit(1);
	}
	return run.duration;
}

/*
 * Mean ns per call over CALLS calls of repeat 1: frame a, or a and b
 * alternating, or a with its 4 bytes at `patch` set to a counter.
 */
static double run_calls(int prog, struct ring_buffer *rb, unsigned char *a,
			unsigned char *b, int len, int patch, __u32 *counter)
{
	__u64 total = 0;
	int i;

	for (i = 0; i < CALLS; i++) {
		unsigned char *f = b && (i & 1) ? b : a;
		LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = f,
			    .data_size_in = len, .repeat = 1);

		if (patch > 0) {
			__u32 c = ++*counter;

			/* why: 10/8 addresses, the low 24 bits count flows */
			f[patch] = 10, f[patch + 1] = c >> 16;
			f[patch + 2] = c >> 8, f[patch + 3] = c;
		}
		if (bpf_prog_test_run_opts(prog, &run)) {
			fprintf(stderr, "bench_prog: test run: %s\n",
				strerror(errno));
			exit(1);
		}
		total += run.duration;
		if (rb && (i & 255) == 255)
			ring_buffer__consume(rb);
	}
	if (rb)
		ring_buffer__consume(rb);
	return (double)total / CALLS;
}

/* Offset of the inner source address 203.0.113.10 (frames.py's host A). */
static int inner_src(const unsigned char *f, int len)
{
	static const unsigned char a[4] = { 203, 0, 113, 10 };
	int i;

	for (i = 42; i + 4 <= len; i++)
		if (!memcmp(f + i, a, 4))
			return i;
	return -1;
}

static int empty_prog(void)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K,
		  .dst_reg = BPF_REG_0,
		  .imm = XDP_PASS },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	return bpf_prog_load(BPF_PROG_TYPE_XDP, "empty", "GPL", insns, 2, NULL);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "build/bench";
	int repeat = argc > 2 ? atoi(argv[2]) : 1000000;
	int runs = argc > 3 ? atoi(argv[3]) : 5;
	unsigned char steady[9000], change[9000], empty_frame[64] = { 0 };
	double v[MAX_RUNS], ns;
	struct collector *skel;
	struct ring_buffer *rb;
	int prog, empty, len, r, failed = 0, src;
	__u32 flows = 0, m;
	__u64 zero = 0, before;
	size_t h;

	if (getenv("BENCH_CALLS"))
		CALLS = atoi(getenv("BENCH_CALLS"));
	if (runs < 1 || runs > MAX_RUNS || repeat < 1 || CALLS < 2)
		return 2;
	skel = collector__open_and_load();
	empty = empty_prog();
	if (!skel || empty < 0) {
		fprintf(stderr, "bench_prog: cannot load: %s\n",
			strerror(errno));
		return 1;
	}
	skel->data->config.report_port = COLLECTOR_DEFAULT_REPORT_PORT;
	for (m = 0; m < METRIC_COUNT; m++)
		bpf_map__update_elem(skel->maps.thresholds, &m, sizeof(m),
				     &zero, sizeof(zero), BPF_ANY);
	prog = bpf_program__fd(skel->progs.xdp_collector);
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_event, NULL,
			      NULL);
	if (!rb)
		return 1;
	empty_frame[12] = 0x08; /* an IPv4 ethertype; the program ignores it */

	for (r = 0; r < runs; r++)
		v[r] = run_repeat(empty, empty_frame, sizeof(empty_frame),
				  repeat);
	printf("BENCH xdp_ns_empty_program %.0f ns\n", median(v, runs));
	for (h = 0; h < sizeof(hop_counts) / sizeof(*hop_counts); h++) {
		len = read_frame(dir, "steady", hop_counts[h], steady);
		if (len <= 0)
			return 1;
		/* the first run learns the keys; the timed ones fire nothing */
		run_repeat(prog, steady, len, 1);
		ring_buffer__consume(rb);
		delivered = 0;
		for (r = 0; r < runs; r++)
			v[r] = run_repeat(prog, steady, len, repeat);
		ring_buffer__consume(rb);
		printf("BENCH xdp_ns_per_report_%dh_steady %.0f ns\n",
		       hop_counts[h], median(v, runs));
		if (delivered) {
			fprintf(stderr, "bench_prog: steady %dh fired %llu\n",
				hop_counts[h], (unsigned long long)delivered);
			failed = 1;
		}
	}
	/* why: A/B rounds of the steady figures only (bench/ab_prog.sh) */
	if (getenv("BENCH_STEADY_ONLY"))
		return failed;

	for (r = 0; r < runs; r++)
		v[r] = run_calls(empty, NULL, empty_frame, NULL,
				 sizeof(empty_frame), 0, NULL);
	printf("BENCH xdp_ns_per_call_empty_program %.0f ns\n",
	       median(v, runs));
	for (h = 0; h < sizeof(hop_counts) / sizeof(*hop_counts); h++) {
		int n = hop_counts[h];

		len = read_frame(dir, "steady", n, steady);
		if (len <= 0 || read_frame(dir, "change", n, change) != len)
			return 1;
		for (r = 0; r < runs; r++)
			v[r] = run_calls(prog, rb, steady, NULL, len, 0, NULL);
		printf("BENCH xdp_ns_per_call_%dh_steady %.0f ns\n", n,
		       median(v, runs));

		delivered = 0;
		for (r = 0; r < runs; r++)
			v[r] = run_calls(prog, rb, steady, change, len, 0,
					 NULL);
		ns = median(v, runs);
		printf("BENCH xdp_ns_per_call_%dh_events %.0f ns\n", n, ns);
		/* per hop: latency, occupancy, TX util; and the flow latency */
		printf("BENCH xdp_events_per_report_%dh_events %.2f events\n",
		       n, (double)delivered / ((double)runs * CALLS));
		if (delivered < (__u64)runs * CALLS * (3 * n + 1) * 9 / 10)
			failed = 1;

		src = inner_src(steady, len);
		if (src < 0)
			return 1;
		before = delivered = 0;
		for (r = 0; r < runs; r++)
			v[r] = run_calls(prog, rb, steady, NULL, len, src,
					 &flows);
		ns = median(v, runs);
		printf("BENCH xdp_ns_per_call_%dh_new_flow %.0f ns\n", n, ns);
		printf("BENCH xdp_events_per_report_%dh_new_flow %.2f events\n",
		       n,
		       (double)(delivered - before) / ((double)runs * CALLS));
		/* path, flow latency, a hop latency per hop and the sink */
		if (delivered < (__u64)runs * CALLS * (n + 3) * 9 / 10)
			failed = 1;
	}
	if (failed)
		fprintf(stderr, "bench_prog: events not as expected\n");
	ring_buffer__free(rb);
	collector__destroy(skel);
	return failed;
}
