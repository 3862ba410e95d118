// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bench_veth - reports per second end to end on a veth pair, driven by the
 * in-kernel generator of XDP_NOTES.md: BPF_PROG_TEST_RUN with
 * BPF_F_TEST_XDP_LIVE_FRAMES on an XDP_TX program whose ingress device is the
 * sending veth, so that every run transmits the frame to the peer.
 *
 *   bench_veth GEN_NS GEN_IF RX_NS RX_IF FRAME.hex PACKETS [split|shared]
 *
 * split (the default): the receiver gets a core of its own, as a collector
 * on a NIC queue does.  RX_IF's NAPI is made threaded (its sysfs "threaded",
 * which veth accepts once an XDP program gives it a NAPI) and its kthread
 * (napi/RX_IF-N) pinned to CPU 1 after every attach; the generator runs on
 * CPU 0.  The kthread (and the baseline's reader) run SCHED_FIFO 10 unless
 * BENCH_RT=0: without it the other tenants' builds on CPU 1 starve the
 * kthread and the ring drops.  The kthread's own CPU time (schedstat) over
 * the reports gives ns per report on that core, and the Mpps one busy core
 * would carry.  shared: everything on CPU 1 (veth runs the receiver's NAPI
 * in the softirq of the CPU that transmitted), and the figures' names end
 * in _shared_cpu.
 *
 * 1. XDP: the collector attached in native mode on RX_IF (in RX_NS).
 *    Reports per second are the collector's CNT_REPORTS over the
 *    generator's wall time; the receiving core's share is its softirq,
 *    system and busy time from /proc/stat over the same time.
 * 2. Baseline: an XDP_PASS program on RX_IF (veth needs one to take XDP
 *    frames), the frames go up the stack to a UDP socket bound to port 32766,
 *    read by recvmmsg (64 a call) on the receiving core (split: CPU 1, with
 *    the NAPI kthread; shared: CPU 0) and run through the same code as
 *    the XDP program, built for the host: the fast path (int_fast.h, on the
 *    datagram with its Ethernet/IPv4/UDP headers put back), else the parser
 *    (int_report_frame) and detector (int_detect over host_maps.c); reports per second are the reports it decoded over the
 *    generator's wall time (plus what it drained afterwards: favours the
 *    baseline).
 * In between, veth_drop_program_mpps: an XDP_DROP program in the collector's
 * place, the generator and the pair's own ceiling on this machine.
 * Prints BENCH lines; exit 1 when either path decoded nothing.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_link.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bench_host.h"
#include "collector.h"
#include "collector.skel.h"
#include "int_fast.h"
#include "int_frame.h"

#define BATCH 64
static int gen_cpu = 1, user_cpu = 0, rx_cpu = 1, split = 1, rt;
static int napi_pid[8], napi_pids;
static const struct sched_param rt_param = { .sched_priority = 10 };
static const char *suffix = "";

struct cpu_times {
	unsigned long long busy, system, softirq, steal, total;
};

/*
 * split mode: RX_IF's NAPI threaded (sysfs, seen from RX_NS, so through
 * `ip netns exec`, which mounts that namespace's sysfs).
 */
static void napi_threaded(const char *ns, const char *ifname)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd),
		 "ip netns exec %s sh -c 'echo 1 > /sys/class/net/%s/threaded"
		 " && test \"$(cat /sys/class/net/%s/threaded)\" = 1'",
		 ns, ifname, ifname);
	if (system(cmd)) {
		errno = EOPNOTSUPP;
		die("threaded NAPI on the receiving veth");
	}
}

/*
 * Pins every napi/IFNAME-<id> kthread to `cpu` (veth makes a new one at
 * each XDP attach); how many.  comm is cut at 15 characters.
 */
