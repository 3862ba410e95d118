// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * nic-agent - the NIC agent's daemon (paper 002's monitoring host): loads
 * agent.bpf.c through its skeleton with the FlowCache sized by --rows,
 * attaches it to an interface (native mode, generic as a fallback), writes
 * thresholds and histogram bin widths into their maps, drains R_I (events)
 * and R_G (evicted flows), walks the FlowCache for aged and active flows,
 * reads the histograms, and publishes all of it to Redis as
 * agent/REDIS_CONTRACT.md says.  Without --redis it prints the lines it
 * would publish.  --help lists the flags.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "agent.skel.h"
#include "agent_daemon.h"
#include "daemon_cli.h"
#include "daemon_host.h"

struct run {
	struct agent_daemon d;
	int redis; /* publishing to Redis; else lines on stdout */
	unsigned long long wakeup_bytes;
};

/* Without Redis: each buffered record as its line, after its stream's name. */
static void print_buffered(struct agent_daemon *d, struct daemon_stream *s)
{
	struct daemon_pending *p;
	char line[8192];
	int n;

	while ((p = daemon_buffer_at(&s->buf, 0))) {
		n = s->line(p->rec, p->seq, line, sizeof(line), s->line_arg);
		if (n > 0)
			printf("%s %.*s", s->items, n, line);
		daemon_buffer_pop(&s->buf, 1);
	}
	(void)d;
}

static int on_event(void *ctx, void *data, size_t size)
{
	struct run *r = ctx;

	if (size < sizeof(struct agent_event))
		return 0;
	r->d.ring_events++;
	daemon_buffer_push(&r->d.ev.buf, data);
	return 0;
}

static int on_evicted(void *ctx, void *data, size_t size)
{
	struct run *r = ctx;
	struct agent_flow_out out = { .reason = AGENT_R_EVICTED };

	if (size < sizeof(struct agent_flow_bucket))
		return 0;
	r->d.ring_records++;
	memcpy(&out.b, data, sizeof(out.b));
	daemon_buffer_push(&r->d.fl.buf, &out);
	return 0;
}

static const char usage_text[] =
	"Usage: nic-agent -i IFACE [options]\n"
	"  -i, --iface IFACE           interface to attach to (required)\n"
	"  -m, --mode MODE             auto (default: native, generic if the\n"
	"                              driver refuses), native, or generic\n"
	"  -p, --int-port PORT         UDP destination port of INT (4096)\n"
	"  -t, --threshold M.T=V       a threshold, repeatable: M is hop_latency,\n"
	"                              queue_occupancy, link_utilization,\n"
	"                              flow_latency or flow_path; T change or\n"
	"                              threshold (flow_path: change only)\n"
	"      --bin-width M=W         histogram bin width of hop_latency (1000),\n"
	"                              queue_occupancy (64), link_utilization (1000)\n"
	"      --rows N                FlowCache rows, a power of two (524288)\n"
	"      --idle-timeout S        a flow idle this long is aged out (30)\n"
	"      --age-interval S        aging pass, seconds (5; 0 = off)\n"
	"      --flow-interval S       active flows published, seconds (2; 0 = off)\n"
	"      --hist-interval S       histograms published, seconds (5; 0 = off)\n"
	"  -r, --redis HOST:PORT       publish to Redis (without it: lines on stdout)\n"
	"  -n, --node-id NAME          agent field and keys (host name)\n"
	"      --events-stream KEY     sonde:stream:agent-events\n"
	"      --flows-stream KEY      sonde:stream:flow-records\n"
	"      --hist-stream KEY       sonde:stream:agent-histograms\n"
	"      --maxlen N              MAXLEN ~ N entries of events and flows (4000)\n"
	"      --hist-maxlen N         the same for histograms (100000)\n"
	"      --batch N               most records in one entry (256)\n"
	"      --buffer N              records kept per stream while Redis is away\n"
	"                              (200000); past it the oldest are dropped\n"
	"      --counters-interval S   counters hash update, seconds (5)\n"
	"      --retain-seconds S      re-publishing window (5; 0 = off)\n"
	"      --retain-bytes N        at most N bytes of it per stream (67108864)\n"
	"      --published-log FILE    a line per entry Redis acknowledged\n"
	"      --wakeup-bytes N        wake the reader past N unread ring bytes\n"
	"                              (262144)\n"
	"      --redis-timeout-ms MS   connect and command time-out (500)\n"
	"      --backoff-max-ms MS     longest wait between reconnects (5000)\n"
	"  -d, --duration S            stop after S seconds\n"
	"  -v, --verbose               libbpf debug output\n"
	"  -h, --help\n";

