// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_daemon_units - the NIC agent daemon's text and choices, under
 * ASan/UBSan: an event's line (kinds, types, per-switch and end-to-end
 * fields, wall-clock time), a flow record's line (reasons, path, per-hop
 * fields), a histogram entry, batched entries of both with their origin,
 * threshold messages applied whole or not at all, and the aging walk's
 * choice of idle and active buckets.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "agent_lines.h"
#include "check.h"
#include "daemon_batch.h"
#include "daemon_buffer.h"

static const struct daemon_origin origin = {
	.node = "agent-a",
	.ifname = "eth2",
	.run = 1764000000123ULL,
	.version = AGENT_CONTRACT_VERSION,
	.who = "agent",
	.kind = "nic_agent",
};

static struct agent_line_ctx ctx = { .wall_offset_ns = 1000 };

static struct agent_flow_key flow_key(void)
{
	struct agent_flow_key k = { .src_port = 40001,
				    .dst_port = 5201,
				    .protocol = 6,
				    .ip_version = 4 };

	inet_pton(AF_INET, "10.0.0.1", k.src);
	inet_pton(AF_INET, "10.0.1.2", k.dst);
	return k;
}

static int line_is(daemon_line_fn fn, const void *rec, unsigned long long seq,
		   const char *want)
{
	char out[8192];
	int n = fn(rec, seq, out, sizeof(out), &ctx);

	if (n < 0 || (size_t)n != strlen(want) ||
	    memcmp(out, want, (size_t)n)) {
		fprintf(stderr, "got:  %.*s\nwant: %s", n > 0 ? n : 0, out,
			want);
		return 0;
	}
	return 1;
}

static void event_lines(void)
{
	struct agent_event e = { .ts_ns = 5000,
				 .flow = flow_key(),
				 .value = 9000,
				 .previous = 1000,
				 .switch_id = 12,
				 .path_id = 77,
				 .metric = AGENT_M_HOP_LATENCY,
				 .hop = 1,
				 .types = AGENT_EV_CHANGE |
					  AGENT_EV_THRESHOLD };
	char out[64];

	CHECK("per switch, both types: kind threshold",
	      line_is(agent_event_line, &e, 3,
		      "seq=3 kind=threshold types=change,threshold metric=hop_latency ts_ns=6000 src_ip=10.0.0.1 dst_ip=10.0.1.2 src_port=40001 dst_port=5201 protocol=6 switch_id=12 hop=1 path_id=77 value=9000 previous=1000\n"));
	e.flow.ip_version = 6;
	inet_pton(AF_INET6, "2001:db8::1", e.flow.src);
	inet_pton(AF_INET6, "2001:db8:0:1::2", e.flow.dst);
	CHECK("an IPv6 flow: RFC 5952 addresses",
	      line_is(agent_event_line, &e, 3,
		      "seq=3 kind=threshold types=change,threshold metric=hop_latency ts_ns=6000 src_ip=2001:db8::1 dst_ip=2001:db8:0:1::2 src_port=40001 dst_port=5201 protocol=6 switch_id=12 hop=1 path_id=77 value=9000 previous=1000\n"));
	e.flow = flow_key();
	e.types = AGENT_EV_CHANGE;
	e.metric = AGENT_M_QUEUE_OCCUPANCY;
	CHECK("change only: kind changed",
	      line_is(agent_event_line, &e, 4,
		      "seq=4 kind=changed types=change metric=queue_occupancy ts_ns=6000 src_ip=10.0.0.1 dst_ip=10.0.1.2 src_port=40001 dst_port=5201 protocol=6 switch_id=12 hop=1 path_id=77 value=9000 previous=1000\n"));
	e.types = AGENT_EV_THRESHOLD;
	e.metric = AGENT_M_FLOW_LATENCY;
	e.switch_id = 0;
	e.hop = AGENT_HOP_NONE;
	CHECK("end to end: no switch_id, no hop",
	      line_is(agent_event_line, &e, 5,
		      "seq=5 kind=threshold types=threshold metric=flow_latency ts_ns=6000 src_ip=10.0.0.1 dst_ip=10.0.1.2 src_port=40001 dst_port=5201 protocol=6 path_id=77 value=9000 previous=1000\n"));
	e.metric = AGENT_M_FLOW_PATH;
	e.types = AGENT_EV_CHANGE;
	e.value = 78;
	e.previous = 77;
	e.path_id = 78;
	CHECK("path change: the path ids",
	      line_is(agent_event_line, &e, 6,
		      "seq=6 kind=changed types=change metric=flow_path ts_ns=6000 src_ip=10.0.0.1 dst_ip=10.0.1.2 src_port=40001 dst_port=5201 protocol=6 path_id=78 value=78 previous=77\n"));
	e.types = 0;
	CHECK("no type: refused",
	      agent_event_line(&e, 1, out, sizeof(out), &ctx) < 0);
	e.types = AGENT_EV_CHANGE;
	e.metric = AGENT_M_COUNT;
	CHECK("unknown metric: refused",
	      agent_event_line(&e, 1, out, sizeof(out), &ctx) < 0);
	e.metric = AGENT_M_HOP_LATENCY;
	e.hop = AGENT_MAX_HOPS;
	CHECK("a per-switch event past the hops: refused",
	      agent_event_line(&e, 1, out, sizeof(out), &ctx) < 0);
	e.hop = 0;
	e.flow.ip_version = 0;
	CHECK("no flow: refused",
	      agent_event_line(&e, 1, out, sizeof(out), &ctx) < 0);
	e.flow = flow_key();
	CHECK("a line that does not fit: refused",
	      agent_event_line(&e, 1, out, sizeof(out), &ctx) == -E2BIG);
}

