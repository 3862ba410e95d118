// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * collector - loads collector.bpf.c through its skeleton, attaches it to an
 * interface, sets the report port and the thresholds, drains the event ring
 * buffer and prints events and counters as JSON lines.  The daemon of issue
 * 6 (Redis delivery, periodic push, threshold subscription) grows from here.
 *
 *   collector -i IFACE [-m native|generic] [-p PORT] [-t METRIC=T]...
 *             [--pass] [-e] [-d SECONDS]
 */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <net/if.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_link.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "collector.h"
#include "collector.skel.h"

static const char *const metric_names[METRIC_COUNT] = {
	"flow_path",	   "flow_latency",     "hop_latency",
	"queue_occupancy", "queue_congestion", "link_utilization",
};

static const char *const error_names[INT_E_COUNT] = {
	"ok",
	"truncated",
	"bad_length",
	"hop_count_over_limit",
	"unknown_version",
	"bad_shim",
	"unknown_type",
	"bad_ip_header",
	"bad_l4_header",
	"bad_link_header",
	"too_many_vlan_tags",
	"unsupported_link_type",
	"not_ip",
	"not_telemetry",
};

static volatile sig_atomic_t stopping;
static int verbose;

static void on_signal(int sig)
{
	(void)sig;
	stopping = 1;
}

static int print_libbpf(enum libbpf_print_level level, const char *fmt,
			va_list args)
{
	if (level == LIBBPF_DEBUG && !verbose)
		return 0;
	return vfprintf(stderr, fmt, args);
}

static void print_flow(const struct flow_key *k)
{
	char src[64], dst[64];
	int af = k->ip_version == 6 ? AF_INET6 : AF_INET;

	if (!k->ip_version) {
		fputs("null", stdout);
		return;
	}
	if (!inet_ntop(af, k->src, src, sizeof(src)) ||
	    !inet_ntop(af, k->dst, dst, sizeof(dst)))
		return;
	printf("{\"src_ip\": \"%s\", \"dst_ip\": \"%s\", \"src_port\": %u, "
	       "\"dst_port\": %u, \"protocol\": %u}",
	       src, dst, k->src_port, k->dst_port, k->protocol);
}

static int on_event(void *ctx, void *data, size_t size)
{
	const struct collector_event *e = data;
	unsigned int i;

	if (!*(int *)ctx || size < sizeof(*e) || e->metric >= METRIC_COUNT)
		return 0;
	printf("{\"event\": \"%s\", \"kind\": \"%s\", \"ts_ns\": %llu, ",
	       metric_names[e->metric],
	       e->kind == EVENT_NEW_KEY ? "new_key" : "changed",
	       (unsigned long long)e->ts_ns);
	printf("\"switch_id\": %u, \"id\": %u, \"flow\": ", e->switch_id,
	       e->id);
	print_flow(&e->flow);
	printf(", \"value\": %llu, \"previous\": %llu",
	       (unsigned long long)e->value, (unsigned long long)e->previous);
	if (e->metric == METRIC_FLOW_PATH) {
		fputs(", \"path\": [", stdout);
		for (i = 0; i < e->hops && i < COLLECTOR_MAX_PATH; i++)
			printf("%s%u", i ? ", " : "", e->path[i]);
		fputc(']', stdout);
	}
	puts("}");
	return 0;
}

