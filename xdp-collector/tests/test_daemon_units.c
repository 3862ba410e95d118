// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * test_daemon_units - the daemon's parts that need neither Redis nor BPF:
 * the contract's field lists for each metric, snapshot entries and the
 * snapshot end, the Table I keys a snapshot reads from each map entry,
 * threshold messages, the bounded event buffer, the v2 events entry
 * (lines, count, --batch, events that cannot be formatted, seq runs) and
 * the published window's bounds in time and bytes.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon_batch.h"
#include "daemon_buffer.h"
#include "daemon_redis.h"
#include "daemon_event.h"
#include "daemon_retain.h"
#include "daemon_sources.h"
#include "snapshot.h"
#include "check.h"

/* The value of field name, or NULL. */
static const char *field(const struct daemon_fields *f, const char *name)
{
	static char v[256];
	int i;

	for (i = 0; i + 1 < f->n; i += 2) {
		if (f->len[i] == strlen(name) &&
		    !memcmp(f->argv[i], name, f->len[i])) {
			snprintf(v, sizeof(v), "%.*s", (int)f->len[i + 1],
				 f->argv[i + 1]);
			return v;
		}
	}
	return NULL;
}

static int is(const struct daemon_fields *f, const char *name, const char *want)
{
	const char *v = field(f, name);

	if (!v || strcmp(v, want)) {
		fprintf(stderr, "  %s = %s, want %s\n", name, v ? v : "(none)",
			want);
		return 0;
	}
	return 1;
}

static const struct daemon_origin origin = { "node-a",	    "eth1",
					     1700000000123, CONTRACT_VERSION,
					     "node",	    "xdp" };

/* The event a buffered record holds. */
static const struct collector_event *held(struct daemon_pending *p)
{
	return (const struct collector_event *)p->rec;
}

static long long offset_0, offset_1000 = 1000;

static struct collector_event flow_event(int metric)
{
	struct collector_event e = { 0 };

	e.metric = metric;
	e.kind = EVENT_NEW_KEY;
	e.flow.ip_version = 4;
	inet_pton(AF_INET, "203.0.113.10", e.flow.src);
	inet_pton(AF_INET, "203.0.113.20", e.flow.dst);
	e.flow.src_port = 40001;
	e.flow.dst_port = 5201;
	e.flow.protocol = 17;
	return e;
}

