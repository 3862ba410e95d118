// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_push.c - what the NIC agent daemon sends to Redis: its events and
 * flow records (shared/daemon_deliver.c, at least once and in order), the
 * histograms every --hist-interval s, the counters hash; and the
 * thresholds it takes from the hash and channel of the same name.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "agent_daemon.h"
#include "agent_hist.h"

#define IDLE_PROBE_MS 1000 /* a loss is noticed while nothing is published */
#define STEP_BUDGET_MS 25  /* why: the rings must be drained meanwhile */

void agent_wire(struct agent_daemon *d)
{
	struct daemon_stream *s[2] = { &d->ev, &d->fl };
	const char *names[2] = { d->o.events_stream, d->o.flows_stream };
	const char *items[2] = { "events", "records" };
	daemon_line_fn lines[2] = { agent_event_line, agent_flow_line };
	int i;

	for (i = 0; i < 2; i++) {
		s[i]->name = names[i];
		s[i]->items = items[i];
		s[i]->maxlen = d->o.maxlen;
		s[i]->batch_max = d->o.batch;
		s[i]->line = lines[i];
		s[i]->line_arg = &d->ctx;
		d->out.streams[i] = s[i];
	}
	d->out.n_streams = 2;
	d->out.redis = &d->redis;
	d->out.origin = &d->origin;
}

static unsigned long long wall_now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (unsigned long long)t.tv_sec * 1000000000ULL + t.tv_nsec;
}

int agent_apply_thresholds(struct agent_daemon *d, const char *msg, size_t len)
{
	unsigned long long t[AGENT_THRESHOLDS];
	int set[AGENT_THRESHOLDS], n, i;
	__u32 key;
	__u64 v;

	n = agent_parse_thresholds(msg, len, t, set);
	if (n < 0)
		return n;
	for (i = 0; i < AGENT_THRESHOLDS; i++) {
		if (!set[i])
			continue;
		key = (__u32)i;
		v = t[i];
		if (bpf_map_update_elem(d->thresholds_fd, &key, &v, BPF_ANY))
			return -errno;
		d->thresholds[i] = t[i];
	}
	d->thresholds_applied++;
	return n;
}

static void on_message(const char *msg, size_t len, void *arg)
{
	struct agent_daemon *d = arg;

	if (agent_apply_thresholds(d, msg, len) < 0) {
		d->thresholds_rejected++;
		fprintf(stderr, "nic-agent: threshold message refused: %.*s\n",
			(int)(len > 200 ? 200 : len), msg);
	}
	d->next_counters_ms = 0; /* show the new thresholds at once */
}

/*
 * The hash holds the thresholds wanted now: read on every connect, since
 * a message published while the daemon was away is lost to it.  Applied
 * as one message: whole or not at all.
 */
static void load_thresholds(struct agent_daemon *d, unsigned long long now)
{
	char msg[1024];
	size_t used = 0, i;
	redisReply *rep;

	rep = redisCommand(d->redis.c, "HGETALL %s", d->thresholds_key);
	if (!rep) {
		daemon_redis_fail(&d->redis, now, "HGETALL thresholds");
		return;
	}
	if (rep->type == REDIS_REPLY_ARRAY && rep->elements) {
		for (i = 0; i + 1 < rep->elements && used < sizeof(msg); i += 2)
			used += snprintf(msg + used, sizeof(msg) - used,
					 "%s=%s ", rep->element[i]->str ?: "",
					 rep->element[i + 1]->str ?: "");
		/* why: a hash too large for one message is refused, not cut */
		on_message(msg, used < sizeof(msg) ? used : sizeof(msg), d);
	}
	freeReplyObject(rep);
}

int agent_read_counters(int fd, __u64 out[AGENT_C_COUNT])
{
	int cpus = libbpf_num_possible_cpus(), c, k;
	struct agent_counters *v;
	__u32 zero = 0;

	if (cpus < 1)
		return -EINVAL;
	v = calloc(cpus, sizeof(*v));
	if (!v)
		return -ENOMEM;
	memset(out, 0, sizeof(__u64) * AGENT_C_COUNT);
	if (!bpf_map_lookup_elem(fd, &zero, v))
		for (c = 0; c < cpus; c++)
			for (k = 0; k < AGENT_C_COUNT; k++)
				out[k] += v[c].v[k];
	free(v);
	return 0;
}