enum {
	OPT_BIN_WIDTH = 256,
	OPT_ROWS,
	OPT_IDLE,
	OPT_AGE,
	OPT_FLOW,
	OPT_HIST,
	OPT_FLOWS_STREAM,
	OPT_HIST_STREAM,
	OPT_HIST_MAXLEN,
	OPT_COUNTERS,
	OPT_WAKEUP,
};

static const struct option opts[] = {
	DAEMON_CLI_OPTIONS,
	{ "int-port", required_argument, NULL, 'p' },
	{ "bin-width", required_argument, NULL, OPT_BIN_WIDTH },
	{ "rows", required_argument, NULL, OPT_ROWS },
	{ "idle-timeout", required_argument, NULL, OPT_IDLE },
	{ "age-interval", required_argument, NULL, OPT_AGE },
	{ "flow-interval", required_argument, NULL, OPT_FLOW },
	{ "hist-interval", required_argument, NULL, OPT_HIST },
	{ "flows-stream", required_argument, NULL, OPT_FLOWS_STREAM },
	{ "hist-stream", required_argument, NULL, OPT_HIST_STREAM },
	{ "hist-maxlen", required_argument, NULL, OPT_HIST_MAXLEN },
	{ "counters-interval", required_argument, NULL, OPT_COUNTERS },
	{ "wakeup-bytes", required_argument, NULL, OPT_WAKEUP },
	{},
};

static int bin_width(struct agent_daemon *d, const char *s)
{
	const char *eq = strchr(s, '=');
	unsigned long long w;
	char *end;
	int m;

	if (!eq)
		return -EINVAL;
	w = strtoull(eq + 1, &end, 10);
	if (*end || !w || eq[1] < '0' || eq[1] > '9')
		return -EINVAL;
	for (m = 0; m < AGENT_HOP_METRICS; m++)
		if (strlen(agent_metric_names[m]) == (size_t)(eq - s) &&
		    !strncmp(s, agent_metric_names[m], (size_t)(eq - s))) {
			d->bin_width[m] = w;
			return 0;
		}
	return -EINVAL;
}

/* The NIC agent's own options; 0, or -EINVAL. */
static int own_option(void *arg, int opt, const char *val)
{
	struct run *r = arg;
	struct agent_daemon *d = &r->d;
	unsigned long long rows;
	char *end;

	switch (opt) {
	case OPT_BIN_WIDTH:
		return bin_width(d, val) ? -EINVAL : 0;
	case OPT_ROWS:
		rows = strtoull(val, &end, 10);
		if (*end || !rows || rows > (1ULL << 24) || (rows & (rows - 1)))
			return -EINVAL;
		d->rows = (unsigned int)rows;
		return 0;
	case OPT_IDLE:
		d->o.idle_s = daemon_cli_seconds(val);
		return 0;
	case OPT_AGE:
		d->o.age_s = daemon_cli_seconds(val);
		return 0;
	case OPT_FLOW:
		d->o.flow_s = daemon_cli_seconds(val);
		return 0;
	case OPT_HIST:
		d->o.hist_s = daemon_cli_seconds(val);
		return 0;
	case OPT_FLOWS_STREAM:
		d->o.flows_stream = val;
		return 0;
	case OPT_HIST_STREAM:
		d->o.hist_stream = val;
		return 0;
	case OPT_HIST_MAXLEN:
		d->o.hist_maxlen = strtoull(val, NULL, 10);
		return 0;
	case OPT_COUNTERS:
		d->o.counters_s = daemon_cli_seconds(val);
		return 0;
	case OPT_WAKEUP:
		r->wakeup_bytes = strtoull(val, &end, 10);
		return *end ? -EINVAL : 0;
	}
	return -EINVAL;
}

static int own_check(void *arg)
{
	const struct agent_daemon *d = &((struct run *)arg)->d;

	if (!d->o.hist_maxlen || d->o.counters_s <= 0 || d->o.idle_s < 0 ||
	    d->o.age_s < 0 || d->o.flow_s < 0 || d->o.hist_s < 0)
		return -EINVAL;
	return 0;
}

static void clocks(struct agent_daemon *d)
{
	d->ctx.wall_offset_ns =
		daemon_wall_offset_ns(&d->started_ms, &d->active_since_ns);
}

