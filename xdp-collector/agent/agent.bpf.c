// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent.bpf.c - the NIC agent: the SmartNIC paper's INT sink in XDP, a bump
 * in the wire in front of the monitoring host.  An INT-MD data packet (UDP
 * to config.int_port, NPT 1 or 2) updates its flow in the FlowCache, may
 * fire change and threshold events, counts into the per-switch histograms,
 * and goes on to the host with its INT removed.  Whatever does not parse is
 * counted by reason and passed on as it came.  Nothing is dropped.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "agent.h"
#include "agent_events.h"
#include "agent_parse.h"
#include "agent_scratch.h"
#include "flow_cache.h"
#include "histograms.h"
#include "int_strip.h"

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, AGENT_OBJECT_ROWS);
	__type(key, __u32);
	__type(value, struct agent_flow_row);
} flow_rows SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, AGENT_RG_BYTES);
} rg SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, AGENT_RI_BYTES);
} ri SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, AGENT_THRESHOLDS);
	__type(key, __u32);
	__type(value, __u64);
} thresholds SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1 << AGENT_HIST_SLOT_BITS);
	__type(key, __u32);
	__type(value, struct agent_switch_hist);
} hist_slots SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, AGENT_HIST_ENTRIES);
	__type(key, __u32); /* switch id */
	__type(value, struct agent_switch_hist);
} histograms SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct agent_counters);
} counters SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct agent_config);
} config SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct agent_scratch);
} scratch SEC(".maps");

/* a ring's forced wakeup the reader has not answered yet (agent_events.h) */
__u32 rg_wakeup_pending, ri_wakeup_pending;

static __always_inline void agent_thresholds(struct agent_scratch *s)
{
	__u32 i, key;
	__u64 *t;

	for (i = 0; i < AGENT_THRESHOLDS; i++) {
		/* why: a key of its own; the index stays in a register, bounded */
		key = i;
		t = bpf_map_lookup_elem(&thresholds, &key);
		s->thr[i] = t ? *t : AGENT_THRESHOLD_OFF;
	}
}

/*
 * The steps run as global functions, each verified once on its own.  why:
 * inlined into one function, the hop loops of each step multiply the
 * verifier's states past its instruction budget.
 */
#define AGENT_STEP __attribute__((noinline))

/* The verdict, with the counter of an unparsed packet in bits 8-15. */
AGENT_STEP int agent_parse_step(struct xdp_md *ctx, struct agent_scratch *s,
				__u32 port)
{
	struct int_pkt p = {
		.data = (const __u8 *)(long)ctx->data,
		.end = (const __u8 *)(long)ctx->data_end,
		.ctx = ctx,
	};
	__u32 counter = 0;
	int verdict;

	if (!s)
		return AGENT_NOT_INT;
	verdict = agent_parse(&p, port, &s->pkt, &counter);
	return verdict | (counter & 0xFF) << 8;
}

AGENT_STEP int agent_histogram_step(struct agent_scratch *s,
				    struct agent_config *cfg)
{
	if (!s || !cfg)
		return 0;
	agent_histograms(&hist_slots, &histograms, &s->pkt, cfg);
	return 0;
}

AGENT_STEP int agent_cache_step(struct agent_scratch *s, __u32 rows_mask,
				__u64 now)
{
	if (!s)
		return -1;
	return agent_flow_cache(&flow_rows, rows_mask, s, now);
}

AGENT_STEP int agent_event_step(struct agent_scratch *s,
				struct agent_counters *c, __u64 wakeup_bytes,
				__u64 now)
{
	if (!s || !c)
		return 0;
	agent_thresholds(s);
	agent_events(&ri, &ri_wakeup_pending, c, s, wakeup_bytes, now);
	return 0;
}

AGENT_STEP int agent_strip_step(struct xdp_md *ctx, struct agent_scratch *s)
{
	if (!s)
		return -1;
	return agent_strip(ctx, s);
}

SEC("xdp")
int xdp_agent(struct xdp_md *ctx)
{
	struct agent_counters *c;
	struct agent_config *cfg;
	struct agent_scratch *s;
	__u32 zero = 0, counter, port;
	__u64 now;
	int verdict, r;

	c = bpf_map_lookup_elem(&counters, &zero);
	cfg = bpf_map_lookup_elem(&config, &zero);
	s = bpf_map_lookup_elem(&scratch, &zero);
	if (!c || !cfg || !s)
		return XDP_PASS;
	c->v[AGENT_C_PACKETS]++;
	port = cfg->int_port ? cfg->int_port : AGENT_DEFAULT_INT_PORT;
	verdict = agent_parse_step(ctx, s, port);
	counter = (verdict >> 8) & 0xFF;
	verdict &= 0xFF;
	if (verdict == AGENT_NOT_INT) {
		c->v[AGENT_C_PASSED_NO_INT]++;
		return XDP_PASS;
	}
	if (verdict != AGENT_INT) {
		if (counter >= AGENT_C_COUNT)
			counter = AGENT_C_UNPARSED_TRUNCATED;
		c->v[int_index(counter, 31)]++;
		return XDP_PASS;
	}
	c->v[AGENT_C_INT_PACKETS]++;
	if (s->pkt.over_limit)
		c->v[AGENT_C_HOPS_OVER_LIMIT]++;
	now = bpf_ktime_get_ns();

	agent_histogram_step(s, cfg);
	r = agent_cache_step(s, cfg->rows_mask, now);
	if (r == AGENT_C_FLOWS_NEW)
		c->v[AGENT_C_FLOWS_NEW]++;
	else if (r == AGENT_C_FLOWS_UPDATED)
		c->v[AGENT_C_FLOWS_UPDATED]++;
	if (r >= 0 && s->did_evict) {
		c->v[AGENT_C_EVICTED]++;
		if (bpf_ringbuf_output(&rg, &s->evicted, sizeof(s->evicted),
				       agent_wakeup_flags(&rg,
							  &rg_wakeup_pending,
							  cfg->wakeup_bytes)))
			c->v[AGENT_C_RG_LOST]++;
	}
	agent_event_step(s, c, cfg->wakeup_bytes, now);
	if (agent_strip_step(ctx, s) == 0)
		c->v[AGENT_C_STRIPPED]++;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "Dual BSD/GPL";
