// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent.bpf.c - the NIC agent: the SmartNIC paper's INT sink in XDP.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "agent.h"

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
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, AGENT_HIST_ENTRIES);
	__type(key, struct agent_hist_key);
	__type(value, struct agent_hist);
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

SEC("xdp")
int xdp_agent(struct xdp_md *ctx)
{
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "Dual BSD/GPL";