static struct agent_flow_out flow_record(int reason, int hops)
{
	struct agent_flow_out r = { .reason = (__u32)reason };
	int i;

	r.b.key = flow_key();
	r.b.packets = 10;
	r.b.first_ns = 100;
	r.b.last_ns = 900;
	r.b.path_id = 4242;
	r.b.hops = (__u8)hops;
	r.b.e2e_latency = 0;
	for (i = 0; i < hops; i++) {
		r.b.hop[i] = (struct agent_flow_hop){ .switch_id = 11 + i,
						      .latency = 100 * (i + 1),
						      .latency_avg = 90,
						      .queue = 5,
						      .queue_avg = 4,
						      .util = 70,
						      .util_avg = 60 };
		r.b.e2e_latency += 100 * (i + 1);
	}
	r.b.e2e_latency_avg = 270;
	return r;
}

static void flow_lines(void)
{
	struct agent_flow_out r = flow_record(AGENT_R_EVICTED, 2);
	char out[64];

	CHECK("evicted, two hops",
	      line_is(agent_flow_line, &r, 1,
		      "seq=1 reason=evicted src_ip=10.0.0.1 dst_ip=10.0.1.2 src_port=40001 dst_port=5201 protocol=6 packets=10 first_ns=1100 last_ns=1900 path_id=4242 path=11,12 e2e_latency=300 e2e_latency_avg=270 "
		      "h0_switch=11 h0_latency=100 h0_latency_avg=90 h0_queue=5 h0_queue_avg=4 h0_util=70 h0_util_avg=60 "
		      "h1_switch=12 h1_latency=200 h1_latency_avg=90 h1_queue=5 h1_queue_avg=4 h1_util=70 h1_util_avg=60\n"));
	r = flow_record(AGENT_R_AGED, 0);
	CHECK("aged, no hops: an empty path",
	      line_is(agent_flow_line, &r, 2,
		      "seq=2 reason=aged src_ip=10.0.0.1 dst_ip=10.0.1.2 src_port=40001 dst_port=5201 protocol=6 packets=10 first_ns=1100 last_ns=1900 path_id=4242 path= e2e_latency=0 e2e_latency_avg=270\n"));
	r = flow_record(AGENT_R_ACTIVE, AGENT_MAX_HOPS);
	{
		char line[8192];
		int n = agent_flow_line(&r, 3, line, sizeof(line), &ctx);

		CHECK("active, every hop: the last hop's fields end it",
		      n > 0 && strstr(line, "reason=active ") &&
			      strstr(line, " path=11,12,13,14,15,16,17,18 ") &&
			      strstr(line, " h7_util_avg=60\n") &&
			      !strstr(line, "h8_"));
	}
	r.reason = AGENT_R_COUNT;
	CHECK("unknown reason: refused",
	      agent_flow_line(&r, 1, out, sizeof(out), &ctx) < 0);
	r = flow_record(AGENT_R_ACTIVE, 1);
	r.b.hops = AGENT_MAX_HOPS + 1;
	CHECK("more hops than kept: refused",
	      agent_flow_line(&r, 1, out, sizeof(out), &ctx) < 0);
}

