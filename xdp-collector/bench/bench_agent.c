// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bench_agent - the NIC agent's packets per second on a veth pair, next to
 * the XDP collector's on the same generator in the same run.
 *
 *   bench_agent GEN_NS GEN_IF RX_NS RX_IF COLLECTOR_FRAME.hex PACKETS RUNS
 *
 * The generator is the in-kernel one of XDP_NOTES.md: BPF_PROG_TEST_RUN
 * with BPF_F_TEST_XDP_LIVE_FRAMES on an XDP_TX program (agent_gen.bpf.c)
 * whose ingress is GEN_IF, so every run sends a frame to RX_IF.  veth runs
 * the receiver's XDP program in the softirq of the sending CPU: generator
 * and program share CPU 0, the figure is one core's.  A reader drains R_I
 * and R_G on CPU 1 (SCHED_FIFO unless BENCH_RT=0), as the daemon would,
 * without Redis.
 *
 * Each run: the agent attached in native mode on RX_IF, fed 5-hop x
 * 4-instruction INT-MD UDP packets (NPT 1) of many flows whose queue
 * occupancy crosses the threshold often enough for about 0.4 M events/s
 * (calibrated by a first run without events), packets per second = its
 * int_packets over the generator's wall time; then the collector, fed its
 * 5-hop report frame, reports per second = its reports over wall time.
 * Prints the medians and the median of the per-run ratios.  HIGH_PPM
 * (hop values over the threshold per million) replaces the calibration.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_link.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "agent.h"
#include "agent.skel.h"
#include "agent_frames.h"
#include "daemon/agent_counters.h"
#include "bench_host.h"
#include "agent_gen.h"
#include "agent_gen.skel.h"
#include "collector.h"
#include "collector.skel.h"

#define BATCH 64
#define MAX_RUNS 64
#define FLOWS 16384
#define ROWS 4096
#define HIGH_QUEUE 1000
#define EVENTS_WANTED 400000.0

static __u64 agent_counter(struct agent *skel, int index)
{
	__u64 c[AGENT_C_COUNT];

	if (agent_read_counters(bpf_map__fd(skel->maps.counters), c))
		die("agent counters");
	return c[index];
}

static __u64 collector_reports(struct collector *skel)
{
	int cpus = libbpf_num_possible_cpus(), c;
	__u32 index = CNT_REPORTS;
	__u64 v[cpus], sum = 0;

	if (bpf_map__lookup_elem(skel->maps.counters, &index, sizeof(index), v,
				 sizeof(v), 0))
		die("collector counters");
	for (c = 0; c < cpus; c++)
		sum += v[c];
	return sum;
}

/* The rings' reader: counts what it drains, as the daemon's would read it. */
struct drain {
	struct ring_buffer *rb;
	volatile int stop;
	__u64 records;
};

static int count(void *ctx, void *data, size_t size)
{
	(void)data, (void)size;
	((struct drain *)ctx)->records++;
	return 0;
}

static void *drain_rings(void *arg)
{
	const struct sched_param rt = { .sched_priority = 10 };
	struct drain *d = arg;

	pin(1);
	/* why: the other tenants' builds on CPU 1 starve a normal reader and
	 * the ring fills (bench_veth.c does the same, BENCH_RT=0 turns it off) */
	if (!(getenv("BENCH_RT") && !atoi(getenv("BENCH_RT"))) &&
	    pthread_setschedparam(pthread_self(), SCHED_FIFO, &rt))
		die("SCHED_FIFO reader");
	while (!d->stop) {
		ring_buffer__poll(d->rb, 10);
		/* records below the wakeup backlog are read on the timeout */
		ring_buffer__consume(d->rb);
	}
	ring_buffer__consume(d->rb);
	return NULL;
}

static struct agent *load_agent(void)
{
	struct agent *skel = agent__open();
	struct agent_config cfg = { .int_port = AGENT_DEFAULT_INT_PORT,
				    .rows_mask = ROWS - 1,
				    .bin_width = { 100, 64, 1000 },
				    .wakeup_bytes = 256 << 10 };
	__u32 zero = 0, i;
	__u64 off = AGENT_THRESHOLD_OFF, q = HIGH_QUEUE - 1;

	if (!skel)
		die("open the agent");
	bpf_map__set_max_entries(skel->maps.flow_rows, ROWS);
	if (agent__load(skel))
		die("load the agent");
	bpf_map__update_elem(skel->maps.config, &zero, sizeof(zero), &cfg,
			     sizeof(cfg), 0);
	for (i = 0; i < AGENT_THRESHOLDS; i++)
		bpf_map__update_elem(skel->maps.thresholds, &i, sizeof(i), &off,
				     sizeof(off), 0);
	i = AGENT_THRESHOLD_INDEX(AGENT_M_QUEUE_OCCUPANCY, AGENT_T_THRESHOLD);
	bpf_map__update_elem(skel->maps.thresholds, &i, sizeof(i), &q,
			     sizeof(q), 0);
	return skel;
}

