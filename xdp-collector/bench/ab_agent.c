// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * ab_agent - A/B of builds of the NIC agent's program: the mean ns of one
 * run by BPF_PROG_TEST_RUN, the builds' object files loaded side by side
 * and run in turns, ROUNDS rounds of N packets each, then each build's
 * median and minimum over the rounds.  why in turns: the machine is shared
 * and its load moves between minutes more than between adjacent rounds.
 *
 *   ab_agent AGENT.bpf.o...   (as root; ROUNDS, N, FLOWS, EVENT_PCT,
 *                              READER=0 override)
 *
 * The packets are bench_agent's: 5 hops x 4 instructions, a flow out of
 * FLOWS by turns (a FlowCache of ROWS rows), each hop's values drawn, the
 * queue occupancy over its threshold on EVENT_PCT of the hops.  A reader
 * on CPU 1 drains R_I and R_G as the daemon would; the runs are on CPU 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "agent.h"
#include "agent_frames.h"
#include "bench_host.h"

#define MAX_BUILDS 8
#define MAX_ROUNDS 64
#define ROWS 4096
#define HIGH_QUEUE 1000
#define STACK 58 /* the first hop's metadata in the frame */
#define HOP 16

static volatile int stop;

static int env_int(const char *name, int fallback)
{
	const char *v = getenv(name);

	return v && *v ? atoi(v) : fallback;
}

static int map_fd(struct bpf_object *o, const char *name)
{
	int fd = bpf_object__find_map_fd_by_name(o, name);

	if (fd < 0)
		die(name);
	return fd;
}

/* Loads a build as bench_agent loads the agent: its program's fd. */
static int load(const char *path, struct bpf_object **out)
{
	struct agent_config cfg = { .int_port = AGENT_DEFAULT_INT_PORT,
				    .rows_mask = ROWS - 1,
				    .bin_width = { 100, 64, 1000 },
				    .wakeup_bytes = 256 << 10 };
	__u64 off = AGENT_THRESHOLD_OFF, q = HIGH_QUEUE - 1;
	struct bpf_object *o = bpf_object__open_file(path, NULL);
	struct bpf_program *prog;
	__u32 zero = 0, i;
	int fd;

	if (!o)
		die(path);
	bpf_map__set_max_entries(bpf_object__find_map_by_name(o, "flow_rows"),
				 ROWS);
	if (bpf_object__load(o))
		die(path);
	bpf_map_update_elem(map_fd(o, "config"), &zero, &cfg, 0);
	fd = map_fd(o, "thresholds");
	for (i = 0; i < AGENT_THRESHOLDS; i++)
		bpf_map_update_elem(fd, &i, &off, 0);
	i = AGENT_THRESHOLD_INDEX(AGENT_M_QUEUE_OCCUPANCY, AGENT_T_THRESHOLD);
	bpf_map_update_elem(fd, &i, &q, 0);
	prog = bpf_object__find_program_by_name(o, "xdp_agent");
	if (!prog)
		die("xdp_agent");
	*out = o;
	return bpf_program__fd(prog);
}

/* The next packet: its flow and each hop's drawn values. */
static void next_packet(unsigned char *in, __u32 flow, unsigned int *seed,
			int event_pct)
{
	int h;

	in[34] = 0x80 | (flow >> 8); /* UDP source port */
	in[35] = flow;
	for (h = 0; h < 5; h++) {
		unsigned int r = rand_r(seed), q = r & 0xFF;

		if ((int)(r % 100) < event_pct)
			q += HIGH_QUEUE;
		af_put32(in + STACK + HOP * h + 4, 500 + ((r >> 8) & 0x3FF));
		af_put32(in + STACK + HOP * h + 8, 1U << 24 | q);
		af_put32(in + STACK + HOP * h + 12, (r >> 18) & 0x3FFF);
	}
}

