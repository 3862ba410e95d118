// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_lines.c - the NIC agent's events, flow records and histograms as
 * the text of agent/REDIS_CONTRACT.md; threshold messages; the aging
 * walk's choice of buckets.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "agent_lines.h"

const char *const agent_metric_names[AGENT_M_COUNT] = {
	[AGENT_M_HOP_LATENCY] = "hop_latency",
	[AGENT_M_QUEUE_OCCUPANCY] = "queue_occupancy",
	[AGENT_M_LINK_UTILIZATION] = "link_utilization",
	[AGENT_M_FLOW_LATENCY] = "flow_latency",
	[AGENT_M_FLOW_PATH] = "flow_path",
};

const char *const agent_type_names[AGENT_T_COUNT] = {
	[AGENT_T_CHANGE] = "change",
	[AGENT_T_THRESHOLD] = "threshold",
};

const char *const agent_reason_names[AGENT_R_COUNT] = {
	[AGENT_R_EVICTED] = "evicted",
	[AGENT_R_AGED] = "aged",
	[AGENT_R_ACTIVE] = "active",
};

int agent_threshold_exists(int metric, int type)
{
	if (metric < 0 || metric >= AGENT_M_COUNT || type < 0 ||
	    type >= AGENT_T_COUNT)
		return 0;
	return !(metric == AGENT_M_FLOW_PATH && type == AGENT_T_THRESHOLD);
}

static unsigned long long wall(const void *arg, __u64 mono_ns)
{
	const struct agent_line_ctx *c = arg;

	return (unsigned long long)((long long)mono_ns + c->wall_offset_ns);
}

static int flow(struct daemon_fields *f, const struct agent_flow_key *k)
{
	char src[INET6_ADDRSTRLEN], dst[INET6_ADDRSTRLEN];
	int af = k->ip_version == 6 ? AF_INET6 : AF_INET;

	if ((k->ip_version != 4 && k->ip_version != 6) ||
	    !inet_ntop(af, k->src, src, sizeof(src)) ||
	    !inet_ntop(af, k->dst, dst, sizeof(dst)))
		return -EINVAL;
	return daemon_fields_str(f, "src_ip", src) ?:
	       daemon_fields_str(f, "dst_ip", dst) ?:
	       daemon_fields_num(f, "src_port", k->src_port) ?:
	       daemon_fields_num(f, "dst_port", k->dst_port) ?:
	       daemon_fields_num(f, "protocol", k->protocol);
}

int agent_event_line(const void *rec, unsigned long long seq, char *out,
		     size_t room, void *arg)
{
	const struct agent_event *e = rec;
	int per_switch = e->metric < AGENT_HOP_METRICS;
	int change = !!(e->types & AGENT_EV_CHANGE);
	int over = !!(e->types & AGENT_EV_THRESHOLD);
	struct daemon_fields f;
	int err;

	if (e->metric >= AGENT_M_COUNT || !(change || over) ||
	    (per_switch && e->hop >= AGENT_MAX_HOPS))
		return -EINVAL;
	daemon_fields_start(&f);
	err = daemon_fields_num(&f, "seq", seq) ?:
	      daemon_fields_str(&f, "kind", over ? "threshold" : "changed") ?:
	      daemon_fields_str(&f, "types",
				change && over ? "change,threshold" :
				change	       ? "change" :
						 "threshold") ?:
	      daemon_fields_str(&f, "metric", agent_metric_names[e->metric]) ?:
	      daemon_fields_num(&f, "ts_ns", wall(arg, e->ts_ns)) ?:
	      flow(&f, &e->flow);
	if (!err && per_switch)
		err = daemon_fields_num(&f, "switch_id", e->switch_id)
			      ?: daemon_fields_num(&f, "hop", e->hop);
	err = err ?: daemon_fields_num(&f, "path_id", e->path_id) ?:
	      daemon_fields_num(&f, "value", e->value) ?:
	      daemon_fields_num(&f, "previous", e->previous);
	return err ?: daemon_fields_line(&f, out, room);
}

/* h<i>_<what>: the names of the per-hop fields, made once. */
static const char *hop_name(unsigned int hop, int what)
{
	static const char *const suffix[7] = {
		"switch",    "latency", "latency_avg", "queue",
		"queue_avg", "util",	"util_avg",
	};
	static char names[AGENT_MAX_HOPS][7][24];

	if (!names[hop][what][0])
		snprintf(names[hop][what], sizeof(names[hop][what]), "h%u_%s",
			 hop, suffix[what]);
	return names[hop][what];
}