static int pin_napi(const char *ifname, int cpu)
{
	char want[300], path[300], comm[64];
	struct dirent *d;
	cpu_set_t set;
	DIR *proc = opendir("/proc");
	int n = 0, len;
	FILE *in;

	snprintf(want, sizeof(want), "napi/%s-", ifname);
	len = strlen(want) < 15 ? strlen(want) : 15;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	napi_pids = 0;
	while (proc && (d = readdir(proc))) {
		if (d->d_name[0] < '1' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", d->d_name);
		in = fopen(path, "r");
		if (!in)
			continue;
		if (fgets(comm, sizeof(comm), in) &&
		    !strncmp(comm, want, len) &&
		    !sched_setaffinity(atoi(d->d_name), sizeof(set), &set) &&
		    (!rt || !sched_setscheduler(atoi(d->d_name), SCHED_FIFO,
						&rt_param))) {
			if (napi_pids < 8)
				napi_pid[napi_pids++] = atoi(d->d_name);
			n++;
		}
		fclose(in);
	}
	if (proc)
		closedir(proc);
	return n;
}

/* ns on a CPU of the pinned napi kthreads so far (schedstat). */
static double napi_ns(void)
{
	char path[64];
	double sum = 0, ns;
	FILE *in;
	int i;

	for (i = 0; i < napi_pids; i++) {
		snprintf(path, sizeof(path), "/proc/%d/schedstat", napi_pid[i]);
		in = fopen(path, "r");
		if (in && fscanf(in, "%lf", &ns) == 1)
			sum += ns;
		if (in)
			fclose(in);
	}
	return sum;
}

static double thread_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* After an attach on RX_IF: in split mode, its NAPI kthread to rx_cpu. */
static void place_napi(const char *ifname)
{
	if (split && pin_napi(ifname, rx_cpu) < 1) {
		errno = ESRCH;
		die("no napi kthread of the receiving veth to pin");
	}
}

/* CPU `cpu`'s line of /proc/stat. */
static struct cpu_times cpu_times(int cpu)
{
	struct cpu_times t = { 0 };
	unsigned long long v[10] = { 0 };
	char line[512], want[16];
	FILE *in = fopen("/proc/stat", "r");
	int i;

	snprintf(want, sizeof(want), "cpu%d ", cpu);
	while (in && fgets(line, sizeof(line), in)) {
		if (strncmp(line, want, strlen(want)))
			continue;
		sscanf(line + strlen(want),
		       "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
		       &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7],
		       &v[8], &v[9]);
		for (i = 0; i < 8; i++)
			t.total += v[i];
		t.busy = t.total - v[3] - v[4]; /* less idle and iowait */
		t.system = v[2];
		t.steal = v[7];
		t.softirq = v[6];
	}
	if (in)
		fclose(in);
	return t;
}

static int prog_of(int ret)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K,
		  .dst_reg = BPF_REG_0,
		  .imm = ret },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int fd = bpf_prog_load(BPF_PROG_TYPE_XDP,
			       ret == XDP_TX ? "gen" : "sink", "GPL", insns, 2,
			       NULL);

	if (fd < 0)
		die("load a generator or pass program");
	return fd;
}

static __u64 reports(struct collector *skel)
{
	int cpus = libbpf_num_possible_cpus(), c;
	__u32 index = CNT_REPORTS;
	__u64 v[cpus], sum = 0;

	if (bpf_map__lookup_elem(skel->maps.counters, &index, sizeof(index), v,
				 sizeof(v), 0))
		die("counters");
	for (c = 0; c < cpus; c++)
		sum += v[c];
	return sum;
}

/* The user-space baseline's reader. */
struct reader {
	int fd;
	volatile int stop;
	__u64 datagrams, decoded, events;
	double busy_ns; /* the reader's CPU time while reports came */
};

static struct int_frame uframe;
static struct int_detect_acc uacc;
static struct int_hop urhop;
static struct int_fast ux;

/*
 * The frame the XDP program sees, rebuilt around a datagram at b + UHDR:
 * Ethernet, IPv4 and UDP to the report port.  why: so that the baseline
 * runs the fast path (int_fast.h) too, as the XDP program does.
 */
#define UHDR 42
static void outer_headers(unsigned char *b, unsigned int len)
{
	unsigned int ip = 28 + len, udp = 8 + len;

	memset(b, 0, UHDR);
	b[12] = 0x08;
	b[14] = 0x45;
	b[16] = ip >> 8, b[17] = ip;
	b[23] = INT_PROTO_UDP;
	b[36] = COLLECTOR_DEFAULT_REPORT_PORT >> 8;
	b[37] = COLLECTOR_DEFAULT_REPORT_PORT & 0xFF;
	b[38] = udp >> 8, b[39] = udp;
}

