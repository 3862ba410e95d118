/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * fast_same.h - the fast path's promise, checked on the host: for a frame,
 * int_fast.h either declines, or gives the events (and detector counters,
 * M_all's metric values among them) the general path of the XDP program gives, one for one, from the same
 * tables; twice in a row, so that "changed" and "quiet" are compared too.
 * Used by tests/test_fast.c (vectors, benchmark frames, damaged copies) and
 * tests/fuzz_parse.c.
 */
#ifndef FAST_SAME_H
#define FAST_SAME_H

#include <stdlib.h>
#include <string.h>

#include "int_fast.h"

static struct int_frame fs_frame;
static struct int_detect_acc fs_acc;
static struct int_hop fs_rhop;
static struct int_fast fs_x;

/* What xdp_collector does without the fast path: 1 = detected on, else 0. */
static int fs_general(const struct int_pkt *p, __u32 len, __u32 port)
{
	struct int_l34 outer;

	memset(&outer, 0, sizeof(outer));
	if (int_dissect(p, INT_LINK_ETHERNET, 0, len, &outer) ||
	    !outer.has_ports || outer.protocol != INT_PROTO_UDP ||
	    outer.dst_port != port)
		return 0;
	memset(&fs_frame, 0, sizeof(fs_frame));
	if (int_report_frame(p, outer.payload_off, outer.payload_len,
			     INT_MAX_HOPS, &fs_frame))
		return 0;
	if (fs_frame.has_stack)
		int_detect(&fs_frame, &fs_acc, int_host.now_ns);
	return 1;
}

/* The fast path: 1 = taken, 0 = declined. */
static int fs_fast(const struct int_pkt *p, __u32 len, __u32 port)
{
	if (!int_fast_check(p, len, port, &fs_rhop, &fs_x))
		return 0;
	int_fast_detect(p, &fs_x, &fs_rhop, &fs_acc, int_host.now_ns);
	return 1;
}

struct fs_run {
	__u32 events;
	struct collector_event ev[64];
	/* CNT_EVENTS, CNT_EVENTS_LOST, CNT_MAP_FULL, CNT_METRIC_VALUES */
	__u64 counters[4];
};

/* Two runs of the frame on fresh tables, by one path. */
static int fs_runs(const struct int_pkt *p, __u32 len, __u32 port, int fast,
		   struct fs_run out[2])
{
	__u64 thresholds[METRIC_COUNT];
	int r, taken = 0;

	memcpy(thresholds, int_host.thresholds, sizeof(thresholds));
	if (host_state_init(64, 64))
		abort();
	memcpy(int_host.thresholds, thresholds, sizeof(thresholds));
	memset(int_host.counters, 0, sizeof(int_host.counters));
	int_host.now_ns = 1000;
	for (r = 0; r < 2; r++) {
		host_reset_events();
		int_host.now_ns += 1000;
		taken = fast ? fs_fast(p, len, port) : fs_general(p, len, port);
		memset(&out[r], 0, sizeof(out[r]));
		out[r].events = int_host.events_len;
		memcpy(out[r].ev, int_host.events,
		       (int_host.events_len < 64 ? int_host.events_len : 64) *
			       sizeof(struct collector_event));
		out[r].counters[0] = int_host.counters[CNT_EVENTS];
		out[r].counters[1] = int_host.counters[CNT_EVENTS_LOST];
		out[r].counters[2] = int_host.counters[CNT_MAP_FULL];
		out[r].counters[3] = int_host.counters[CNT_METRIC_VALUES];
		if (!taken)
			break;
	}
	return taken;
}

/*
 * 1 when the fast path declines the frame or matches the general path;
 * *taken says whether it took it.
 */
static int fs_same(const unsigned char *data, __u32 len, __u32 port, int *taken)
{
	static struct fs_run fast[2], general[2];
	struct int_pkt p = { .data = data, .end = data + len };

	*taken = fs_runs(&p, len, port, 1, fast);
	if (!*taken)
		return 1;
	/* the general path must decode it too: the fast path never widens */
	if (!fs_runs(&p, len, port, 0, general))
		return 0;
	return !memcmp(fast, general, sizeof(fast));
}

#endif /* FAST_SAME_H */