static void event_fields(void)
{
	struct collector_event e = flow_event(METRIC_FLOW_PATH);
	struct daemon_fields f;

	e.hops = 4;
	e.value = 4;
	e.path[0] = 11, e.path[1] = 12, e.path[2] = 13, e.path[3] = 19;
	CHECK("flow path formats",
	      !daemon_entry_fields(&f, &origin, ENTRY_EVENT, &e, 42, 7));
	CHECK("origin and sequence",
	      is(&f, "v", "2") && is(&f, "node", "node-a") &&
		      is(&f, "ifname", "eth1") &&
		      is(&f, "run", "1700000000123") && is(&f, "seq", "7"));
	CHECK("kind, metric, time", is(&f, "kind", "new_key") &&
					    is(&f, "metric", "flow_path") &&
					    is(&f, "ts_ns", "42"));
	CHECK("flow key", is(&f, "src_ip", "203.0.113.10") &&
				  is(&f, "dst_ip", "203.0.113.20") &&
				  is(&f, "src_port", "40001") &&
				  is(&f, "dst_port", "5201") &&
				  is(&f, "protocol", "17"));
	CHECK("path and values", is(&f, "path", "11,12,13,19") &&
					 is(&f, "value", "4") &&
					 is(&f, "previous", "0"));
	CHECK("no switch fields on a flow metric", !field(&f, "switch_id"));

	e = flow_event(METRIC_HOP_LATENCY);
	e.kind = EVENT_CHANGED;
	e.switch_id = 12;
	e.value = 3224;
	e.previous = 3074;
	CHECK("hop latency formats",
	      !daemon_entry_fields(&f, &origin, ENTRY_EVENT, &e, 1, 8));
	CHECK("hop latency: flow + switch, changed",
	      is(&f, "kind", "changed") && is(&f, "switch_id", "12") &&
		      is(&f, "src_ip", "203.0.113.10") &&
		      is(&f, "value", "3224") && is(&f, "previous", "3074") &&
		      !field(&f, "path"));
	CHECK("no report fields without a report",
	      !field(&f, "report_seq") && !field(&f, "report_hw_id") &&
		      !field(&f, "report_node_id"));
	e.report = EVENT_REPORT | EVENT_REPORT_NODE;
	e.report_node = 19;
	e.report_seq = 4194303;
	e.report_hw_id = 63;
	CHECK("event with its report formats",
	      !daemon_entry_fields(&f, &origin, ENTRY_EVENT, &e, 1, 8));
	CHECK("report identity: seq, hw_id, node id",
	      is(&f, "report_seq", "4194303") && is(&f, "report_hw_id", "63") &&
		      is(&f, "report_node_id", "19") && is(&f, "seq", "8"));
	e.report = EVENT_REPORT;
	CHECK("event of a report without a node formats",
	      !daemon_entry_fields(&f, &origin, ENTRY_EVENT, &e, 1, 8));
	CHECK("report without a node: no report_node_id",
	      is(&f, "report_seq", "4194303") && is(&f, "report_hw_id", "63") &&
		      !field(&f, "report_node_id"));
	e.report = EVENT_REPORT | EVENT_REPORT_NODE;
	CHECK("snapshot entry formats",
	      !daemon_entry_fields(&f, &origin, ENTRY_SNAPSHOT, &e, 1, 8));
	CHECK("no report fields in a snapshot entry",
	      !field(&f, "report_seq") && !field(&f, "report_node_id"));

	memset(&e, 0, sizeof(e));
	e.metric = METRIC_QUEUE_OCCUPANCY;
	e.kind = EVENT_NEW_KEY;
	e.switch_id = 13;
	e.id = 3;
	CHECK("queue formats",
	      !daemon_entry_fields(&f, &origin, ENTRY_EVENT, &e, 1, 9));
	CHECK("queue: switch and queue id, no flow",
	      is(&f, "switch_id", "13") && is(&f, "queue_id", "3") &&
		      !field(&f, "src_ip") && !field(&f, "egress_id"));
	e.metric = METRIC_LINK_UTILIZATION;
	CHECK("link formats",
	      !daemon_entry_fields(&f, &origin, ENTRY_EVENT, &e, 1, 9));
	CHECK("link: egress id", is(&f, "egress_id", "3") &&
					 is(&f, "metric", "link_utilization") &&
					 !field(&f, "queue_id"));

	e = flow_event(METRIC_FLOW_LATENCY);
	e.flow.ip_version = 6;
	inet_pton(AF_INET6, "2001:db8::1", e.flow.src);
	inet_pton(AF_INET6, "2001:db8::2", e.flow.dst);
	CHECK("IPv6 flow formats",
	      !daemon_entry_fields(&f, &origin, ENTRY_EVENT, &e, 1, 9));
	CHECK("IPv6 addresses", is(&f, "src_ip", "2001:db8::1") &&
					is(&f, "dst_ip", "2001:db8::2"));

	e.metric = METRIC_COUNT;
	CHECK("unknown metric refused",
	      daemon_entry_fields(&f, &origin, ENTRY_EVENT, &e, 1, 9) < 0);
	e.metric = METRIC_FLOW_LATENCY;
	e.kind = 0;
	CHECK("unknown kind refused",
	      daemon_entry_fields(&f, &origin, ENTRY_EVENT, &e, 1, 9) < 0);
}

