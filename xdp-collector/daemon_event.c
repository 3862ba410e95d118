// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * daemon_event.c - turns events and table entries into the stream fields of
 * REDIS_CONTRACT.md, and parses threshold messages.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
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

/* Appends one field and its printf-formatted value. */
static int add(struct daemon_fields *f, const char *name, const char *fmt, ...)
{
	size_t room = sizeof(f->store) - f->used;
	va_list ap;
	int len;

	if (f->n + 2 > DAEMON_MAX_FIELDS)
		return -E2BIG;
	va_start(ap, fmt);
	len = vsnprintf(f->store + f->used, room, fmt, ap);
	va_end(ap);
	if (len < 0 || (size_t)len >= room)
		return -E2BIG;
	f->argv[f->n] = name;
	f->len[f->n++] = strlen(name);
	f->argv[f->n] = f->store + f->used;
	f->len[f->n++] = (size_t)len;
	f->used += (size_t)len + 1;
	return 0;
}

static void start(struct daemon_fields *f)
{
	f->n = 0;
	f->used = 0;
}

static int origin(struct daemon_fields *f, const struct daemon_origin *o)
{
	return add(f, "v", "%s", CONTRACT_VERSION) ?:
	       add(f, "node", "%s", o->node) ?:
	       add(f, "ifname", "%s", o->ifname) ?:
	       add(f, "run", "%llu", o->run);
}

static int flow(struct daemon_fields *f, const struct flow_key *k)
{
	char src[INET6_ADDRSTRLEN], dst[INET6_ADDRSTRLEN];
	int af = k->ip_version == 6 ? AF_INET6 : AF_INET;

	if (!inet_ntop(af, k->src, src, sizeof(src)) ||
	    !inet_ntop(af, k->dst, dst, sizeof(dst)))
		return -EINVAL;
	return add(f, "src_ip", "%s", src) ?: add(f, "dst_ip", "%s", dst) ?:
	       add(f, "src_port", "%u", k->src_port) ?:
	       add(f, "dst_port", "%u", k->dst_port) ?:
	       add(f, "protocol", "%u", k->protocol);
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
		err = flow(f, &e->flow) ?: add(f, "path", "%s", path);
		break;
	case METRIC_FLOW_LATENCY:
		err = flow(f, &e->flow);
		break;
	case METRIC_HOP_LATENCY:
		err = flow(f, &e->flow)
			      ?: add(f, "switch_id", "%u", e->switch_id);
		break;
	case METRIC_QUEUE_OCCUPANCY:
	case METRIC_QUEUE_CONGESTION:
		err = add(f, "switch_id", "%u", e->switch_id)
			      ?: add(f, "queue_id", "%u", e->id);
		break;
	case METRIC_LINK_UTILIZATION:
		err = add(f, "switch_id", "%u", e->switch_id)
			      ?: add(f, "egress_id", "%u", e->id);
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
	return add(f, "report_seq", "%u", e->report_seq) ?:
	       add(f, "report_hw_id", "%u", e->report_hw_id) ?:
	       (e->report & EVENT_REPORT_NODE ?
			add(f, "report_node_id", "%u", e->report_node) :
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
	start(f);
	return origin(f, o) ?:
	       add(f, kind == ENTRY_SNAPSHOT ? "snapshot" : "seq", "%llu",
		   seq_or_snapshot) ?:
	       add(f, "kind", "%s", k) ?:
	       add(f, "metric", "%s", daemon_metric_names[e->metric]) ?:
	       add(f, "ts_ns", "%llu", wall_ts_ns) ?: keys(f, e) ?:
	       add(f, "value", "%llu", (unsigned long long)e->value) ?:
	       (kind == ENTRY_EVENT ?
			add(f, "previous", "%llu",
			    (unsigned long long)e->previous) ?:
			report(f, e) :
			0);
}

int daemon_snapshot_end_fields(struct daemon_fields *f,
			       const struct daemon_origin *o,
			       unsigned long long snapshot,
			       unsigned long long entries,
			       unsigned long long wall_ts_ns)
{
	start(f);
	return origin(f, o) ?: add(f, "snapshot", "%llu", snapshot) ?:
	       add(f, "kind", "%s", "snapshot_end") ?:
	       add(f, "ts_ns", "%llu", wall_ts_ns) ?:
	       add(f, "entries", "%llu", entries);
}

int daemon_parse_thresholds(const char *msg, size_t len,
			    unsigned long long t[METRIC_COUNT],
			    int set[METRIC_COUNT])
{
	unsigned long long val[METRIC_COUNT];
	int got[METRIC_COUNT] = { 0 }, pairs = 0, m;
	char buf[512], *save = NULL, *tok, *eq, *end;

	if (len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, msg, len);
	buf[len] = '\0';
	for (tok = strtok_r(buf, " ,\n\r\t", &save); tok;
	     tok = strtok_r(NULL, " ,\n\r\t", &save)) {
		eq = strchr(tok, '=');
		if (!eq || eq[1] < '0' || eq[1] > '9')
			return -EINVAL;
		*eq = '\0';
		for (m = 0; m < METRIC_COUNT; m++)
			if (!strcmp(tok, daemon_metric_names[m]))
				break;
		if (m == METRIC_COUNT)
			return -EINVAL;
		errno = 0;
		val[m] = strtoull(eq + 1, &end, 10);
		if (errno || *end)
			return -EINVAL;
		got[m] = 1;
		pairs++;
	}
	if (!pairs)
		return -EINVAL;
	for (m = 0; m < METRIC_COUNT; m++) {
		set[m] = got[m];
		if (got[m])
			t[m] = val[m];
	}
	return pairs;
}
