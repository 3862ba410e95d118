// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * daemon_event.c - turns events and table entries into the stream fields of
 * REDIS_CONTRACT.md, and parses threshold messages.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "daemon_event.h"

const char *const daemon_metric_names[METRIC_COUNT] = {
	"flow_path",	   "flow_latency",     "hop_latency",
	"queue_occupancy", "queue_congestion", "link_utilization",
};

const char *const daemon_error_names[INT_E_COUNT] = {
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

static int origin(struct daemon_fields *f, const struct daemon_origin *o)
{
	return daemon_fields_str(f, "v", CONTRACT_VERSION) ?:
	       daemon_fields_str(f, "node", o->node) ?:
	       daemon_fields_str(f, "ifname", o->ifname) ?:
	       daemon_fields_num(f, "run", o->run);
}

static int flow(struct daemon_fields *f, const struct flow_key *k)
{
	char src[INET6_ADDRSTRLEN], dst[INET6_ADDRSTRLEN];
	int af = k->ip_version == 6 ? AF_INET6 : AF_INET;

	if (!inet_ntop(af, k->src, src, sizeof(src)) ||
	    !inet_ntop(af, k->dst, dst, sizeof(dst)))
		return -EINVAL;
	return daemon_fields_str(f, "src_ip", src) ?: daemon_fields_str(f, "dst_ip", dst) ?:
	       daemon_fields_num(f, "src_port", k->src_port) ?:
	       daemon_fields_num(f, "dst_port", k->dst_port) ?:
	       daemon_fields_num(f, "protocol", k->protocol);
}

/* The key fields of Table I for the event's metric. */
static int keys(struct daemon_fields *f, const struct collector_event *e)
{
	char path[COLLECTOR_MAX_PATH * 11 + 1] = "";
	size_t used = 0;
	unsigned int i;
	int err = 0;

	switch (e->metric) {
	case METRIC_FLOW_PATH:
		for (i = 0; i < e->hops && i < COLLECTOR_MAX_PATH; i++)
			used += snprintf(path + used, sizeof(path) - used,
					 "%s%u", i ? "," : "", e->path[i]);
		err = flow(f, &e->flow) ?: daemon_fields_str(f, "path", path);
		break;
	case METRIC_FLOW_LATENCY:
		err = flow(f, &e->flow);
		break;
	case METRIC_HOP_LATENCY:
		err = flow(f, &e->flow)
			      ?: daemon_fields_num(f, "switch_id",
						   e->switch_id);
		break;
	case METRIC_QUEUE_OCCUPANCY:
	case METRIC_QUEUE_CONGESTION:
		err = daemon_fields_num(f, "switch_id", e->switch_id)
			      ?: daemon_fields_num(f, "queue_id", e->id);
		break;
	case METRIC_LINK_UTILIZATION:
		err = daemon_fields_num(f, "switch_id", e->switch_id)
			      ?: daemon_fields_num(f, "egress_id", e->id);
		break;
	default:
		err = -EINVAL;
	}
	return err;
}

/* The identity of the telemetry report an event was detected in. */
static int report(struct daemon_fields *f, const struct collector_event *e)
{
	if (!(e->report & EVENT_REPORT))
		return 0;
	return daemon_fields_num(f, "report_seq", e->report_seq) ?:
	       daemon_fields_num(f, "report_hw_id", e->report_hw_id) ?:
	       (e->report & EVENT_REPORT_NODE ?
			daemon_fields_num(f, "report_node_id", e->report_node) :
			0);
}

int daemon_entry_fields(struct daemon_fields *f, const struct daemon_origin *o,
			enum daemon_entry_kind kind,
			const struct collector_event *e,
			unsigned long long wall_ts_ns,
			unsigned long long seq_or_snapshot)
{
	const char *k;

	if (e->metric >= METRIC_COUNT)
		return -EINVAL;
	if (kind == ENTRY_SNAPSHOT)
		k = "snapshot";
	else if (e->kind == EVENT_NEW_KEY)
		k = "new_key";
	else if (e->kind == EVENT_CHANGED)
		k = "changed";
	else
		return -EINVAL;
	daemon_fields_start(f);
	return (o ? origin(f, o) : 0) ?:
	       daemon_fields_num(f, kind == ENTRY_SNAPSHOT ? "snapshot" : "seq", seq_or_snapshot) ?:
	       daemon_fields_str(f, "kind", k) ?:
	       daemon_fields_str(f, "metric", daemon_metric_names[e->metric]) ?:
	       daemon_fields_num(f, "ts_ns", wall_ts_ns) ?: keys(f, e) ?:
	       daemon_fields_num(f, "value", (unsigned long long)e->value) ?:
	       (kind == ENTRY_EVENT ?
			daemon_fields_num(f, "previous", (unsigned long long)e->previous) ?:
			report(f, e) :
			0);
}

int daemon_event_line(const void *rec, unsigned long long seq, char *out,
		      size_t room, void *arg)
{
	const struct collector_event *e = rec;
	struct daemon_fields f;
	unsigned long long wall_ns =
		(unsigned long long)((long long)e->ts_ns + *(long long *)arg);

	if (daemon_entry_fields(&f, NULL, ENTRY_EVENT, e, wall_ns, seq))
		return -EINVAL;
	return daemon_fields_line(&f, out, room);
}

int daemon_snapshot_end_fields(struct daemon_fields *f,
			       const struct daemon_origin *o,
			       unsigned long long snapshot,
			       unsigned long long entries,
			       unsigned long long wall_ts_ns)
{
	daemon_fields_start(f);
	return origin(f, o) ?: daemon_fields_num(f, "snapshot", snapshot) ?:
	       daemon_fields_str(f, "kind", "snapshot_end") ?:
	       daemon_fields_num(f, "ts_ns", wall_ts_ns) ?:
	       daemon_fields_num(f, "entries", entries);
}

static int metric_index(const char *name)
{
	int m;

	for (m = 0; m < METRIC_COUNT; m++)
		if (!strcmp(name, daemon_metric_names[m]))
			return m;
	return -1;
}

int daemon_parse_thresholds(const char *msg, size_t len,
			    unsigned long long t[METRIC_COUNT],
			    int set[METRIC_COUNT])
{
	return daemon_parse_values(msg, len, 512, metric_index, METRIC_COUNT, t,
				   set);
}