static void snapshot_fields(void)
{
	struct collector_event e = { 0 };
	struct daemon_fields f;

	e.metric = METRIC_LINK_UTILIZATION;
	e.switch_id = 11;
	e.id = 201;
	e.value = 510;
	CHECK("snapshot entry formats",
	      !daemon_entry_fields(&f, &origin, ENTRY_SNAPSHOT, &e, 5, 3));
	CHECK("snapshot entry: kind, number, no seq, no previous",
	      is(&f, "kind", "snapshot") && is(&f, "snapshot", "3") &&
		      is(&f, "value", "510") && is(&f, "ts_ns", "5") &&
		      !field(&f, "seq") && !field(&f, "previous"));
	CHECK("snapshot end formats",
	      !daemon_snapshot_end_fields(&f, &origin, 3, 13, 6));
	CHECK("snapshot end: entries", is(&f, "kind", "snapshot_end") &&
					       is(&f, "snapshot", "3") &&
					       is(&f, "entries", "13"));
}

/* All the keys of one map entry, as snapshot_next() walks them. */
static int entry_keys(int table, const void *key, const void *value,
		      struct collector_event *out, int max)
{
	unsigned int sub;
	int n = 0, r;

	for (sub = 0; sub < 32; sub++) {
		r = snapshot_entry(table, key, value, sub,
				   &out[n < max ? n : 0]);
		if (r < 0)
			return n;
		n += r;
	}
	return -1; /* never ends */
}