/* The config map, then the thresholds: before the program is attached. */
static int configure(struct run *r, struct agent *skel,
		     const struct daemon_cli *a)
{
	struct agent_daemon *d = &r->d;
	struct agent_config cfg = { 0 };
	__u32 zero = 0;
	int i;

	d->counters_fd = bpf_map__fd(skel->maps.counters);
	d->thr = (struct daemon_thresholds){
		.fd = bpf_map__fd(skel->maps.thresholds),
		.count = AGENT_THRESHOLDS,
		.parse = agent_parse_thresholds,
		.in_force = d->thresholds,
		.key = d->thresholds_key,
		.room = 1024, /* why: a larger hash is refused, not cut */
		.counters_due = &d->next_counters_ms,
	};
	d->rows_fd = bpf_map__fd(skel->maps.flow_rows);
	d->hist_fd = bpf_map__fd(skel->maps.histograms);
	d->hist_slots_fd = bpf_map__fd(skel->maps.hist_slots);
	d->config_fd = bpf_map__fd(skel->maps.config);
	d->int_port = a->port ? (unsigned int)a->port : AGENT_DEFAULT_INT_PORT;
	cfg.int_port = d->int_port;
	cfg.rows_mask = d->rows - 1;
	for (i = 0; i < AGENT_HOP_METRICS; i++)
		cfg.bin_width[i] = d->bin_width[i];
	cfg.wakeup_bytes = r->wakeup_bytes;
	if (bpf_map_update_elem(d->config_fd, &zero, &cfg, BPF_ANY))
		return -errno;
	/* why: a threshold nobody set must not fire on every packet */
	for (i = 0; i < AGENT_THRESHOLDS; i++) {
		__u32 key = (__u32)i;
		__u64 off = AGENT_THRESHOLD_OFF;

		if (bpf_map_update_elem(d->thr.fd, &key, &off, BPF_ANY))
			return -errno;
		d->thresholds[i] = off;
	}
	return daemon_thresholds_given(&d->thr, a->thresholds, a->n_thr);
}

static int setup(struct run *r, struct daemon_cli *a)
{
	struct agent_daemon *d = &r->d;
	int err;

	clocks(d);
	d->origin = (struct daemon_origin){
		.node = a->node,
		.ifname = a->iface,
		.run = d->started_ms,
		.version = AGENT_CONTRACT_VERSION,
		.who = "agent",
		.kind = "nic_agent",
	};
	daemon_origin_key(d->counters_key, sizeof(d->counters_key),
			  "sonde:agent", &d->origin, "counters");
	daemon_origin_key(d->thresholds_key, sizeof(d->thresholds_key),
			  "sonde:agent", &d->origin, "thresholds");
	daemon_origin_key(d->out.witness_key, sizeof(d->out.witness_key),
			  "sonde:agent", &d->origin, "witness");
	d->redis.channel = d->thresholds_key;
	agent_wire(d);
	err = daemon_stream_init(&d->ev, d->o.buffer,
				 sizeof(struct agent_event), d->o.retain_ms,
				 d->o.retain_bytes)
		      ?: daemon_stream_init(&d->fl, d->o.buffer,
					    sizeof(struct agent_flow_out),
					    d->o.retain_ms, d->o.retain_bytes);
	if (!err && d->o.published_log) {
		d->out.journal_fd = daemon_journal_open(d->o.published_log);
		if (d->out.journal_fd < 0)
			return d->out.journal_fd;
	}
	return err;
}

static void print_counters(struct agent_daemon *d)
{
	__u64 c[AGENT_C_COUNT];

	if (agent_read_counters(d->counters_fd, c))
		return;
	printf("counters packets=%llu int_packets=%llu stripped=%llu "
	       "events=%llu evicted=%llu ri_lost=%llu rg_lost=%llu "
	       "ring_events=%llu ring_records=%llu published=%llu "
	       "records_published=%llu redis_dropped=%llu "
	       "records_dropped=%llu aged=%llu active=%llu\n",
	       c[AGENT_C_PACKETS], c[AGENT_C_INT_PACKETS], c[AGENT_C_STRIPPED],
	       c[AGENT_C_EVENTS], c[AGENT_C_EVICTED], c[AGENT_C_RI_LOST],
	       c[AGENT_C_RG_LOST], d->ring_events, d->ring_records,
	       d->ev.published, d->fl.published, d->ev.buf.dropped,
	       d->fl.buf.dropped, d->aged, d->active);
}

static void drain(struct ring_buffer *rb)
{
	while (ring_buffer__consume(rb) > 0)
		;
}