/* Sums a per-CPU counter over the possible CPUs. */
static int read_counters(int fd, __u64 *out)
{
	int cpus = libbpf_num_possible_cpus(), c;
	__u32 k;
	__u64 *v;

	if (cpus < 1)
		return -EINVAL;
	v = calloc(cpus, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (k = 0; k < CNT_COUNT; k++) {
		out[k] = 0;
		if (bpf_map_lookup_elem(fd, &k, v))
			continue;
		for (c = 0; c < cpus; c++)
			out[k] += v[c];
	}
	free(v);
	return 0;
}

static void print_counters(int fd)
{
	__u64 c[CNT_COUNT];
	int r;

	if (read_counters(fd, c))
		return;
	printf("{\"counters\": {\"packets\": %llu, \"passed\": %llu, "
	       "\"reports\": %llu, \"reports_no_int\": %llu, \"events\": %llu, "
	       "\"events_lost\": %llu, \"map_full\": %llu, \"wakeups\": %llu, "
	       "\"dropped\": {",
	       c[CNT_PACKETS], c[CNT_PASSED], c[CNT_REPORTS],
	       c[CNT_REPORTS_NO_INT], c[CNT_EVENTS], c[CNT_EVENTS_LOST],
	       c[CNT_MAP_FULL], c[CNT_WAKEUPS]);
	for (r = 1; r < INT_E_COUNT; r++)
		printf("%s\"%s\": %llu", r > 1 ? ", " : "", error_names[r],
		       c[CNT_DROP_BASE + r]);
	puts("}}}");
}

static int set_threshold(struct collector *skel, const char *arg)
{
	char name[64];
	unsigned long long t;
	__u32 m;

	if (sscanf(arg, "%63[a-z_]=%llu", name, &t) != 2)
		return -EINVAL;
	for (m = 0; m < METRIC_COUNT; m++) {
		if (strcmp(name, metric_names[m]))
			continue;
		return bpf_map__update_elem(skel->maps.thresholds, &m,
					    sizeof(m), &t, sizeof(t), BPF_ANY);
	}
	return -ENOENT;
}

static void usage(void)
{
	fputs("Usage: collector -i IFACE [-m native|generic] [-p PORT] "
	      "[-t METRIC=T]... [--pass] [-e] [-d SECONDS] [-v]\n",
	      stderr);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "iface", required_argument, NULL, 'i' },
		{ "mode", required_argument, NULL, 'm' },
		{ "port", required_argument, NULL, 'p' },
		{ "threshold", required_argument, NULL, 't' },
		{ "pass", no_argument, NULL, 'P' },
		{ "events", no_argument, NULL, 'e' },
		{ "duration", required_argument, NULL, 'd' },
		{ "verbose", no_argument, NULL, 'v' },
		{},
	};
	struct collector *skel = NULL;
	struct ring_buffer *rb = NULL;
	const char *iface = NULL, *thresholds[METRIC_COUNT * 4];
	__u32 flags = XDP_FLAGS_DRV_MODE;
	int ifindex, opt, n_thr = 0, events = 0, pass = 0, port = 0, i, err;
	double duration = 0;
	struct timespec start, now;

	while ((opt = getopt_long(argc, argv, "i:m:p:t:ed:v", opts, NULL)) !=
	       -1) {
		switch (opt) {
		case 'i':
			iface = optarg;
			break;
		case 'm':
			flags = !strcmp(optarg, "generic") ? XDP_FLAGS_SKB_MODE
							   : XDP_FLAGS_DRV_MODE;
			break;
		case 'p':
			port = atoi(optarg);
			break;
		case 't':
			if (n_thr <
			    (int)(sizeof(thresholds) / sizeof(*thresholds)))
				thresholds[n_thr++] = optarg;
			break;
		case 'P':
			pass = 1;
			break;
		case 'e':
			events = 1;
			break;
		case 'd':
			duration = atof(optarg);
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			usage();
			return 2;
		}
	}
	ifindex = iface ? (int)if_nametoindex(iface) : 0;
	if (!ifindex) {
		usage();
		return 2;
	}
	libbpf_set_print(print_libbpf);
	skel = collector__open();
	if (!skel) {
		err = -errno;
		goto cleanup;
	}
	err = collector__load(skel);
	if (err)
		goto cleanup;
	if (port > 0 && port < 65536)
		skel->data->config.report_port = port;
	skel->data->config.pass_reports = pass;
	for (i = 0; i < n_thr; i++) {
		err = set_threshold(skel, thresholds[i]);
		if (err) {
			fprintf(stderr, "collector: bad threshold %s\n",
				thresholds[i]);
			goto cleanup;
		}
	}
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_event, &events,
			      NULL);
	if (!rb) {
		err = -errno;
		goto cleanup;
	}
	err = bpf_xdp_attach(ifindex,
			     bpf_program__fd(skel->progs.xdp_collector), flags,
			     NULL);
	if (err) {
		fprintf(stderr, "collector: attach to %s failed: %s\n", iface,
			strerror(-err));
		goto cleanup;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	printf("{\"attached\": \"%s\", \"mode\": \"%s\", \"report_port\": %u}\n",
	       iface, flags == XDP_FLAGS_SKB_MODE ? "generic" : "native",
	       skel->data->config.report_port);
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &start);
	while (!stopping) {
		/* why: events are submitted without wakeups; consume on a timer too */
		ring_buffer__poll(rb, 50);
		ring_buffer__consume(rb);
		fflush(stdout);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (duration > 0 &&
		    (now.tv_sec - start.tv_sec) +
				    (now.tv_nsec - start.tv_nsec) / 1e9 >=
			    duration)
			break;
	}
	ring_buffer__consume(rb);
	bpf_xdp_detach(ifindex, flags, NULL);
	print_counters(bpf_map__fd(skel->maps.counters));
	err = 0;
cleanup:
	ring_buffer__free(rb);
	collector__destroy(skel);
	if (err)
		fprintf(stderr, "collector: %s\n", strerror(-err));
	return err ? 1 : 0;
}