static void snapshot_maps(void)
{
	struct flow_key4 k4 = {
		{ 10, 0, 0, 1 }, { 10, 0, 0, 2 }, 1000, 2000, 17, { 0 }
	};
	struct flow_key k6 = {
		.src_port = 5, .dst_port = 6, .protocol = 6, .ip_version = 6
	};
	struct flow_value fv = { 0 };
	struct flow_slot fs = { 0 };
	struct queue_slot qs = { 0 };
	struct queue_value qv = { 0 };
	struct link_slot ls = { 0 };
	struct metric_value mv = { 7, 7, 70 };
	struct switch_key sk = { 21, 3 };
	struct collector_event e[16];
	__u32 idx = 0;
	int n;

	CHECK("an empty flow entry has no keys",
	      entry_keys(SNAP_FLOWS4, &k4, &fv, e, 16) == 0);
	fv.flags = FLOW_HAS_PATH | FLOW_HAS_LATENCY;
	fv.path.hops = 2;
	fv.path.switch_id[0] = 11;
	fv.path.switch_id[1] = 12;
	fv.path.seen_ns = 100;
	fv.latency = (struct metric_value){ 900, 800, 101 };
	fv.hop[0] = (struct hop_slot){ 11, 1, { 400, 400, 102 } };
	fv.hop[4] = (struct hop_slot){ 12, 1, { 500, 450, 103 } };
	fv.hop[5] = (struct hop_slot){ 13, 0, { 1, 1, 1 } }; /* being claimed */
	n = entry_keys(SNAP_FLOWS4, &k4, &fv, e, 16);
	CHECK("flow entry: path, latency, two used hop slots", n == 4);
	CHECK("flow path from the entry",
	      n == 4 && e[0].metric == METRIC_FLOW_PATH && e[0].hops == 2 &&
		      e[0].path[1] == 12 && e[0].value == 2 &&
		      e[0].ts_ns == 100);
	CHECK("IPv4 key widened to the 5-tuple",
	      n == 4 && e[0].flow.ip_version == 4 && e[0].flow.src[3] == 1 &&
		      e[0].flow.dst[3] == 2 && e[0].flow.src[4] == 0 &&
		      e[0].flow.src_port == 1000 &&
		      e[0].flow.dst_port == 2000 && e[0].flow.protocol == 17);
	CHECK("flow latency: the latest value",
	      n == 4 && e[1].metric == METRIC_FLOW_LATENCY &&
		      e[1].value == 900 && e[1].ts_ns == 101 &&
		      e[1].flow.src_port == 1000);
	CHECK("per-hop latencies keyed by switch id",
	      n == 4 && e[2].metric == METRIC_HOP_LATENCY &&
		      e[2].switch_id == 11 && e[2].value == 400 &&
		      e[3].switch_id == 12 && e[3].value == 500 &&
		      e[3].ts_ns == 103 && e[3].flow.dst_port == 2000);
	fs.key = k4;
	fs.value = fv;
	CHECK("a free flow slot has no keys",
	      entry_keys(SNAP_FLOW_SLOTS, &idx, &fs, e, 16) == 0);
	fs.state = FLOW_SLOT_CLAIMING;
	CHECK("a flow slot being claimed has no keys",
	      entry_keys(SNAP_FLOW_SLOTS, &idx, &fs, e, 16) == 0);
	fs.state = FLOW_SLOT_READY;
	n = entry_keys(SNAP_FLOW_SLOTS, &idx, &fs, e, 16);
	CHECK("a ready flow slot: its key's path, latency and hops",
	      n == 4 && e[0].metric == METRIC_FLOW_PATH &&
		      e[0].flow.ip_version == 4 && e[0].flow.src[3] == 1 &&
		      e[0].flow.dst_port == 2000 && e[1].value == 900 &&
		      e[3].switch_id == 12 && e[3].flow.protocol == 17);
	CHECK("flow slot index in range, the same for the same key",
	      flow_slot_index(&k4) < COLLECTOR_FLOW_SLOTS &&
		      flow_slot_index(&k4) == flow_slot_index(&fs.key));
	fv.flags = FLOW_HAS_LATENCY;
	n = entry_keys(SNAP_FLOWS6, &k6, &fv, e, 16);
	CHECK("IPv6 flow without a path: latency and hops",
	      n == 3 && e[0].metric == METRIC_FLOW_LATENCY &&
		      e[0].flow.ip_version == 6 && e[0].flow.src_port == 5);

	CHECK("a free queue slot has no keys",
	      entry_keys(SNAP_QUEUE_SLOTS, &idx, &qs, e, 16) == 0);
	qs.tag = switch_slot_tag(7, 2);
	CHECK("a claimed queue slot without values has no keys",
	      entry_keys(SNAP_QUEUE_SLOTS, &idx, &qs, e, 16) == 0);
	qs.value.flags = QUEUE_HAS_OCCUPANCY | QUEUE_HAS_CONGESTION;
	qs.value.occupancy = (struct metric_value){ 30, 30, 5 };
	qs.value.congestion = (struct metric_value){ 1, 1, 6 };
	n = entry_keys(SNAP_QUEUE_SLOTS, &idx, &qs, e, 16);
	CHECK("queue slot: occupancy and congestion keyed by its tag",
	      n == 2 && e[0].metric == METRIC_QUEUE_OCCUPANCY &&
		      e[0].switch_id == 7 && e[0].id == 2 && e[0].value == 30 &&
		      e[1].metric == METRIC_QUEUE_CONGESTION &&
		      e[1].value == 1 && e[1].ts_ns == 6);
	qv.flags = QUEUE_HAS_CONGESTION;
	qv.congestion = (struct metric_value){ 4, 4, 8 };
	n = entry_keys(SNAP_QUEUES, &sk, &qv, e, 16);
	CHECK("overflow queue: only the metric set",
	      n == 1 && e[0].metric == METRIC_QUEUE_CONGESTION &&
		      e[0].switch_id == 21 && e[0].id == 3 && e[0].value == 4);

	CHECK("a free link slot has no keys",
	      entry_keys(SNAP_LINK_SLOTS, &idx, &ls, e, 16) == 0);
	ls.tag = switch_slot_tag(0xfffffffe, 0xffffffff);
	ls.value = mv;
	n = entry_keys(SNAP_LINK_SLOTS, &idx, &ls, e, 16);
	CHECK("link slot keyed by its tag",
	      n == 1 && e[0].metric == METRIC_LINK_UTILIZATION &&
		      e[0].switch_id == 0xfffffffe && e[0].id == 0xffffffff &&
		      e[0].value == 7 && e[0].ts_ns == 70);
	n = entry_keys(SNAP_LINK_UTIL, &sk, &mv, e, 16);
	CHECK("overflow link",
	      n == 1 && e[0].metric == METRIC_LINK_UTILIZATION &&
		      e[0].switch_id == 21 && e[0].id == 3 && e[0].value == 7);
}

