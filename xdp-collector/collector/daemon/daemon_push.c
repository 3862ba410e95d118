// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * daemon_push.c - what the daemon sends to Redis: buffered events
 * (daemon_deliver.c), the periodic push of every table's values (paper
 * Section III-E1), the counters hash, and thresholds received on the
 * channel.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "daemon.h"

#define PIPELINE DAEMON_PIPELINE /* snapshot entries a round trip */

void daemon_wire(struct daemon *d)
{
	d->ev.name = d->o.events_stream;
	d->ev.items = "events";
	d->ev.maxlen = d->o.maxlen;
	d->ev.batch_max = d->o.batch;
	d->ev.line = daemon_event_line;
	d->ev.line_arg = &d->wall_offset_ns;
	d->out.redis = &d->redis;
	d->out.origin = &d->origin;
	d->out.streams[0] = &d->ev;
	d->out.n_streams = 1;
}

static unsigned long long wall(const struct daemon *d, __u64 mono_ns)
{
	return (unsigned long long)((long long)mono_ns + d->wall_offset_ns);
}

static unsigned long long wall_now(const struct daemon *d)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return wall(d, (__u64)t.tv_sec * 1000000000ULL + t.tv_nsec);
}

static void snapshot_abort(struct daemon *d)
{
	if (!d->snap_active)
		return;
	d->snap_active = 0;
	d->snapshots_skipped++;
}

/* Part of the periodic push; 1 when more is left. */
static int snapshot_step(struct daemon *d, unsigned long long now)
{
	struct collector_event e;
	struct daemon_fields f;
	int n = 0, r = 1, acked;

	while (n < PIPELINE && (r = snapshot_next(&d->snap, &e)) == 1) {
		if (daemon_entry_fields(&f, &d->origin, ENTRY_SNAPSHOT, &e,
					wall(d, e.ts_ns), d->snap_no))
			continue;
		if (daemon_redis_append_xadd(&d->redis, d->o.snapshots_stream,
					     d->o.snapshot_maxlen, &f))
			break;
		n++;
	}
	if (r < 0)
		fprintf(stderr, "collector: snapshot: %s\n", strerror(-r));
	if (r == 0 &&
	    !daemon_snapshot_end_fields(&f, &d->origin, d->snap_no,
					d->snap_entries + n, wall_now(d)) &&
	    !daemon_redis_append_xadd(&d->redis, d->o.snapshots_stream,
				      d->o.snapshot_maxlen, &f))
		n++;
	acked = daemon_redis_replies(&d->redis, n, now);
	if (acked < n || r < 0) {
		snapshot_abort(
			d); /* no snapshot_end: the consumer ignores it */
		return 0;
	}
	if (r == 0) {
		d->snap_entries += n - 1;
		d->snapshot_entries += d->snap_entries;
		d->snapshots++;
		d->snap_active = 0;
		return 0;
	}
	d->snap_entries += n;
	return 1;
}