static void *read_reports(void *arg)
{
	static unsigned char bufs[BATCH][UHDR + 2048];
	struct reader *r = arg;
	struct mmsghdr msgs[BATCH];
	struct iovec iov[BATCH];
	double t0 = 0;
	int i, n;

	pin(user_cpu);
	if (rt && pthread_setschedparam(pthread_self(), SCHED_FIFO, &rt_param))
		die("SCHED_FIFO reader");
	for (i = 0; i < BATCH; i++) {
		iov[i].iov_base = bufs[i] + UHDR;
		iov[i].iov_len = sizeof(bufs[i]) - UHDR;
		memset(&msgs[i], 0, sizeof(msgs[i]));
		msgs[i].msg_hdr.msg_iov = &iov[i];
		msgs[i].msg_hdr.msg_iovlen = 1;
	}
	for (;;) {
		n = recvmmsg(r->fd, msgs, BATCH, 0, NULL);
		if (n > 0 && !r->decoded)
			t0 = thread_ns();
		if (n <= 0) {
			if (r->stop)
				break; /* drained: SO_RCVTIMEO passed */
			continue;
		}
		for (i = 0; i < n; i++) {
			__u32 len = msgs[i].msg_len;
			struct int_pkt f = { .data = bufs[i],
					     .end = bufs[i] + UHDR + len };
			struct int_pkt p = { .data = bufs[i] + UHDR,
					     .end = bufs[i] + UHDR + len };

			r->datagrams++;
			host_reset_events();
			int_host.now_ns++;
			/* the XDP program's order: the fast path, else the parser */
			outer_headers(bufs[i], len);
			if (int_fast_check(&f, UHDR + len,
					   COLLECTOR_DEFAULT_REPORT_PORT,
					   &urhop, &ux)) {
				int_fast_detect(&f, &ux, &urhop, &uacc,
						int_host.now_ns);
			} else {
				memset(&uframe, 0, sizeof(uframe));
				if (int_report_frame(&p, 0, len, INT_MAX_HOPS,
						     &uframe))
					continue;
				int_detect(&uframe, &uacc, int_host.now_ns);
			}
			r->decoded++;
			r->events += int_host.events_len;
		}
		r->busy_ns = thread_ns() - t0;
	}
	return NULL;
}

static void share(const char *what, struct cpu_times a, struct cpu_times b)
{
	double all = b.total - a.total;

	if (all <= 0)
		return;
	printf("BENCH %s_softirq_share%s %.0f %%\n", what, suffix,
	       100.0 * (b.softirq - a.softirq) / all);
	printf("BENCH %s_system_share%s %.0f %%\n", what, suffix,
	       100.0 * (b.system - a.system) / all);
	printf("BENCH %s_steal_share%s %.0f %%\n", what, suffix,
	       100.0 * (b.steal - a.steal) / all);
	printf("BENCH %s_busy_share%s %.0f %%\n", what, suffix,
	       100.0 * (b.busy - a.busy) / all);
}