static void thresholds(void)
{
	unsigned long long t[METRIC_COUNT] = { 0 };
	int set[METRIC_COUNT];
	const char *m;

	m = "hop_latency=40 queue_occupancy=1000,link_utilization=5\n";
	CHECK("three pairs",
	      daemon_parse_thresholds(m, strlen(m), t, set) == 3);
	CHECK("values", t[METRIC_HOP_LATENCY] == 40 &&
				t[METRIC_QUEUE_OCCUPANCY] == 1000 &&
				t[METRIC_LINK_UTILIZATION] == 5);
	CHECK("only those set", set[METRIC_HOP_LATENCY] &&
					!set[METRIC_FLOW_LATENCY] &&
					!set[METRIC_FLOW_PATH]);
	m = "hop_latency=7 nosuch=1";
	CHECK("unknown metric: refused",
	      daemon_parse_thresholds(m, strlen(m), t, set) < 0);
	CHECK("all or nothing", t[METRIC_HOP_LATENCY] == 40);
	m = "hop_latency=-1";
	CHECK("negative refused",
	      daemon_parse_thresholds(m, strlen(m), t, set) < 0);
	m = "hop_latency=12x";
	CHECK("trailing garbage refused",
	      daemon_parse_thresholds(m, strlen(m), t, set) < 0);
	CHECK("empty refused", daemon_parse_thresholds("  ", 2, t, set) < 0);
	m = "hop_latency=9223372036854775808";
	CHECK("2^63 whole",
	      daemon_parse_thresholds(m, strlen(m), t, set) == 1 &&
		      t[METRIC_HOP_LATENCY] == 1ULL << 63);
	m = "hop_latency=18446744073709551615";
	CHECK("2^64-1 whole",
	      daemon_parse_thresholds(m, strlen(m), t, set) == 1 &&
		      t[METRIC_HOP_LATENCY] == ~0ULL);
	m = "hop_latency=18446744073709551616 queue_occupancy=3";
	CHECK("2^64 refused, whole message",
	      daemon_parse_thresholds(m, strlen(m), t, set) < 0 &&
		      t[METRIC_HOP_LATENCY] == ~0ULL &&
		      t[METRIC_QUEUE_OCCUPANCY] == 1000);
	m = "hop_latency=99";
	CHECK("length bounds the message",
	      daemon_parse_thresholds(m, 13, t, set) == 1 &&
		      t[METRIC_HOP_LATENCY] == 9);
}

static void buffer(void)
{
	struct daemon_buffer b;
	struct collector_event e = { 0 };
	unsigned long long i;

	CHECK("init", !daemon_buffer_init(&b, 4, sizeof(e)));
	for (i = 1; i <= 6; i++) {
		e.value = i;
		daemon_buffer_push(&b, &e);
	}
	CHECK("bounded", b.len == 4 && b.dropped == 2);
	CHECK("oldest dropped", held(daemon_buffer_at(&b, 0))->value == 3 &&
					daemon_buffer_at(&b, 0)->seq == 3);
	CHECK("newest kept", held(daemon_buffer_at(&b, 3))->value == 6 &&
				     !daemon_buffer_at(&b, 4));
	daemon_buffer_pop(&b, 3);
	CHECK("pop delivered", b.len == 1 && daemon_buffer_at(&b, 0)->seq == 6);
	e.value = 7;
	daemon_buffer_push(&b, &e);
	CHECK("seq goes on across wrap",
	      daemon_buffer_at(&b, 1)->seq == 7 && b.dropped == 2);
	daemon_buffer_pop(&b, 10);
	CHECK("pop more than held empties", b.len == 0);
	daemon_buffer_free(&b);
	CHECK("zero capacity refused",
	      daemon_buffer_init(&b, 0, sizeof(e)) < 0);
}