struct build {
	struct bpf_object *obj;
	struct ring_buffer *rb;
	int prog;
	unsigned int seed;
	__u32 flow;
	double ns[MAX_ROUNDS];
};

/* Mean ns of n runs (repeat 1: INT removal changes the frame). */
static double run(struct build *b, const unsigned char *frame, int len, int n,
		  __u32 flows, int event_pct)
{
	unsigned char in[2048];
	double sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		memcpy(in, frame, len);
		next_packet(in, b->flow++ & (flows - 1), &b->seed, event_pct);
		sum += test_run_ns(b->prog, in, len);
	}
	return sum / n;
}

static int discard(void *ctx, void *data, size_t size)
{
	(void)ctx, (void)data, (void)size;
	return 0;
}

static void *drain(void *arg)
{
	struct ring_buffer *rb = arg;

	pin(1);
	while (!stop) {
		ring_buffer__poll(rb, 10);
		ring_buffer__consume(rb);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int rounds = env_int("ROUNDS", 7), n = env_int("N", 30000);
	int event_pct = env_int("EVENT_PCT", 14), reader = env_int("READER", 1);
	__u32 flows = env_int("FLOWS", 16384);
	struct af_flow f = { .src = 0x0A000001,
			     .dst = 0x0A000102,
			     .sport = 0x8000,
			     .dport = 5001,
			     .protocol = 17,
			     .payload = 18 };
	unsigned char orig[2048], frame[2048];
	static struct build b[MAX_BUILDS];
	pthread_t threads[MAX_BUILDS];
	struct af_hop hops[5];
	int builds = argc - 1, len, i, r;

	if (builds < 1 || builds > MAX_BUILDS || rounds < 1 ||
	    rounds > MAX_ROUNDS || flows & (flows - 1)) {
		fprintf(stderr,
			"usage: ab_agent AGENT.bpf.o... (1 to %d; "
			"ROUNDS <= %d, FLOWS a power of two)\n",
			MAX_BUILDS, MAX_ROUNDS);
		return 2;
	}
	for (i = 0; i < 5; i++)
		hops[i] = (struct af_hop){
			.sw = 101 + i, .lat = 700, .queue = 10, .util = 100
		};
	len = af_original(&f, orig);
	len = af_encapsulate(&f, orig, len, frame, hops, 5, AF_BITMAP_PAPER,
			     AGENT_DEFAULT_INT_PORT);
	for (i = 0; i < builds; i++) {
		b[i].prog = load(argv[i + 1], &b[i].obj);
		b[i].seed = 1;
		if (reader) {
			b[i].rb = ring_buffer__new(map_fd(b[i].obj, "ri"),
						   discard, NULL, NULL);
			if (!b[i].rb ||
			    ring_buffer__add(b[i].rb, map_fd(b[i].obj, "rg"),
					     discard, NULL))
				die("rings");
			if (pthread_create(&threads[i], NULL, drain, b[i].rb))
				die("reader");
		}
	}
	pin(0);
	/* every flow in the FlowCache before the rounds */
	for (i = 0; i < builds; i++)
		run(&b[i], frame, len, flows, flows, event_pct);
	for (r = 0; r < rounds; r++)
		for (i = 0; i < builds; i++)
			b[i].ns[r] =
				run(&b[i], frame, len, n, flows, event_pct);
	stop = 1;
	for (i = 0; i < builds; i++) {
		printf("AB %c %s:", 'A' + i, argv[i + 1]);
		for (r = 0; r < rounds; r++)
			printf(" %.0f", b[i].ns[r]);
		qsort(b[i].ns, rounds, sizeof(double), cmp_double);
		printf("; median %.0f ns, min %.0f ns\n", b[i].ns[rounds / 2],
		       b[i].ns[0]);
	}
	for (i = 0; reader && i < builds; i++)
		pthread_join(threads[i], NULL);
	for (i = 0; i < builds; i++) {
		ring_buffer__free(b[i].rb);
		bpf_object__close(b[i].obj);
	}
	return 0;
}