int main(int argc, char **argv)
{
	unsigned char frame[2048];
	struct cpu_times a, b;
	struct collector *skel;
	struct reader r = { 0 };
	struct sockaddr_in addr = { .sin_family = AF_INET };
	struct timeval tv = { .tv_usec = 300000 };
	pthread_t thread;
	int gen, pass, drop, gen_if, rx_if, len, buf = 64 << 20;
	__u32 packets;
	__u64 before, got;
	double wall, xdp_mpps, user_mpps, gen_mpps, ns0, ns1;

	if (argc != 7 && !(argc == 8 && (!strcmp(argv[7], "split") ||
					 !strcmp(argv[7], "shared")))) {
		fprintf(stderr, "usage: bench_veth GEN_NS GEN_IF RX_NS RX_IF "
				"FRAME.hex PACKETS [split|shared]\n");
		return 2;
	}
	if (argc == 8 && !strcmp(argv[7], "shared")) {
		split = 0;
		suffix = "_shared_cpu";
		gen_cpu = 1, rx_cpu = 1, user_cpu = 0;
	} else {
		gen_cpu = 0, rx_cpu = 1, user_cpu = 1;
	}
	rt = split && !(getenv("BENCH_RT") && !atoi(getenv("BENCH_RT")));
	len = read_hex(argv[5], frame);
	packets = strtoul(argv[6], NULL, 0);
	if (host_state_init(COLLECTOR_SWITCH_KEYS, 4096))
		die("host tables");

	/* 1. the collector in native mode on the receiving veth */
	enter_ns(argv[3]);
	rx_if = if_nametoindex(argv[4]);
	skel = collector__open_and_load();
	if (!rx_if || !skel)
		die("collector");
	skel->data->config.report_port = COLLECTOR_DEFAULT_REPORT_PORT;
	if (bpf_xdp_attach(rx_if, bpf_program__fd(skel->progs.xdp_collector),
			   XDP_FLAGS_DRV_MODE, NULL))
		die("attach the collector (native)");
	if (split)
		napi_threaded(argv[3], argv[4]);
	place_napi(argv[4]);
	enter_ns(argv[1]);
	gen_if = if_nametoindex(argv[2]);
	if (!gen_if)
		die(argv[2]);
	gen = prog_of(XDP_TX);
	pin(gen_cpu);
	generate(gen, gen_if, frame, len, 1000, BATCH); /* learn the keys */
	before = reports(skel);
	a = cpu_times(rx_cpu);
	ns0 = napi_ns();
	wall = generate(gen, gen_if, frame, len, packets, BATCH);
	usleep(20000); /* the ring drained */
	ns1 = napi_ns();
	b = cpu_times(rx_cpu);
	got = reports(skel) - before;
	xdp_mpps = got / wall / 1e6;
	gen_mpps = packets / wall / 1e6;
	printf("BENCH xdp_mpps_veth%s %.2f Mpps\n", suffix, xdp_mpps);
	printf("BENCH xdp_veth_reports%s %llu reports\n", suffix,
	       (unsigned long long)got);
	printf("BENCH xdp_veth_generated_mpps%s %.2f Mpps\n", suffix, gen_mpps);
	share("xdp_rx_core", a, b);
	if (split && got) {
		/* the NAPI kthread's own CPU time: what the collector's core
		 * spends on a report (veth ring, XDP, frame return) */
		printf("BENCH xdp_rx_thread_ns_per_report %.0f ns\n",
		       (ns1 - ns0) / got);
		printf("BENCH xdp_mpps_per_core_busy %.2f Mpps\n",
		       got / (ns1 - ns0) * 1e3);
	}
	enter_ns(argv[3]);
	bpf_xdp_detach(rx_if, XDP_FLAGS_DRV_MODE, NULL);

	/* the pair's ceiling here: an XDP_DROP program in the collector's place */
	drop = prog_of(XDP_DROP);
	if (bpf_xdp_attach(rx_if, drop, XDP_FLAGS_DRV_MODE, NULL))
		die("attach the drop program (native)");
	place_napi(argv[4]);
	enter_ns(argv[1]);
	a = cpu_times(rx_cpu);
	wall = generate(gen, gen_if, frame, len, packets, BATCH);
	b = cpu_times(rx_cpu);
	printf("BENCH veth_drop_program_mpps%s %.2f Mpps\n", suffix,
	       packets / wall / 1e6);
	share("veth_drop_rx_core", a, b);
	enter_ns(argv[3]);
	bpf_xdp_detach(rx_if, XDP_FLAGS_DRV_MODE, NULL);

	/* 2. the user-space baseline: the stack, a UDP socket, recvmmsg */
	pass = prog_of(XDP_PASS);
	if (bpf_xdp_attach(rx_if, pass, XDP_FLAGS_DRV_MODE, NULL))
		die("attach the pass program (native)");
	place_napi(argv[4]);
	r.fd = socket(AF_INET, SOCK_DGRAM, 0);
	addr.sin_port = htons(COLLECTOR_DEFAULT_REPORT_PORT);
	if (r.fd < 0 || bind(r.fd, (struct sockaddr *)&addr, sizeof(addr)))
		die("bind 32766");
	setsockopt(r.fd, SOL_SOCKET, SO_RCVBUFFORCE, &buf, sizeof(buf));
	setsockopt(r.fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (pthread_create(&thread, NULL, read_reports, &r))
		die("reader");
	enter_ns(argv[1]);
	usleep(100000);
	a = cpu_times(user_cpu);
	ns0 = napi_ns();
	wall = generate(gen, gen_if, frame, len, packets, BATCH);
	b = cpu_times(user_cpu);
	r.stop = 1;
	pthread_join(thread, NULL);
	ns1 = napi_ns();
	user_mpps = r.decoded / wall / 1e6;
	printf("BENCH userspace_mpps_veth%s %.2f Mpps\n", suffix, user_mpps);
	printf("BENCH userspace_veth_reports%s %llu reports\n", suffix,
	       (unsigned long long)r.decoded);
	share("userspace_reader_core", a, b);
	if (split && r.decoded) {
		/* the kthread (XDP_PASS, stack, socket) and the reader */
		printf("BENCH userspace_rx_threads_ns_per_report %.0f ns\n",
		       (ns1 - ns0 + r.busy_ns) / r.decoded);
		printf("BENCH userspace_mpps_per_core_busy %.2f Mpps\n",
		       r.decoded / (ns1 - ns0 + r.busy_ns) * 1e3);
	}
	printf("BENCH userspace_veth_generated_mpps%s %.2f Mpps\n", suffix,
	       packets / wall / 1e6);
	if (user_mpps > 0)
		printf("BENCH xdp_vs_userspace_ratio%s %.1f x\n", suffix,
		       xdp_mpps / user_mpps);
	enter_ns(argv[3]);
	bpf_xdp_detach(rx_if, XDP_FLAGS_DRV_MODE, NULL);
	close(r.fd);
	collector__destroy(skel);
	host_state_free();
	return got && r.decoded ? 0 : 1;
}