/* Appends one (switch, metric) entry: 0, or the append's error. */
static int append_histogram(struct agent_daemon *d,
			    const struct agent_switch_hist *h, __u32 metric,
			    unsigned long long wall, int *appended)
{
	struct agent_hist_key key = { .switch_id = h->switch_id,
				      .metric = metric };
	struct agent_hist bins;
	struct daemon_fields f;

	/* why: a metric no packet carried at this switch has no histogram */
	if (!(h->seen & (1U << metric)))
		return 0;
	memcpy(bins.bins, h->bins[metric], sizeof(bins.bins));
	if (agent_hist_fields(&f, &d->origin, &key, &bins, d->bin_width[metric],
			      wall))
		return 0;
	if (daemon_redis_append_xadd(&d->redis, d->o.hist_stream,
				     d->o.hist_maxlen, &f))
		return -EIO;
	(*appended)++;
	return 0;
}

/* Every (switch, metric) histogram, the CPUs summed, one entry each. */
static void push_histograms(struct agent_daemon *d, unsigned long long now)
{
	unsigned long long wall = wall_now_ns();
	struct agent_switch_hist *v = NULL;
	int n = 0, err = 0, count, k;
	__u32 m;

	count = agent_hist_read(d->hist_slots_fd, d->hist_fd, &v);
	if (count < 0) {
		d->histograms_skipped++;
		return;
	}
	for (k = 0; !err && k < count; k++) {
		for (m = 0; !err && m < AGENT_HOP_METRICS; m++) {
			err = append_histogram(d, &v[k], m, wall, &n);
			/* why: bounds what one round trip holds */
			if (!err && n == DAEMON_PIPELINE) {
				if (daemon_redis_replies(&d->redis, n, now) < n)
					err = -EIO;
				d->histograms += n;
				n = 0;
			}
		}
	}
	free(v);
	if (n && daemon_redis_replies(&d->redis, n, now) == n)
		d->histograms += n;
	else if (n || err)
		d->histograms_skipped++;
}

#define MAX_ARGS 200

struct hset {
	int n;
	const char *argv[MAX_ARGS];
	size_t len[MAX_ARGS];
	char store[MAX_ARGS / 2][24];
	int used;
};

static void put(struct hset *h, const char *field, unsigned long long v)
{
	if (h->n + 2 > MAX_ARGS)
		return;
	snprintf(h->store[h->used], sizeof(h->store[0]), "%llu", v);
	h->argv[h->n] = field;
	h->len[h->n++] = strlen(field);
	h->argv[h->n] = h->store[h->used];
	h->len[h->n++] = strlen(h->store[h->used++]);
}

static void put_str(struct hset *h, const char *field, const char *v)
{
	if (h->n + 2 > MAX_ARGS)
		return;
	h->argv[h->n] = field;
	h->len[h->n++] = strlen(field);
	h->argv[h->n] = v;
	h->len[h->n++] = strlen(v);
}

static const char *const counter_names[AGENT_C_COUNT] = {
#define AGENT_COUNTER_NAME(id, name) [AGENT_C_##id] = name,
	AGENT_COUNTERS(AGENT_COUNTER_NAME)
#undef AGENT_COUNTER_NAME
};

