// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_gen.bpf.c - the NIC agent bench's generator: the XDP_TX program of
 * the in-kernel generator (XDP_NOTES.md, BPF_F_TEST_XDP_LIVE_FRAMES).  On an
 * INT-MD frame of the bench's shape (Ethernet, IPv4, UDP, NPT 1, hops of
 * switch id, latency, queue, utilization) it writes a new flow (the UDP
 * source port) and new values per hop before sending: a queue occupancy
 * above gen.high_queue with probability gen.high_ppm per million, else
 * below it.  gen.rewrite = 0 sends the frame as it is (the collector's).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#include "agent_gen.h"

#define GEN_UDP 34
#define GEN_STACK 58
#define GEN_HOP 16
#define GEN_HOPS 5

struct gen_config gen;
__u64 sent;

static __always_inline void put_be32(__u8 *b, __u32 v)
{
	b[0] = v >> 24, b[1] = v >> 16, b[2] = v >> 8, b[3] = v;
}

SEC("xdp")
int agent_gen(struct xdp_md *ctx)
{
	__u8 *data = (__u8 *)(long)ctx->data;
	__u8 *end = (__u8 *)(long)ctx->data_end;
	__u32 flow, i, r, q;
	__u8 *h;

	if (!gen.rewrite)
		return XDP_TX;
	if (data + GEN_STACK + GEN_HOPS * GEN_HOP > end)
		return XDP_ABORTED;
	flow = (__u32)sent++ & gen.flows_mask;
	data[GEN_UDP] = 0x80 | (flow >> 8);
	data[GEN_UDP + 1] = flow;
	for (i = 0; i < GEN_HOPS; i++) {
		h = data + GEN_STACK + i * GEN_HOP;
		r = bpf_get_prandom_u32();
		q = r & 0xFF;
		if (r % 1000000 < gen.high_ppm)
			q += gen.high_queue;
		put_be32(h + 4, 500 + ((r >> 8) & 0x3FF)); /* hop latency */
		put_be32(h + 8, 1U << 24 | q);	      /* queue 1, occupancy */
		put_be32(h + 12, (r >> 18) & 0x3FFF); /* TX utilization */
	}
	return XDP_TX;
}

char LICENSE[] SEC("license") = "Dual BSD/GPL";