/* The line of an event, and a v2 entry of buffered events. */
static void batch(void)
{
	struct collector_event e = flow_event(METRIC_HOP_LATENCY);
	struct daemon_batch b = { 0 };
	struct daemon_buffer buf;
	struct daemon_fields f;
	char line[2048];
	int len, i;

	e.kind = EVENT_CHANGED;
	e.switch_id = 12;
	e.value = 900;
	e.previous = 400;
	e.report = EVENT_REPORT | EVENT_REPORT_NODE;
	e.report_seq = 33;
	e.report_node = 12;
	CHECK("an event line formats",
	      !daemon_entry_fields(&f, NULL, ENTRY_EVENT, &e, 1764, 17));
	CHECK("no origin in an event line",
	      !field(&f, "v") && !field(&f, "run"));
	len = daemon_fields_line(&f, line, sizeof(line));
	CHECK("name=value pairs, one space apart, one newline at the end",
	      len > 0 &&
		      (size_t)len ==
			      strlen("seq=17 kind=changed metric=hop_latency ts_ns=1764 src_ip=203.0.113.10 dst_ip=203.0.113.20 src_port=40001 dst_port=5201 protocol=17 switch_id=12 value=900 previous=400 report_seq=33 report_hw_id=0 report_node_id=12\n") &&
		      !memcmp(line,
			      "seq=17 kind=changed metric=hop_latency ts_ns=1764 src_ip=203.0.113.10 dst_ip=203.0.113.20 src_port=40001 dst_port=5201 protocol=17 switch_id=12 value=900 previous=400 report_seq=33 report_hw_id=0 report_node_id=12\n",
			      (size_t)len));
	CHECK("a line that does not fit is refused",
	      daemon_fields_line(&f, line, 20) == -E2BIG);

	CHECK("init", !daemon_buffer_init(&buf, 8, sizeof(e)));
	e.ts_ns = 1764;
	for (i = 0; i < 5; i++) {
		e.value = 100 + i;
		e.metric = i == 1 ? METRIC_COUNT : METRIC_HOP_LATENCY;
		daemon_buffer_push(&buf, &e);
	}
	CHECK("fill: at most the batch",
	      !daemon_batch_fill(&b, &buf, 0, 3, daemon_event_line,
				 &offset_1000) &&
		      b.span == 3 && b.count == 2);
	CHECK("an event that does not format is skipped",
	      !memcmp(b.text, "seq=1 ", 6) && strstr(b.text, "\nseq=3 ") &&
		      !strstr(b.text, "seq=2 ") && b.text[b.len - 1] == '\n');
	CHECK("the seqs as runs: 2 is not in it", !strcmp(b.seqs, "1,3"));
	CHECK("wall-clock time: ts_ns + the offset",
	      strstr(b.text, " ts_ns=2764 "));
	CHECK("entry fields",
	      !daemon_batch_fields(&f, &origin, "events", &b) &&
		      is(&f, "v", "2") && is(&f, "node", "node-a") &&
		      is(&f, "ifname", "eth1") &&
		      is(&f, "run", "1700000000123") && is(&f, "count", "2") &&
		      f.n == 12 && f.len[11] == b.len);
	CHECK("fill never waits: the 2 left after index 3",
	      !daemon_batch_fill(&b, &buf, 3, 256, daemon_event_line,
				 &offset_0) &&
		      b.span == 2 && b.count == 2 && strstr(b.text, "seq=4 ") &&
		      strstr(b.text, "\nseq=5 ") && !strcmp(b.seqs, "4-5"));
	CHECK("batch of 1: one event per entry",
	      !daemon_batch_fill(&b, &buf, 4, 1, daemon_event_line,
				 &offset_0) &&
		      b.count == 1 &&
		      strchr(b.text, '\n') == b.text + b.len - 1);
	CHECK("nothing left: an empty batch has no entry",
	      !daemon_batch_fill(&b, &buf, 5, 256, daemon_event_line,
				 &offset_0) &&
		      b.count == 0 &&
		      daemon_batch_fields(&f, &origin, "events", &b) < 0);
	daemon_buffer_free(&buf);
	daemon_batch_free(&b);
}

