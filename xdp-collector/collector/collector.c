// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * collector - the XDP collector daemon: loads collector.bpf.c through its
 * skeleton, attaches it to an interface (native mode where the driver has
 * it, generic otherwise), drains the event ring buffer into the Redis
 * Stream sonde:stream:events, pushes every table's values to
 * sonde:stream:snapshots every P seconds, applies thresholds received on a
 * Redis channel, publishes its counters to a hash, and detaches on
 * SIGTERM/SIGINT.  Without --redis it prints events and counters as JSON
 * lines (tests, debugging).  REDIS_CONTRACT.md is the contract; --help
 * lists the flags.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "collector.h"
#include "collector.skel.h"
#include "daemon.h"
#include "daemon_cli.h"
#include "daemon_host.h"

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

static void print_event(const struct collector_event *e)
{
	unsigned int i;

	printf("{\"event\": \"%s\", \"kind\": \"%s\", \"ts_ns\": %llu, ",
	       daemon_metric_names[e->metric],
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
	if (e->report & EVENT_REPORT) {
		printf(", \"report\": {\"seq\": %u, \"hw_id\": %u, \"node_id\": ",
		       e->report_seq, e->report_hw_id);
		if (e->report & EVENT_REPORT_NODE)
			printf("%u}", e->report_node);
		else
			fputs("null}", stdout);
	} else {
		fputs(", \"report\": null", stdout);
	}
	puts("}");
}

struct run {
	struct daemon d;
	int redis;  /* publishing to Redis */
	int events; /* -e: print events */
	int pass;   /* --pass */
};

static int on_event(void *ctx, void *data, size_t size)
{
	struct run *r = ctx;
	const struct collector_event *e = data;

	if (size < sizeof(*e) || e->metric >= METRIC_COUNT)
		return 0;
	r->d.ring_events++;
	if (r->events)
		print_event(e);
	if (r->redis)
		daemon_buffer_push(&r->d.ev.buf, e);
	return 0;
}

static void print_counters(struct daemon *d)
{
	__u64 c[CNT_COUNT];
	int r;

	if (daemon_read_counters(d->counters_fd, c))
		return;
	printf("{\"counters\": {\"packets\": %llu, \"passed\": %llu, "
	       "\"reports\": %llu, \"reports_no_int\": %llu, "
	       "\"reports_general\": %llu, \"events\": %llu, "
	       "\"events_lost\": %llu, \"map_full\": %llu, \"wakeups\": %llu, "
	       "\"metric_values\": %llu, \"reports_lost\": %llu, "
	       "\"reports_reordered\": %llu, \"report_sources_untracked\": "
	       "%llu, \"dropped\": {",
	       c[CNT_PACKETS], c[CNT_PASSED], c[CNT_REPORTS],
	       c[CNT_REPORTS_NO_INT], c[CNT_REPORTS_GENERAL], c[CNT_EVENTS],
	       c[CNT_EVENTS_LOST], c[CNT_MAP_FULL], c[CNT_WAKEUPS],
	       c[CNT_METRIC_VALUES], c[CNT_REPORTS_LOST],
	       c[CNT_REPORTS_REORDERED], c[CNT_SOURCES_UNTRACKED]);
	for (r = 1; r < INT_E_COUNT; r++)
		printf("%s\"%s\": %llu", r > 1 ? ", " : "",
		       daemon_error_names[r], c[CNT_DROP_BASE + r]);
	printf("}, \"published\": %llu, \"buffered\": %llu, "
	       "\"redis_dropped\": %llu, \"republished\": %llu}}\n",
	       d->ev.published, d->ev.buf.len, d->ev.buf.dropped,
	       d->ev.republished);
}

static const char usage_text[] =
	"Usage: collector -i IFACE [options]\n"
	"  -i, --iface IFACE          interface to attach to (required)\n"
	"  -m, --mode MODE            auto (default: native, generic if the driver\n"
	"                             refuses), native, or generic\n"
	"  -p, --port PORT            UDP port of telemetry reports (32766)\n"
	"  -t, --threshold METRIC=T   initial T(m), repeatable; METRIC is flow_path,\n"
	"                             flow_latency, hop_latency, queue_occupancy,\n"
	"                             queue_congestion or link_utilization\n"
	"      --pass                 pass reports to the stack after detection\n"
	"  -r, --redis HOST:PORT      publish to Redis (without it: JSON on stdout)\n"
	"  -n, --node-id NAME         node field and counters key (host name)\n"
	"      --events-stream KEY    sonde:stream:events\n"
	"      --snapshots-stream KEY sonde:stream:snapshots\n"
	"      --maxlen N             XADD MAXLEN ~ N entries on the events stream\n"
	"                             (4000)\n"
	"      --batch N              most events in one events entry (256)\n"
	"      --snapshot-maxlen N    the same on the snapshots stream (1000000)\n"
	"  -P, --push-interval S      periodic push of every table, seconds (10;\n"
	"                             0 = off)\n"
	"      --counters-interval S  counters hash update, seconds (5)\n"
	"      --buffer N             events kept while Redis is away (100000);\n"
	"                             past it the oldest are dropped and counted\n"
	"      --retain-seconds S     keep the entries Redis acknowledged in the\n"
	"                             last S seconds to re-publish what a restarted\n"
	"                             Redis lacks (5; 0 = off)\n"
	"      --retain-bytes N       at most N bytes of them (67108864)\n"
	"      --published-log FILE   append a line per entry Redis acknowledged\n"
	"      --threshold-channel CH thresholds channel (sonde:collector:thresholds;\n"
	"                             \"\" = none)\n"
	"      --redis-timeout-ms MS  connect and command time-out (500)\n"
	"      --backoff-max-ms MS    longest wait between reconnects (5000)\n"
	"  -e, --events               also print events as JSON lines\n"
	"  -d, --duration S           stop after S seconds\n"
	"  -v, --verbose              libbpf debug output\n"
	"  -h, --help\n";

enum {
	OPT_PASS = 256,
	OPT_SNAPSHOTS_STREAM,
	OPT_SNAPSHOT_MAXLEN,
	OPT_COUNTERS,
	OPT_CHANNEL,
};

static const struct option opts[] = {
	DAEMON_CLI_OPTIONS,
	{ "port", required_argument, NULL, 'p' },
	{ "pass", no_argument, NULL, OPT_PASS },
	{ "snapshots-stream", required_argument, NULL, OPT_SNAPSHOTS_STREAM },
	{ "snapshot-maxlen", required_argument, NULL, OPT_SNAPSHOT_MAXLEN },
	{ "push-interval", required_argument, NULL, 'P' },
	{ "counters-interval", required_argument, NULL, OPT_COUNTERS },
	{ "threshold-channel", required_argument, NULL, OPT_CHANNEL },
	{ "events", no_argument, NULL, 'e' },
	{},
};

/* The collector's own options; 0, or -EINVAL. */
static int own_option(void *arg, int opt, const char *val)
{
	struct run *r = arg;
	struct daemon *d = &r->d;

	switch (opt) {
	case OPT_PASS:
		r->pass = 1;
		return 0;
	case OPT_SNAPSHOTS_STREAM:
		d->o.snapshots_stream = val;
		return 0;
	case OPT_SNAPSHOT_MAXLEN:
		d->o.snapshot_maxlen = strtoull(val, NULL, 10);
		return 0;
	case 'P':
		d->o.push_s = atof(val);
		return 0;
	case OPT_COUNTERS:
		d->o.counters_s = atof(val);
		return 0;
	case OPT_CHANNEL:
		d->redis.channel = *val ? val : NULL;
		return 0;
	case 'e':
		r->events = 1;
		return 0;
	}
	return -EINVAL;
}

static int own_check(void *arg)
{
	const struct daemon *d = &((struct run *)arg)->d;

	if (!d->o.snapshot_maxlen || d->o.counters_s <= 0 || d->o.push_s < 0)
		return -EINVAL;
	return 0;
}

static void wall_offset(struct daemon *d)
{
	unsigned long long mono_ns;

	d->wall_offset_ns = daemon_wall_offset_ns(&d->started_ms, &mono_ns);
}

static int setup(struct run *r, struct collector *skel, struct daemon_cli *a)
{
	struct daemon *d = &r->d;
	int fds[SNAP_TABLES] = {
		[SNAP_FLOWS4] = bpf_map__fd(skel->maps.flows4),
		[SNAP_FLOWS6] = bpf_map__fd(skel->maps.flows6),
		[SNAP_QUEUE_SLOTS] = bpf_map__fd(skel->maps.queue_slots),
		[SNAP_QUEUES] = bpf_map__fd(skel->maps.queues),
		[SNAP_LINK_SLOTS] = bpf_map__fd(skel->maps.link_slots),
		[SNAP_LINK_UTIL] = bpf_map__fd(skel->maps.link_utilization),
		[SNAP_FLOW_SLOTS] = bpf_map__fd(skel->maps.flow_slots),
	};
	int err;

	d->counters_fd = bpf_map__fd(skel->maps.counters);
	d->thr = (struct daemon_thresholds){
		.fd = bpf_map__fd(skel->maps.thresholds),
		.count = METRIC_COUNT,
		.parse = daemon_parse_thresholds,
		.in_force = d->thresholds,
		.key = d->redis.channel,
		.room = 512,
		.cut = 1, /* a hash too large for one message: what fits */
		.counters_due = &d->next_counters_ms,
	};
	d->sources_fd = bpf_map__fd(skel->maps.report_sources);
	d->sources_more_fd = bpf_map__fd(skel->maps.report_sources_more);
	wall_offset(d);
	d->origin = (struct daemon_origin){
		.node = a->node,
		.ifname = a->iface,
		.run = d->started_ms,
		.version = CONTRACT_VERSION,
		.who = "node",
		.kind = "xdp",
	};
	daemon_origin_key(d->counters_key, sizeof(d->counters_key),
			  "sonde:collector", &d->origin, "counters");
	daemon_origin_key(d->out.witness_key, sizeof(d->out.witness_key),
			  "sonde:collector", &d->origin, "witness");
	err = daemon_thresholds_given(&d->thr, a->thresholds, a->n_thr);
	if (err || !r->redis)
		return err;
	daemon_wire(d);
	err = daemon_stream_init(&d->ev, d->o.buffer,
				 sizeof(struct collector_event), d->o.retain_ms,
				 d->o.retain_bytes);
	if (!err && d->o.published_log) {
		d->out.journal_fd = daemon_journal_open(d->o.published_log);
		if (d->out.journal_fd < 0) {
			fprintf(stderr, "collector: cannot open %s\n",
				d->o.published_log);
			return d->out.journal_fd;
		}
	}
	if (!err)
		err = snapshot_init(&d->snap, fds);
	d->next_push_ms =
		daemon_now_ms() + (unsigned long long)(d->o.push_s * 1000);
	return err;
}

int main(int argc, char **argv)
{
	static struct run r;
	struct daemon *d = &r.d;
	struct daemon_cli cli = {
		.usage = usage_text,
		.opts = opts,
		.own_short = "P:e",
		.own = own_option,
		.own_check = own_check,
		.arg = &r,
		.mode = "auto",
		.max_thr = METRIC_COUNT * 4,
		.conn = &d->redis,
		DAEMON_CLI_DELIVERY(d->o),
	};
	struct collector *skel = NULL;
	struct ring_buffer *rb = NULL;
	struct daemon_xdp xdp = { 0 };
	unsigned long long start, deadline;
	int err;

	d->o = (struct daemon_opts){
		.events_stream = "sonde:stream:events",
		.snapshots_stream = "sonde:stream:snapshots",
		.maxlen = DAEMON_DEFAULT_MAXLEN,
		.batch = DAEMON_DEFAULT_BATCH,
		.snapshot_maxlen = 1000000,
		.buffer = 100000,
		.push_s = 10,
		.counters_s = 5,
		.retain_ms = DAEMON_DEFAULT_RETAIN_S * 1000,
		.retain_bytes = DAEMON_DEFAULT_RETAIN_BYTES,
	};
	d->out.journal_fd = -1;
	daemon_prog = "collector";
	d->redis = (struct daemon_redis){
		DAEMON_REDIS_DEFAULTS,
		.channel = "sonde:collector:thresholds",
	};
	xdp.ifindex = daemon_cli_parse(&cli, argc, argv);
	if (!xdp.ifindex)
		return 2;
	xdp.ifname = cli.iface;
	r.redis = cli.redis != NULL;
	daemon_libbpf_print(cli.verbose);
	skel = collector__open();
	if (!skel) {
		err = -errno;
		goto cleanup;
	}
	err = collector__load(skel);
	if (err)
		goto cleanup;
	if (cli.port)
		skel->data->config.report_port = cli.port;
	skel->data->config.pass_reports = r.pass;
	d->report_port = skel->data->config.report_port;
	err = setup(&r, skel, &cli);
	if (err)
		goto cleanup;
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_event, &r,
			      NULL);
	if (!rb) {
		err = -errno;
		goto cleanup;
	}
	daemon_catch_signals();
	err = daemon_xdp_attach(
		&xdp, bpf_program__fd(skel->progs.xdp_collector), cli.mode);
	if (err)
		goto cleanup;
	d->mode = xdp.mode;
	printf("{\"attached\": \"%s\", \"mode\": \"%s\", \"report_port\": %u}\n",
	       cli.iface, d->mode, d->report_port);
	fflush(stdout);
	start = daemon_now_ms();
	while (!daemon_stopping) {
		/* why: events are submitted without wakeups; consume on a timer too */
		ring_buffer__poll(rb, d->snap_active ? 0 : 50);
		ring_buffer__consume(rb);
		if (r.redis)
			daemon_push_step(d, 0);
		fflush(stdout);
		if (daemon_cli_done(&cli, start))
			break;
	}
	/* Detach first, so that the last events are all in the ring. */
	daemon_xdp_detach(&xdp);
	ring_buffer__consume(rb);
	if (r.redis) {
		/* why: a last try for what is buffered, bounded in time */
		deadline = daemon_now_ms() + 2000;
		do
			daemon_push_step(d, 1);
		while (daemon_out_pending(&d->out, deadline));
		if (d->ev.buf.len)
			fprintf(stderr,
				"collector: %llu buffered events not delivered\n",
				d->ev.buf.len);
	}
	print_counters(d);
	err = 0;
cleanup:
	daemon_xdp_detach(&xdp);
	ring_buffer__free(rb);
	collector__destroy(skel);
	daemon_out_close(&d->out);
	snapshot_free(&d->snap);
	daemon_sources_free(&d->sources);
	return daemon_exit_code(err);
}
