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

static const char *const counter_names[AGENT_C_COUNT] = {
#define AGENT_COUNTER_NAME(id, name) [AGENT_C_##id] = name,
	AGENT_COUNTERS(AGENT_COUNTER_NAME)
#undef AGENT_COUNTER_NAME
};

static int publish_counters(struct agent_daemon *d)
{
	static char thr_names[AGENT_THRESHOLDS][48];
	__u64 c[AGENT_C_COUNT];
	struct daemon_fields f;
	int i;

	if (agent_read_counters(d->counters_fd, c))
		return -EIO;
	daemon_fields_start(&f);
	daemon_fields_str(&f, "v", AGENT_CONTRACT_VERSION);
	daemon_fields_str(&f, "mode", d->mode);
	daemon_fields_num(&f, "int_port", d->int_port);
	daemon_fields_num(&f, "rows", d->rows);
	daemon_fields_num(&f, "run", d->origin.run);
	daemon_fields_num(&f, "started_ms", d->started_ms);
	daemon_fields_num(&f, "updated_ms", wall_now_ns() / 1000000);
	for (i = 0; i < AGENT_C_COUNT; i++)
		daemon_fields_num(&f, counter_names[i], c[i]);
	daemon_fields_num(&f, "ring_records", d->ring_records);
	daemon_stream_counters(&f, d->ring_events, &d->ev, &d->redis);
	daemon_fields_num(&f, "records_published", d->fl.published);
	daemon_fields_num(&f, "records_buffered", d->fl.buf.len);
	daemon_fields_num(&f, "records_dropped", d->fl.buf.dropped);
	daemon_fields_num(&f, "records_unformattable", d->fl.unformattable);
	daemon_fields_num(&f, "aged", d->aged);
	daemon_fields_num(&f, "active", d->active);
	daemon_fields_num(&f, "walk_passes", d->walk_passes);
	daemon_fields_num(&f, "rows_skipped", d->rows_skipped);
	daemon_fields_num(&f, "histograms", d->histograms);
	daemon_fields_num(&f, "histograms_skipped", d->histograms_skipped);
	daemon_fields_num(&f, "republished", d->ev.republished);
	daemon_fields_num(&f, "records_republished", d->fl.republished);
	daemon_fields_num(&f, "republished_entries",
			  d->ev.republished_entries +
				  d->fl.republished_entries);
	daemon_fields_num(&f, "loss_checks", d->ev.checks + d->fl.checks);
	daemon_fields_num(&f, "retained",
			  d->ev.retain.events + d->fl.retain.events);
	daemon_fields_num(&f, "retained_bytes",
			  d->ev.retain.bytes + d->fl.retain.bytes);
	daemon_fields_num(&f, "retain_overflow",
			  d->ev.retain.overflow + d->fl.retain.overflow);
	daemon_fields_num(&f, "thresholds_applied", d->thr.applied);
	daemon_fields_num(&f, "thresholds_rejected", d->thr.rejected);
	for (i = 0; i < AGENT_THRESHOLDS; i++) {
		int m = i / AGENT_T_COUNT, t = i % AGENT_T_COUNT;

		if (!agent_threshold_exists(m, t))
			continue;
		snprintf(thr_names[i], sizeof(thr_names[i]), "threshold_%s_%s",
			 agent_metric_names[m], agent_type_names[t]);
		daemon_fields_num(&f, thr_names[i], d->thresholds[i]);
	}
	if (daemon_redis_append_hset(&d->redis, d->counters_key, &f))
		return -ENOTCONN;
	return daemon_redis_replies(&d->redis, 1, daemon_now_ms()) == 1 ? 0
									: -EIO;
}

void agent_push_step(struct agent_daemon *d, int stopping)
{
	unsigned long long now = daemon_now_ms(), start = now;

	if (daemon_due(&d->next_hist_ms, d->o.hist_s, now)) {
		if (daemon_redis_up(&d->redis, now))
			push_histograms(d, now);
		else
			d->histograms_skipped++;
	}
	if (!daemon_redis_up(&d->redis, now))
		return;
	if (daemon_thresholds_step(&d->thr, &d->out, now))
		return;
	daemon_deliver_step(&d->out, &d->ev, now, start, stopping);
	daemon_deliver_step(&d->out, &d->fl, now, start, stopping);
	if (d->redis.c &&
	    (daemon_due(&d->next_counters_ms, d->o.counters_s, now) ||
	     stopping))
		publish_counters(d);
}