static const char *field(const struct daemon_fields *f, const char *name)
{
	int i;

	for (i = 0; i + 1 < f->n; i += 2)
		if (!strcmp(f->argv[i], name))
			return f->argv[i + 1];
	return NULL;
}

static int is(const struct daemon_fields *f, const char *name, const char *v)
{
	const char *got = field(f, name);

	return got && !strcmp(got, v);
}

static void histogram(void)
{
	struct agent_hist_key k = { .switch_id = 12,
				    .metric = AGENT_M_QUEUE_OCCUPANCY };
	struct agent_hist h = { 0 };
	struct daemon_fields f;

	h.bins[0] = 5;
	h.bins[31] = 2;
	CHECK("histogram entry",
	      !agent_hist_fields(&f, &origin, &k, &h, 64, 123) &&
		      is(&f, "v", "1") && is(&f, "agent", "agent-a") &&
		      is(&f, "ifname", "eth2") &&
		      is(&f, "run", "1764000000123") &&
		      is(&f, "switch_id", "12") &&
		      is(&f, "metric", "queue_occupancy") &&
		      is(&f, "bin_width", "64") && is(&f, "ts_ns", "123") &&
		      is(&f, "bins",
			 "5,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2") &&
		      f.n == 18);
	k.metric = AGENT_M_FLOW_LATENCY;
	CHECK("no histogram for an end-to-end metric",
	      agent_hist_fields(&f, &origin, &k, &h, 64, 123) < 0);
}

static void batched(void)
{
	struct agent_event e = { .ts_ns = 1,
				 .flow = flow_key(),
				 .metric = AGENT_M_HOP_LATENCY,
				 .types = AGENT_EV_THRESHOLD };
	struct agent_flow_out r = flow_record(AGENT_R_ACTIVE, 1);
	struct daemon_batch b = { 0 };
	struct daemon_buffer buf;
	struct daemon_fields f;
	int i;

	CHECK("events buffer", !daemon_buffer_init(&buf, 4, sizeof(e)));
	for (i = 0; i < 6; i++) {
		e.value = (__u64)i;
		daemon_buffer_push(&buf, &e);
	}
	CHECK("bounded: the oldest dropped and counted",
	      buf.len == 4 && buf.dropped == 2 &&
		      daemon_buffer_at(&buf, 0)->seq == 3);
	CHECK("an entry of events",
	      !daemon_batch_fill(&b, &buf, 0, 256, agent_event_line, &ctx) &&
		      b.count == 4 && !strcmp(b.seqs, "3-6") &&
		      !strncmp(b.text, "seq=3 kind=threshold ", 21) &&
		      !daemon_batch_fields(&f, &origin, "events", &b) &&
		      is(&f, "v", "1") && is(&f, "agent", "agent-a") &&
		      is(&f, "count", "4") && !field(&f, "node") &&
		      f.len[11] == b.len);
	daemon_buffer_free(&buf);
	CHECK("records buffer", !daemon_buffer_init(&buf, 8, sizeof(r)));
	daemon_buffer_push(&buf, &r);
	r.reason = AGENT_R_EVICTED;
	daemon_buffer_push(&buf, &r);
	CHECK("an entry of flow records",
	      !daemon_batch_fill(&b, &buf, 0, 256, agent_flow_line, &ctx) &&
		      b.count == 2 && strstr(b.text, "seq=1 reason=active ") &&
		      strstr(b.text, "\nseq=2 reason=evicted ") &&
		      !daemon_batch_fields(&f, &origin, "records", &b) &&
		      is(&f, "count", "2") && field(&f, "records"));
	daemon_buffer_free(&buf);
	daemon_batch_free(&b);
}

#define IDX(m, t) AGENT_THRESHOLD_INDEX(AGENT_M_##m, AGENT_T_##t)