int main(int argc, char **argv)
{
	static struct run r;
	struct agent_daemon *d = &r.d;
	struct daemon_cli cli = {
		.usage = usage_text,
		.opts = opts,
		.own_short = "",
		.own = own_option,
		.own_check = own_check,
		.arg = &r,
		.mode = "auto",
		.max_thr = 64,
		.conn = &d->redis,
		DAEMON_CLI_DELIVERY(d->o),
	};
	struct ring_buffer *rb = NULL;
	struct agent *skel = NULL;
	unsigned long long start, deadline;
	struct daemon_xdp xdp = { 0 };
	int err;

	daemon_prog = "nic-agent";
	d->o = (struct agent_opts){
		.events_stream = "sonde:stream:agent-events",
		.flows_stream = "sonde:stream:flow-records",
		.hist_stream = "sonde:stream:agent-histograms",
		.maxlen = DAEMON_DEFAULT_MAXLEN,
		.hist_maxlen = 100000,
		.buffer = 200000,
		.batch = DAEMON_DEFAULT_BATCH,
		.hist_s = 5,
		.counters_s = 5,
		.age_s = 5,
		.idle_s = 30,
		.flow_s = 2,
		.retain_ms = DAEMON_DEFAULT_RETAIN_S * 1000,
		.retain_bytes = DAEMON_DEFAULT_RETAIN_BYTES,
	};
	d->rows = AGENT_DEFAULT_ROWS;
	d->bin_width[AGENT_M_HOP_LATENCY] = 1000;
	d->bin_width[AGENT_M_QUEUE_OCCUPANCY] = 64;
	d->bin_width[AGENT_M_LINK_UTILIZATION] = 1000;
	d->out.journal_fd = -1;
	d->redis = (struct daemon_redis){ DAEMON_REDIS_DEFAULTS };
	r.wakeup_bytes = 256 * 1024;
	xdp.ifindex = daemon_cli_parse(&cli, argc, argv);
	if (!xdp.ifindex)
		return 2;
	xdp.ifname = cli.iface;
	r.redis = cli.redis != NULL;
	daemon_libbpf_print(cli.verbose);
	skel = agent__open();
	if (!skel) {
		err = -errno;
		goto cleanup;
	}
	err = bpf_map__set_max_entries(skel->maps.flow_rows, d->rows)
		      ?: agent__load(skel);
	if (err)
		goto cleanup;
	err = setup(&r, &cli) ?: configure(&r, skel, &cli);
	if (err)
		goto cleanup;
	rb = ring_buffer__new(bpf_map__fd(skel->maps.ri), on_event, &r, NULL);
	if (!rb ||
	    ring_buffer__add(rb, bpf_map__fd(skel->maps.rg), on_evicted, &r)) {
		err = -errno;
		goto cleanup;
	}
	daemon_catch_signals();
	err = daemon_xdp_attach(&xdp, bpf_program__fd(skel->progs.xdp_agent),
				cli.mode);
	if (err)
		goto cleanup;
	d->mode = xdp.mode;
	printf("attached ifname=%s mode=%s int_port=%u rows=%u\n", cli.iface,
	       d->mode, d->int_port, d->rows);
	fflush(stdout);
	start = daemon_now_ms();
	d->next_age_ms = start + (unsigned long long)(d->o.age_s * 1000);
	d->next_flow_ms = start + (unsigned long long)(d->o.flow_s * 1000);
	d->next_hist_ms = start + (unsigned long long)(d->o.hist_s * 1000);
	while (!daemon_stopping) {
		/* why: records are submitted without wakeups; consume on a timer too */
		ring_buffer__poll(rb, 20);
		drain(rb);
		agent_walk_step(d, 0);
		if (r.redis) {
			agent_push_step(d, 0);
		} else {
			print_buffered(d, &d->ev);
			print_buffered(d, &d->fl);
		}
		fflush(stdout);
		if (daemon_cli_done(&cli, start))
			break;
	}
	/* Detach first, so that the last records are all in the rings. */
	daemon_xdp_detach(&xdp);
	drain(rb);
	if (r.redis) {
		/* why: a last try for what is buffered, bounded in time */
		deadline = daemon_now_ms() + 2000;
		do
			agent_push_step(d, 1);
		while (daemon_out_pending(&d->out, deadline));
		if (d->ev.buf.len || d->fl.buf.len)
			fprintf(stderr,
				"nic-agent: %llu events, %llu flow records "
				"not delivered\n",
				d->ev.buf.len, d->fl.buf.len);
	} else {
		print_buffered(d, &d->ev);
		print_buffered(d, &d->fl);
	}
	print_counters(d);
	err = 0;
cleanup:
	daemon_xdp_detach(&xdp);
	ring_buffer__free(rb);
	agent__destroy(skel);
	daemon_out_close(&d->out);
	return daemon_exit_code(err);
}
