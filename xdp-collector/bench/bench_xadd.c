// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bench_xadd - the daemon's delivery to Redis (daemon_deliver(), the code
 * build/collector runs) timed against a redis-server: N buffered events
 * (hop latency changes of distinct flows, every field of a real event) sent
 * to a stream of their own at --batch B, and the stream's memory after.
 *
 *   bench_xadd HOST:PORT EVENTS BATCH...
 *
 * With RETAIN_S=S in the environment the published window is on (S
 * seconds, 64 MiB: the probe before each pipeline, a copy of each entry
 * kept), and the names end in _retain.  Prints per batch size
 *   BENCH xadd_events_per_s_batch<B> <events/s> events/s
 *   BENCH xadd_entries_batch<B> <entries> entries
 *   BENCH redis_bytes_per_event_batch<B> <MEMORY USAGE / EVENTS> bytes
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <arpa/inet.h>

#include "daemon.h"

#define STREAM "sonde:bench:xadd"

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* A realistic event: a flow's hop latency at one switch changed. */
static void event_of(unsigned long long i, struct collector_event *e)
{
	memset(e, 0, sizeof(*e));
	e->ts_ns = 1764000000000000000ULL + i * 1000;
	e->metric = METRIC_HOP_LATENCY;
	e->kind = EVENT_CHANGED;
	e->report = EVENT_REPORT | EVENT_REPORT_NODE;
	e->switch_id = 12 + i % 20;
	e->report_node = 12 + i % 20;
	e->report_seq = (__u32)(i * 7);
	e->flow.ip_version = 4;
	inet_pton(AF_INET, "10.0.0.1", e->flow.src);
	inet_pton(AF_INET, "10.0.1.2", e->flow.dst);
	e->flow.src_port = 5000 + i % 5000;
	e->flow.dst_port = 80;
	e->flow.protocol = 17;
	e->value = 900 + i % 500;
	e->previous = 400;
}

static long long reply_int(redisContext *c, const char *cmd)
{
	redisReply *r = redisCommand(c, cmd);
	long long v = r && r->type == REDIS_REPLY_INTEGER ? r->integer : -1;

	if (r)
		freeReplyObject(r);
	return v;
}

static int run(struct daemon *d, unsigned long long events,
	       unsigned long long batch)
{
	const char *suffix = d->o.retain_ms ? "_retain" : "";
	struct collector_event e;
	unsigned long long i;
	long long entries, bytes;
	double t0, t;

	reply_int(d->redis.c, "DEL " STREAM);
	d->o.batch = batch;
	daemon_wire(d);
	d->ev.published = 0;
	/* why: a stream deleted under a window would be re-published */
	daemon_retain_free(&d->ev.retain);
	daemon_retain_init(&d->ev.retain, d->o.retain_ms, d->o.retain_bytes);
	d->ev.written = d->ev.suspect = d->ev.emptied = 0;
	d->out.run_id[0] = '\0';
	d->out.witness_set = 0;
	snprintf(d->out.witness_key, sizeof(d->out.witness_key),
		 "sonde:bench:witness");
	for (i = 0; i < events; i++) {
		event_of(i, &e);
		daemon_buffer_push(&d->ev.buf, &e);
	}
	t0 = now_s();
	while (d->ev.buf.len && d->redis.c)
		daemon_deliver(&d->out, &d->ev, daemon_now_ms());
	t = now_s() - t0;
	if (d->ev.published != events) {
		fprintf(stderr, "bench_xadd: %llu of %llu delivered\n",
			d->ev.published, events);
		return 1;
	}
	entries = reply_int(d->redis.c, "XLEN " STREAM);
	bytes = reply_int(d->redis.c, "MEMORY USAGE " STREAM " SAMPLES 0");
	printf("BENCH xadd_events_per_s_batch%llu%s %.0f events/s\n", batch,
	       suffix, events / t);
	printf("BENCH xadd_entries_batch%llu%s %lld entries\n", batch, suffix,
	       entries);
	printf("BENCH redis_bytes_per_event_batch%llu%s %.1f bytes\n", batch,
	       suffix, (double)bytes / events);
	reply_int(d->redis.c, "DEL " STREAM);
	return 0;
}

int main(int argc, char **argv)
{
	static struct daemon d;
	static char host[256];
	unsigned long long events;
	char *colon;
	int i, err = 0;

	if (argc < 4 || !(colon = strrchr(argv[1], ':'))) {
		fprintf(stderr,
			"usage: bench_xadd HOST:PORT EVENTS BATCH...\n");
		return 2;
	}
	snprintf(host, sizeof(host), "%.*s", (int)(colon - argv[1]), argv[1]);
	events = strtoull(argv[2], NULL, 10);
	d.origin = (struct daemon_origin){ "bench",	     "veth0",
					   1764000000000ULL, CONTRACT_VERSION,
					   "node",	     "xdp" };
	d.o.events_stream = STREAM;
	d.o.maxlen = ~0ULL >> 1; /* nothing trimmed: all of it is measured */
	d.out.journal_fd = -1;
	d.o.retain_ms = getenv("RETAIN_S") ? atof(getenv("RETAIN_S")) * 1000
					   : 0;
	d.o.retain_bytes = DAEMON_DEFAULT_RETAIN_BYTES;
	d.redis = (struct daemon_redis){ .host = host,
					 .port = atoi(colon + 1),
					 .timeout_ms = 5000 };
	if (daemon_buffer_init(&d.ev.buf, events,
			       sizeof(struct collector_event)) ||
	    !daemon_redis_up(&d.redis, daemon_now_ms())) {
		fprintf(stderr, "bench_xadd: no buffer or no Redis at %s\n",
			argv[1]);
		return 1;
	}
	for (i = 3; i < argc && !err; i++)
		err = run(&d, events, strtoull(argv[i], NULL, 10));
	daemon_redis_close(&d.redis);
	daemon_buffer_free(&d.ev.buf);
	daemon_batch_free(&d.ev.batch);
	daemon_retain_free(&d.ev.retain);
	return err;
}