/* ns per run of a program, when kernel.bpf_stats_enabled is on; 0 otherwise. */
static double prog_ns(int fd)
{
	struct bpf_prog_info info = { 0 };
	__u32 len = sizeof(info);

	if (bpf_obj_get_info_by_fd(fd, &info, &len) || !info.run_cnt)
		return 0;
	return (double)info.run_time_ns / info.run_cnt;
}

/*
 * Mean ns of one program run by BPF_PROG_TEST_RUN, frame by frame (repeat
 * 1: INT removal changes the frame, a repeat would see it stripped), the
 * agent's frames given a new flow and queue occupancy each time; no
 * veth, no stack.  The kernel's timing of each run is in the figure.
 */
static double prog_run_ns(int prog, unsigned char *frame, int len, int rewrite,
			  int n)
{
	unsigned char in[2048];
	double sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		memcpy(in, frame, len);
		if (rewrite) {
			in[34] = 0x80 | (i >> 8 & 0x3F); /* UDP source port */
			in[35] = i;
			in[58 + 16 * (i % 5) + 11] = i; /* a queue occupancy */
		}
		sum += test_run_ns(prog, in, len);
	}
	return sum / n;
}

int main(int argc, char **argv)
{
	unsigned char cframe[2048], aframe[2048], orig[2048];
	double agent_mpps[MAX_RUNS], coll_mpps[MAX_RUNS], ratio[MAX_RUNS];
	double events_s[MAX_RUNS], wall, mpps;
	struct af_flow f = { .src = 0x0A000001,
			     .dst = 0x0A000102,
			     .sport = 0x8000,
			     .dport = 5001,
			     .protocol = 17,
			     .payload = 18 };
	struct af_hop hops[5];
	struct agent *agent;
	struct collector *coll;
	struct agent_gen *gen;
	struct drain d = { 0 };
	pthread_t reader;
	int gen_if, rx_if, clen, alen, runs, k, i;
	__u32 packets;
	__u64 p0, e0, l0, r0;

	if (argc != 8) {
		fprintf(stderr, "usage: bench_agent GEN_NS GEN_IF RX_NS RX_IF "
				"COLLECTOR_FRAME.hex PACKETS RUNS\n");
		return 2;
	}
	clen = read_hex(argv[5], cframe);
	packets = strtoul(argv[6], NULL, 0);
	runs = atoi(argv[7]);
	if (runs < 1 || runs > MAX_RUNS)
		runs = 5;
	for (i = 0; i < 5; i++)
		hops[i] = (struct af_hop){
			.sw = 101 + i, .lat = 700, .queue = 10, .util = 100
		};
	alen = af_original(&f, orig);
	alen = af_encapsulate(&f, orig, alen, aframe, hops, 5, AF_BITMAP_PAPER,
			      AGENT_DEFAULT_INT_PORT);

	enter_ns(argv[3]);
	rx_if = if_nametoindex(argv[4]);
	agent = load_agent();
	coll = collector__open_and_load();
	if (!rx_if || !coll)
		die("collector");
	coll->data->config.report_port = COLLECTOR_DEFAULT_REPORT_PORT;
	d.rb = ring_buffer__new(bpf_map__fd(agent->maps.ri), count, &d, NULL);
	if (!d.rb ||
	    ring_buffer__add(d.rb, bpf_map__fd(agent->maps.rg), count, &d))
		die("rings");
	if (pthread_create(&reader, NULL, drain_rings, &d))
		die("reader");
	enter_ns(argv[1]);
	gen_if = if_nametoindex(argv[2]);
	gen = agent_gen__open_and_load();
	if (!gen_if || !gen)
		die("generator");
	gen->bss->gen.flows_mask = FLOWS - 1;
	gen->bss->gen.high_queue = HIGH_QUEUE;
	pin(0);

	for (k = -1; k < runs; k++) {
		/* the agent */
		enter_ns(argv[3]);
		if (bpf_xdp_attach(rx_if,
				   bpf_program__fd(agent->progs.xdp_agent),
				   XDP_FLAGS_DRV_MODE, NULL))
			die("attach the agent (native)");
		enter_ns(argv[1]);
		gen->bss->gen.rewrite = 1;
		p0 = agent_counter(agent, AGENT_C_INT_PACKETS);
		e0 = agent_counter(agent, AGENT_C_EVENTS);
		l0 = agent_counter(agent, AGENT_C_RI_LOST);
		wall = generate(bpf_program__fd(gen->progs.agent_gen), gen_if,
				aframe, alen, k < 0 ? packets / 4 : packets,
				BATCH);
		mpps = (agent_counter(agent, AGENT_C_INT_PACKETS) - p0) / wall /
		       1e6;
		if (k < 0) {
			/* calibration: events per packet for about 0.4 M/s */
			double per_hop = EVENTS_WANTED / (mpps * 1e6) / 5;

			gen->bss->gen.high_ppm = per_hop >= 1 ? 1000000
							      : per_hop * 1e6;
			/* why: on a loaded machine the calibration's rate is
			 * low and would ask for events on most hops; A/B runs
			 * fix the share instead */
			if (getenv("HIGH_PPM"))
				gen->bss->gen.high_ppm =
					strtoul(getenv("HIGH_PPM"), NULL, 0);
			printf("# calibration: %.2f Mpps without events, "
			       "%u per million hop values above the threshold\n",
			       mpps, gen->bss->gen.high_ppm);
		} else {
			agent_mpps[k] = mpps;
			events_s[k] =
				(agent_counter(agent, AGENT_C_EVENTS) - e0) /
				wall;
			printf("# run %d: agent %.2f Mpps, %.0f events/s, %llu "
			       "ri_lost",
			       k + 1, mpps, events_s[k],
			       (unsigned long long)(agent_counter(
							    agent,
							    AGENT_C_RI_LOST) -
						    l0));
		}
		enter_ns(argv[3]);
		bpf_xdp_detach(rx_if, XDP_FLAGS_DRV_MODE, NULL);
		if (k < 0)
			continue;

		/* the collector, same generator, same run */
		if (bpf_xdp_attach(rx_if,
				   bpf_program__fd(coll->progs.xdp_collector),
				   XDP_FLAGS_DRV_MODE, NULL))
			die("attach the collector (native)");
		enter_ns(argv[1]);
		gen->bss->gen.rewrite = 0;
		r0 = collector_reports(coll);
		wall = generate(bpf_program__fd(gen->progs.agent_gen), gen_if,
				cframe, clen, packets, BATCH);
		coll_mpps[k] = (collector_reports(coll) - r0) / wall / 1e6;
		ratio[k] = coll_mpps[k] > 0 ? agent_mpps[k] / coll_mpps[k] : 0;
		printf(", collector %.2f Mpps\n", coll_mpps[k]);
		enter_ns(argv[3]);
		bpf_xdp_detach(rx_if, XDP_FLAGS_DRV_MODE, NULL);
	}
	/* the pair's ceiling for passed frames: an XDP_PASS program, the agent's frames */
	{
		const struct bpf_insn pass_insns[] = {
			{ .code = BPF_ALU64 | BPF_MOV | BPF_K,
			  .dst_reg = BPF_REG_0,
			  .imm = XDP_PASS },
			{ .code = BPF_JMP | BPF_EXIT },
		};
		int pass = bpf_prog_load(BPF_PROG_TYPE_XDP, "pass", "GPL",
					 pass_insns, 2, NULL);

		enter_ns(argv[3]);
		if (pass < 0 ||
		    bpf_xdp_attach(rx_if, pass, XDP_FLAGS_DRV_MODE, NULL))
			die("attach the pass program (native)");
		enter_ns(argv[1]);
		gen->bss->gen.rewrite = 1;
		wall = generate(bpf_program__fd(gen->progs.agent_gen), gen_if,
				aframe, alen, packets, BATCH);
		printf("BENCH nic_agent_veth_pass_program_mpps %.2f Mpps\n",
		       packets / wall / 1e6);
		enter_ns(argv[3]);
		bpf_xdp_detach(rx_if, XDP_FLAGS_DRV_MODE, NULL);
		close(pass);
	}
	printf("BENCH nic_agent_prog_run_ns_per_packet %.0f ns\n",
	       prog_run_ns(bpf_program__fd(agent->progs.xdp_agent), aframe,
			   alen, 1, 200000));
	printf("BENCH nic_agent_collector_prog_run_ns_per_report %.0f ns\n",
	       prog_run_ns(bpf_program__fd(coll->progs.xdp_collector), cframe,
			   clen, 0, 200000));
	d.stop = 1;
	pthread_join(reader, NULL);
	printf("BENCH nic_agent_mpps %.2f Mpps\n", median(agent_mpps, runs));
	printf("BENCH nic_agent_collector_mpps %.2f Mpps\n",
	       median(coll_mpps, runs));
	printf("BENCH nic_agent_vs_collector_ratio %.2f x\n",
	       median(ratio, runs));
	printf("BENCH nic_agent_events_generated_per_s %.0f events/s\n",
	       median(events_s, runs));
	if (prog_ns(bpf_program__fd(agent->progs.xdp_agent)) > 0) {
		/* BPF run-time statistics: diagnosis, they add to both */
		printf("BENCH nic_agent_prog_ns_per_packet %.0f ns\n",
		       prog_ns(bpf_program__fd(agent->progs.xdp_agent)));
		printf("BENCH nic_agent_collector_prog_ns_per_report %.0f ns\n",
		       prog_ns(bpf_program__fd(coll->progs.xdp_collector)));
	}
	printf("# ring records drained by the bench's reader: %llu\n",
	       (unsigned long long)d.records);
	ring_buffer__free(d.rb);
	agent_gen__destroy(gen);
	collector__destroy(coll);
	agent__destroy(agent);
	return median(agent_mpps, runs) > 0 ? 0 : 1;
}