static void thresholds(void)
{
	unsigned long long t[AGENT_THRESHOLDS] = { 0 };
	int set[AGENT_THRESHOLDS] = { 0 };
	const char *m;

	m = "hop_latency.threshold=5000 flow_latency.change=2000";
	CHECK("two pairs", agent_parse_thresholds(m, strlen(m), t, set) == 2 &&
				   set[IDX(HOP_LATENCY, THRESHOLD)] &&
				   t[IDX(HOP_LATENCY, THRESHOLD)] == 5000 &&
				   set[IDX(FLOW_LATENCY, CHANGE)] &&
				   t[IDX(FLOW_LATENCY, CHANGE)] == 2000 &&
				   !set[IDX(HOP_LATENCY, CHANGE)]);
	m = "queue_occupancy.change=0,link_utilization.threshold=18446744073709551615\nflow_path.change=0";
	CHECK("commas, newlines, 0 and 2^64-1",
	      agent_parse_thresholds(m, strlen(m), t, set) == 3 &&
		      t[IDX(LINK_UTILIZATION, THRESHOLD)] == ~0ULL &&
		      t[IDX(QUEUE_OCCUPANCY, CHANGE)] == 0 &&
		      set[IDX(FLOW_PATH, CHANGE)]);
	t[IDX(HOP_LATENCY, CHANGE)] = 7;
	set[IDX(HOP_LATENCY, CHANGE)] = 0;
	{
		static const char *const bad[] = {
			"hop_latency.change=5 hop_latency.threshold=oops",
			"hop_latency.change=5 flow_path.threshold=3",
			"hop_latency.change=5 hop_latency=3",
			"hop_latency.change=5 hop_latency.delta=3",
			"hop_latency.change=18446744073709551616",
			"hop_latency.change=-1",
			"hop_latency.change=+1",
			"hop_latency.change=",
			"hop_latency.change",
			"nonsense.change=1",
			"",
			" , ",
		};
		size_t i;
		int all = 1;

		for (i = 0; i < sizeof(bad) / sizeof(*bad); i++)
			if (agent_parse_thresholds(bad[i], strlen(bad[i]), t,
						   set) != -EINVAL) {
				fprintf(stderr, "accepted: %s\n", bad[i]);
				all = 0;
			}
		CHECK("a bad pair refuses the whole message", all);
		CHECK("and sets nothing",
		      t[IDX(HOP_LATENCY, CHANGE)] == 7 &&
			      !set[IDX(HOP_LATENCY, CHANGE)]);
	}
	m = "hop_latency.change=99";
	CHECK("the length bounds the message",
	      agent_parse_thresholds(m, 20, t, set) == 1 &&
		      t[IDX(HOP_LATENCY, CHANGE)] == 9);
	CHECK("flow_path has no threshold type",
	      !agent_threshold_exists(AGENT_M_FLOW_PATH, AGENT_T_THRESHOLD) &&
		      agent_threshold_exists(AGENT_M_FLOW_PATH,
					     AGENT_T_CHANGE));
}

static void aging(void)
{
	static struct agent_flow_row row;
	unsigned long long s = 1000000000ULL;
	unsigned int aged, active;

	memset(&row, 0, sizeof(row));
	row.b[0].packets = 1, row.b[0].last_ns = 10 * s;   /* idle 20 s */
	row.b[1].packets = 1, row.b[1].last_ns = 29 * s;   /* idle 1 s */
	row.b[2].packets = 0, row.b[2].last_ns = 1;	   /* free */
	row.b[3].packets = 5, row.b[3].last_ns = 25 * s;   /* idle 5 s */
	row.b[11].packets = 1, row.b[11].last_ns = 31 * s; /* the future */
	agent_row_select(&row, 30 * s, 10 * s, ~0ULL, &aged, &active);
	CHECK("idle past the timeout: aged; no active pass asked",
	      aged == 1U && active == 0);
	agent_row_select(&row, 30 * s, 10 * s, 25 * s, &aged, &active);
	CHECK("updated since the last pass: active, the aged not",
	      aged == 1U && active == ((1U << 1) | (1U << 3) | (1U << 11)));
	agent_row_select(&row, 30 * s, 5 * s, 26 * s, &aged, &active);
	CHECK("exactly at the timeout: not aged yet",
	      aged == 1U && active == ((1U << 1) | (1U << 11)));
	agent_row_select(&row, 30 * s, ~0ULL, 0, &aged, &active);
	CHECK("no aging asked: every used bucket active since 0",
	      aged == 0 && active == ((1U << 0) | (1U << 1) | (1U << 3) |
				      (1U << 11)));
	memset(&row, 0, sizeof(row));
	agent_row_select(&row, 30 * s, 0, 0, &aged, &active);
	CHECK("an empty row: nothing", aged == 0 && active == 0);
}

int main(void)
{
	event_lines();
	flow_lines();
	histogram();
	batched();
	thresholds();
	aging();
	printf("agent_daemon_units: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