int agent_flow_line(const void *rec, unsigned long long seq, char *out,
		    size_t room, void *arg)
{
	const struct agent_flow_out *r = rec;
	const struct agent_flow_bucket *b = &r->b;
	char path[AGENT_MAX_HOPS * 11 + 1] = "";
	size_t used = 0;
	struct daemon_fields f;
	unsigned int i;
	int err;

	if (r->reason >= AGENT_R_COUNT || b->hops > AGENT_MAX_HOPS)
		return -EINVAL;
	for (i = 0; i < b->hops; i++)
		used += snprintf(path + used, sizeof(path) - used, "%s%u",
				 i ? "," : "", b->hop[i].switch_id);
	daemon_fields_start(&f);
	err = daemon_fields_num(&f, "seq", seq) ?:
	      daemon_fields_str(&f, "reason", agent_reason_names[r->reason]) ?:
	      flow(&f, &b->key) ?:
	      daemon_fields_num(&f, "packets", b->packets) ?:
	      daemon_fields_num(&f, "first_ns", wall(arg, b->first_ns)) ?:
	      daemon_fields_num(&f, "last_ns", wall(arg, b->last_ns)) ?:
	      daemon_fields_num(&f, "path_id", b->path_id) ?:
	      daemon_fields_str(&f, "path", path) ?:
	      daemon_fields_num(&f, "e2e_latency", b->e2e_latency) ?:
	      daemon_fields_num(&f, "e2e_latency_avg", b->e2e_latency_avg);
	for (i = 0; !err && i < b->hops; i++) {
		const struct agent_flow_hop *h = &b->hop[i];

		err = daemon_fields_num(&f, hop_name(i, 0), h->switch_id) ?:
		      daemon_fields_num(&f, hop_name(i, 1), h->latency) ?:
		      daemon_fields_num(&f, hop_name(i, 2), h->latency_avg) ?:
		      daemon_fields_num(&f, hop_name(i, 3), h->queue) ?:
		      daemon_fields_num(&f, hop_name(i, 4), h->queue_avg) ?:
		      daemon_fields_num(&f, hop_name(i, 5), h->util) ?:
		      daemon_fields_num(&f, hop_name(i, 6), h->util_avg);
	}
	return err ?: daemon_fields_line(&f, out, room);
}

int agent_hist_fields(struct daemon_fields *f, const struct daemon_origin *o,
		      const struct agent_hist_key *k,
		      const struct agent_hist *h, unsigned long long bin_width,
		      unsigned long long wall_ns)
{
	char bins[AGENT_BINS * 21];
	size_t used = 0;
	int i;

	if (k->metric >= AGENT_HOP_METRICS)
		return -EINVAL;
	for (i = 0; i < AGENT_BINS; i++)
		used += snprintf(bins + used, sizeof(bins) - used, "%s%llu",
				 i ? "," : "", (unsigned long long)h->bins[i]);
	daemon_fields_start(f);
	return daemon_fields_origin(f, o) ?:
	       daemon_fields_num(f, "switch_id", k->switch_id) ?:
	       daemon_fields_str(f, "metric", agent_metric_names[k->metric]) ?:
	       daemon_fields_num(f, "bin_width", bin_width) ?:
	       daemon_fields_str(f, "bins", bins) ?:
	       daemon_fields_num(f, "ts_ns", wall_ns);
}

/* "metric.type" as its index; -1 when it names no threshold. */
static int threshold_index(const char *name)
{
	const char *dot = strchr(name, '.');
	int m, t;

	if (!dot)
		return -1;
	for (m = 0; m < AGENT_M_COUNT; m++) {
		if (strlen(agent_metric_names[m]) != (size_t)(dot - name) ||
		    strncmp(name, agent_metric_names[m], (size_t)(dot - name)))
			continue;
		for (t = 0; t < AGENT_T_COUNT; t++)
			if (!strcmp(dot + 1, agent_type_names[t]) &&
			    agent_threshold_exists(m, t))
				return AGENT_THRESHOLD_INDEX(m, t);
	}
	return -1;
}

int agent_parse_thresholds(const char *msg, size_t len,
			   unsigned long long t[AGENT_THRESHOLDS],
			   int set[AGENT_THRESHOLDS])
{
	return daemon_parse_values(msg, len, 1024, threshold_index,
				   AGENT_THRESHOLDS, t, set);
}

void agent_row_select(const struct agent_flow_row *row,
		      unsigned long long now_ns, unsigned long long idle_ns,
		      unsigned long long since_ns, unsigned int *aged,
		      unsigned int *active)
{
	const struct agent_flow_bucket *b;
	int i;

	*aged = *active = 0;
	for (i = 0; i < AGENT_BUCKETS; i++) {
		b = &row->b[i];
		if (!b->packets)
			continue;
		if (b->last_ns < now_ns && now_ns - b->last_ns > idle_ns)
			*aged |= 1U << i;
		else if (since_ns != ~0ULL && b->last_ns >= since_ns)
			*active |= 1U << i;
	}
}