/* Every other event unformattable: the entry ends before its runs overflow. */
static void batch_seq_runs(void)
{
	struct collector_event e = flow_event(METRIC_HOP_LATENCY);
	struct daemon_batch b = { 0 };
	struct daemon_buffer buf;
	unsigned long long span;
	char next[32];
	int i;

	CHECK("init", !daemon_buffer_init(&buf, 200, sizeof(e)));
	for (i = 0; i < 200; i++) {
		e.metric = i % 2 ? METRIC_COUNT : METRIC_HOP_LATENCY;
		daemon_buffer_push(&buf, &e);
	}
	CHECK("one run per event, then the entry ends",
	      !daemon_batch_fill(&b, &buf, 0, 256, daemon_event_line,
				 &offset_0) &&
		      b.count > 5 && b.count < 100 && b.span == 2 * b.count &&
		      !strncmp(b.seqs, "1,3,5,", 6) &&
		      strlen(b.seqs) < sizeof(b.seqs));
	span = b.span;
	CHECK("the next entry starts where it ended",
	      !daemon_batch_fill(&b, &buf, span, 256, daemon_event_line,
				 &offset_0) &&
		      b.count > 5);
	snprintf(next, sizeof(next), "%llu,", span + 1);
	CHECK("with the next formattable seq",
	      !strncmp(b.seqs, next, strlen(next)));
	daemon_buffer_free(&buf);
	daemon_batch_free(&b);
}

/* An entry of the published window: len bytes of text, count events. */
static struct daemon_retained retained(const char *id, size_t len,
				       unsigned long long count)
{
	struct daemon_retained e = { 0 };

	snprintf(e.id, sizeof(e.id), "%s", id);
	e.text = calloc(1, len);
	e.len = len;
	e.count = count;
	return e;
}

/* The published window: bounded in time and in bytes, oldest out first. */
static void retain(void)
{
	struct daemon_retain r;
	struct daemon_retained e = retained("1-0", 100, 1);
	unsigned long long one = daemon_retained_bytes(&e);
	char id[32];
	int i, order = 1;

	daemon_retain_init(&r, 1000, 3 * one);
	CHECK("kept", !daemon_retain_add(&r, &e, 0) && r.len == 1 &&
			      r.bytes == one && r.events == 1);
	e = retained("2-0", 100, 2);
	daemon_retain_add(&r, &e, 100);
	e = retained("3-0", 100, 3);
	daemon_retain_add(&r, &e, 200);
	CHECK("at the byte bound",
	      r.len == 3 && r.bytes == 3 * one && r.events == 6 && !r.overflow);
	e = retained("4-0", 100, 4);
	daemon_retain_add(&r, &e, 300);
	CHECK("past it the oldest leaves, young: counted overflow",
	      r.len == 3 && r.bytes <= r.max_bytes && r.overflow == 1 &&
		      !strcmp(daemon_retain_at(&r, 0)->id, "2-0") &&
		      !strcmp(daemon_retain_at(&r, 2)->id, "4-0") &&
		      r.events == 9);
	daemon_retain_expire(&r, 1150);
	CHECK("the window: acknowledged before now - 1000 ms leaves",
	      r.len == 2 && !strcmp(daemon_retain_at(&r, 0)->id, "3-0") &&
		      r.events == 7 && r.bytes == 2 * one);
	e = retained("5-0", 100, 5);
	daemon_retain_add(&r, &e, 1500);
	e = retained("6-0", 100, 6);
	daemon_retain_add(&r, &e, 2400);
	CHECK("aged out by the byte bound: not overflow",
	      r.len == 3 && r.overflow == 1 &&
		      !strcmp(daemon_retain_at(&r, 0)->id, "4-0"));
	e = retained("big", 4 * one, 7);
	daemon_retain_add(&r, &e, 2500);
	CHECK("an entry larger than the bound is not kept",
	      r.len == 3 && r.overflow == 2 && !daemon_retain_at(&r, 3));
	daemon_retain_expire(&r, 100000);
	CHECK("all aged out", r.len == 0 && r.bytes == 0 && r.events == 0);
	daemon_retain_free(&r);

	daemon_retain_init(&r, 1000, 1ULL << 30);
	for (i = 0; i < 700; i++) {
		snprintf(id, sizeof(id), "%d-0", i);
		e = retained(id, 10, 1);
		daemon_retain_add(&r, &e, (unsigned long long)i);
	}
	daemon_retain_expire(&r, 1050);
	for (i = 0; i < (int)r.len; i++) {
		snprintf(id, sizeof(id), "%d-0", 50 + i);
		order &= !strcmp(daemon_retain_at(&r, (size_t)i)->id, id);
	}
	CHECK("grows past its first 256 slots in order", r.len == 650 && order);
	daemon_retain_free(&r);

	daemon_retain_init(&r, 0, 1ULL << 30);
	e = retained("1-0", 10, 1);
	CHECK("window 0: nothing kept",
	      !daemon_retain_add(&r, &e, 0) && !r.len && !r.overflow);
	daemon_retain_free(&r);
}