int daemon_read_counters(int fd, __u64 out[CNT_COUNT])
{
	int cpus = libbpf_num_possible_cpus(), c;
	__u64 *v;
	__u32 k;

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

/*
 * A second HSET of reports_lost_<node>_<hw_id> for every source that lost
 * reports (as many as there are sources: not in the fixed-size one above).
 * 0 when queued, 1 when there is none.
 */
static int append_sources_lost(struct daemon *d)
{
	const struct daemon_sources *s = &d->sources;
	size_t n = 2 + 2 * s->n_lost, i;
	const char **argv;
	char *names, *values;
	size_t *len;
	int err = -ENOMEM;

	if (!s->n_lost)
		return 1;
	argv = calloc(n, sizeof(*argv));
	len = calloc(n, sizeof(*len));
	names = calloc(s->n_lost, 48);
	values = calloc(s->n_lost, 24);
	if (argv && len && names && values) {
		argv[0] = "HSET";
		argv[1] = d->counters_key;
		for (i = 0; i < s->n_lost; i++) {
			daemon_source_field(s->lost[i].tag, names + i * 48, 48);
			snprintf(values + i * 24, 24, "%llu",
				 (unsigned long long)s->lost[i].lost);
			argv[2 + 2 * i] = names + i * 48;
			argv[3 + 2 * i] = values + i * 24;
		}
		for (i = 0; i < n; i++)
			len[i] = strlen(argv[i]);
		err = daemon_redis_append_argv(&d->redis, (int)n, argv, len);
	}
	free(argv);
	free(len);
	free(names);
	free(values);
	return err;
}

int daemon_publish_counters(struct daemon *d)
{
	static char drop_names[INT_E_COUNT][40], thr_names[METRIC_COUNT][40];
	__u64 c[CNT_COUNT];
	struct daemon_fields f;
	int i, n;

	if (daemon_read_counters(d->counters_fd, c))
		return -EIO;
	daemon_fields_start(&f);
	daemon_fields_str(&f, "v", CONTRACT_VERSION);
	daemon_fields_str(&f, "mode", d->mode);
	daemon_fields_num(&f, "report_port", d->report_port);
	daemon_fields_num(&f, "run", d->origin.run);
	daemon_fields_num(&f, "started_ms", d->started_ms);
	daemon_fields_num(&f, "updated_ms", wall_now(d) / 1000000);
	daemon_fields_num(&f, "packets", c[CNT_PACKETS]);
	daemon_fields_num(&f, "passed", c[CNT_PASSED]);
	daemon_fields_num(&f, "reports", c[CNT_REPORTS]);
	daemon_fields_num(&f, "reports_no_int", c[CNT_REPORTS_NO_INT]);
	daemon_fields_num(&f, "reports_general", c[CNT_REPORTS_GENERAL]);
	daemon_fields_num(&f, "events", c[CNT_EVENTS]);
	daemon_fields_num(&f, "events_lost", c[CNT_EVENTS_LOST]);
	daemon_fields_num(&f, "map_full", c[CNT_MAP_FULL]);
	daemon_fields_num(&f, "wakeups", c[CNT_WAKEUPS]);
	daemon_fields_num(&f, "metric_values", c[CNT_METRIC_VALUES]);
	daemon_fields_num(&f, "reports_lost", c[CNT_REPORTS_LOST]);
	daemon_fields_num(&f, "reports_reordered", c[CNT_REPORTS_REORDERED]);
	daemon_fields_num(&f, "report_sources_untracked",
			  c[CNT_SOURCES_UNTRACKED]);
	if (!daemon_read_sources(d->sources_fd, d->sources_more_fd,
				 &d->sources))
		daemon_fields_num(&f, "report_sources", d->sources.count);
	for (i = 1; i < INT_E_COUNT; i++) {
		snprintf(drop_names[i], sizeof(drop_names[i]), "drop_%s",
			 daemon_error_names[i]);
		daemon_fields_num(&f, drop_names[i], c[CNT_DROP_BASE + i]);
	}
	daemon_stream_counters(&f, d->ring_events, &d->ev, &d->redis);
	daemon_fields_num(&f, "snapshots", d->snapshots);
	daemon_fields_num(&f, "snapshot_entries", d->snapshot_entries);
	daemon_fields_num(&f, "snapshots_skipped", d->snapshots_skipped);
	daemon_fields_num(&f, "republished", d->ev.republished);
	daemon_fields_num(&f, "republished_entries", d->ev.republished_entries);
	daemon_fields_num(&f, "loss_checks", d->ev.checks);
	daemon_fields_num(&f, "retained", d->ev.retain.events);
	daemon_fields_num(&f, "retained_bytes", d->ev.retain.bytes);
	daemon_fields_num(&f, "retain_overflow", d->ev.retain.overflow);
	daemon_fields_num(&f, "thresholds_applied", d->thr.applied);
	daemon_fields_num(&f, "thresholds_rejected", d->thr.rejected);
	for (i = 0; i < METRIC_COUNT; i++) {
		snprintf(thr_names[i], sizeof(thr_names[i]), "threshold_%s",
			 daemon_metric_names[i]);
		daemon_fields_num(&f, thr_names[i], d->thresholds[i]);
	}
	if (daemon_redis_append_hset(&d->redis, d->counters_key, &f))
		return -ENOTCONN;
	n = 1 + (append_sources_lost(d) == 0);
	return daemon_redis_replies(&d->redis, n, daemon_now_ms()) == n ? 0
									: -EIO;
}

void daemon_push_step(struct daemon *d, int stopping)
{
	unsigned long long now = daemon_now_ms(), start = now;

	if (daemon_due(&d->next_push_ms, d->o.push_s, now)) {
		if (d->snap_active) /* the last one has not finished: restart */
			snapshot_abort(d);
		if (daemon_redis_up(&d->redis, now)) {
			snapshot_rewind(&d->snap);
			d->snap_active = 1;
			d->snap_no++;
			d->snap_entries = 0;
		} else {
			d->snapshots_skipped++;
		}
	}
	if (!daemon_redis_up(&d->redis, now)) {
		snapshot_abort(d);
		return;
	}
	if (daemon_thresholds_step(&d->thr, &d->out, now))
		return;
	daemon_deliver_step(&d->out, &d->ev, now, start, stopping);
	while (d->snap_active && !stopping && d->redis.c &&
	       snapshot_step(d, now) &&
	       daemon_now_ms() - start < DAEMON_STEP_BUDGET_MS)
		;
	if (d->redis.c &&
	    (daemon_due(&d->next_counters_ms, d->o.counters_s, now) ||
	     stopping))
		daemon_publish_counters(d);
}