static int publish_counters(struct agent_daemon *d)
{
	static char thr_names[AGENT_THRESHOLDS][48];
	__u64 c[AGENT_C_COUNT];
	struct hset h = { 0 };
	int i;

	if (agent_read_counters(d->counters_fd, c))
		return -EIO;
	h.argv[h.n] = "HSET";
	h.len[h.n++] = 4;
	h.argv[h.n] = d->counters_key;
	h.len[h.n++] = strlen(d->counters_key);
	put_str(&h, "v", AGENT_CONTRACT_VERSION);
	put_str(&h, "mode", d->mode);
	put(&h, "int_port", d->int_port);
	put(&h, "rows", d->rows);
	put(&h, "run", d->origin.run);
	put(&h, "started_ms", d->started_ms);
	put(&h, "updated_ms", wall_now_ns() / 1000000);
	for (i = 0; i < AGENT_C_COUNT; i++)
		put(&h, counter_names[i], c[i]);
	put(&h, "ring_events", d->ring_events);
	put(&h, "ring_records", d->ring_records);
	put(&h, "published", d->ev.published);
	put(&h, "buffered", d->ev.buf.len);
	put(&h, "redis_dropped", d->ev.buf.dropped);
	put(&h, "unformattable", d->ev.unformattable);
	put(&h, "records_published", d->fl.published);
	put(&h, "records_buffered", d->fl.buf.len);
	put(&h, "records_dropped", d->fl.buf.dropped);
	put(&h, "records_unformattable", d->fl.unformattable);
	put(&h, "aged", d->aged);
	put(&h, "active", d->active);
	put(&h, "walk_passes", d->walk_passes);
	put(&h, "rows_skipped", d->rows_skipped);
	put(&h, "histograms", d->histograms);
	put(&h, "histograms_skipped", d->histograms_skipped);
	put(&h, "redis_rejected", d->redis.rejected);
	put(&h, "redis_connects", d->redis.connects);
	put(&h, "redis_disconnects", d->redis.disconnects);
	put(&h, "republished", d->ev.republished);
	put(&h, "records_republished", d->fl.republished);
	put(&h, "republished_entries",
	    d->ev.republished_entries + d->fl.republished_entries);
	put(&h, "loss_checks", d->ev.checks + d->fl.checks);
	put(&h, "retained", d->ev.retain.events + d->fl.retain.events);
	put(&h, "retained_bytes", d->ev.retain.bytes + d->fl.retain.bytes);
	put(&h, "retain_overflow",
	    d->ev.retain.overflow + d->fl.retain.overflow);
	put(&h, "thresholds_applied", d->thresholds_applied);
	put(&h, "thresholds_rejected", d->thresholds_rejected);
	for (i = 0; i < AGENT_THRESHOLDS; i++) {
		int m = i / AGENT_T_COUNT, t = i % AGENT_T_COUNT;

		if (!agent_threshold_exists(m, t))
			continue;
		snprintf(thr_names[i], sizeof(thr_names[i]), "threshold_%s_%s",
			 agent_metric_names[m], agent_type_names[t]);
		put(&h, thr_names[i], d->thresholds[i]);
	}
	if (daemon_redis_append_argv(&d->redis, h.n, h.argv, h.len))
		return -ENOTCONN;
	return daemon_redis_replies(&d->redis, 1, daemon_now_ms()) == 1 ? 0
									: -EIO;
}

/* One stream's share of the step: a probe while idle, then pipelines. */
static void deliver(struct agent_daemon *d, struct daemon_stream *s,
		    unsigned long long now, unsigned long long start,
		    int stopping, unsigned long long *next_probe)
{
	if (s->retain.len && !s->buf.len && d->redis.c &&
	    (s->suspect || now >= *next_probe)) {
		*next_probe = now + IDLE_PROBE_MS;
		daemon_recover_step(&d->out, s, now);
	}
	while (s->buf.len && d->redis.c && daemon_deliver(&d->out, s, now) &&
	       (stopping || daemon_now_ms() - start < STEP_BUDGET_MS))
		;
}

void agent_push_step(struct agent_daemon *d, int stopping)
{
	static unsigned long long next_probe[2];
	unsigned long long now = daemon_now_ms(), start = now;

	if (d->o.hist_s > 0 && now >= d->next_hist_ms) {
		d->next_hist_ms =
			now + (unsigned long long)(d->o.hist_s * 1000);
		if (daemon_redis_up(&d->redis, now))
			push_histograms(d, now);
		else
			d->histograms_skipped++;
	}
	if (!daemon_redis_up(&d->redis, now))
		return;
	if (d->redis.fresh) {
		d->redis.fresh = 0;
		daemon_recover_reconnected(&d->out);
		load_thresholds(d, now);
		if (!d->redis.c)
			return;
	}
	daemon_redis_poll_sub(&d->redis, now, on_message, d);
	deliver(d, &d->ev, now, start, stopping, &next_probe[0]);
	deliver(d, &d->fl, now, start, stopping, &next_probe[1]);
	if (d->redis.c && (stopping || now >= d->next_counters_ms)) {
		d->next_counters_ms =
			now + (unsigned long long)(d->o.counters_s * 1000);
		publish_counters(d);
	}
}