/* The counters hash's field of a source that lost reports. */
static void source_fields(void)
{
	char name[48];

	CHECK("node 19, hw_id 5",
	      daemon_source_field(report_source_tag(19, 1, 5), name,
				  sizeof(name)) > 0 &&
		      !strcmp(name, "reports_lost_19_5"));
	CHECK("node 0 is a node",
	      daemon_source_field(report_source_tag(0, 1, 63), name,
				  sizeof(name)) > 0 &&
		      !strcmp(name, "reports_lost_0_63"));
	CHECK("a report that names no node: none",
	      daemon_source_field(report_source_tag(0, 0, 2), name,
				  sizeof(name)) > 0 &&
		      !strcmp(name, "reports_lost_none_2"));
	CHECK("the largest node id",
	      daemon_source_field(report_source_tag(0xFFFFFFFFU, 1, 63), name,
				  sizeof(name)) > 0 &&
		      !strcmp(name, "reports_lost_4294967295_63"));
	CHECK("too small a buffer refused",
	      daemon_source_field(report_source_tag(19, 1, 5), name, 8) < 0);
}

static int transient(int type, const char *str)
{
	redisReply rep = { .type = type,
			   .str = (char *)str,
			   .len = strlen(str) };

	return daemon_redis_transient(&rep);
}

/* Which error replies the daemons send again rather than drop. */
static void transient_errors(void)
{
	CHECK("LOADING is transient",
	      transient(REDIS_REPLY_ERROR,
			"LOADING Redis is loading the dataset in memory"));
	CHECK("BUSY, MASTERDOWN, TRYAGAIN are transient",
	      transient(REDIS_REPLY_ERROR,
			"BUSY Redis is busy running a script") &&
		      transient(REDIS_REPLY_ERROR,
				"MASTERDOWN Link with MASTER is down") &&
		      transient(REDIS_REPLY_ERROR, "TRYAGAIN"));
	CHECK("BUSYGROUP is not BUSY",
	      !transient(REDIS_REPLY_ERROR,
			 "BUSYGROUP Consumer Group name already exists"));
	CHECK("WRONGTYPE and ERR are refusals",
	      !transient(REDIS_REPLY_ERROR,
			 "WRONGTYPE Operation against a key") &&
		      !transient(REDIS_REPLY_ERROR, "ERR unknown command"));
	CHECK("a string saying LOADING is no error",
	      !transient(REDIS_REPLY_STRING, "LOADING"));
}

int main(void)
{
	event_fields();
	snapshot_fields();
	snapshot_maps();
	thresholds();
	buffer();
	batch();
	batch_seq_runs();
	retain();
	source_fields();
	transient_errors();
	printf("daemon_units: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
