/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * histograms.h - per switch and metric, AGENT_BINS linear bins of the
 * configured width (paper Section III-C, "Tracking Distribution"); the last
 * bin counts everything at or above (AGENT_BINS - 1) x width.  A switch's
 * metrics share one per-CPU value (agent.h, struct agent_switch_hist), in
 * its slot or, when another switch holds the slot, in the hash.
 */
#ifndef HISTOGRAMS_H
#define HISTOGRAMS_H

#include "agent_scratch.h"

static const struct agent_switch_hist agent_hist_zero;

static __always_inline __u32 agent_bin(__u64 value, __u64 width)
{
	__u64 bin = value / (width ? width : 1);

	return bin < AGENT_BINS - 1 ? bin : AGENT_BINS - 1;
}

/* The switch's value on this CPU: its slot, else its hash entry. */
static __always_inline struct agent_switch_hist *
agent_switch_hist(void *slots, void *hists, __u32 sw)
{
	__u32 slot = agent_hist_slot(sw);
	struct agent_switch_hist *h;

	h = bpf_map_lookup_elem(slots, &slot);
	if (!h)
		return NULL;
	/* why: per-CPU values, no other writer */
	if (!h->taken) {
		h->taken = 1;
		h->switch_id = sw;
		return h;
	}
	if (h->switch_id == sw)
		return h;
	h = bpf_map_lookup_elem(hists, &sw);
	if (h)
		return h;
	bpf_map_update_elem(hists, &sw, &agent_hist_zero, BPF_NOEXIST);
	return bpf_map_lookup_elem(hists, &sw);
}

static __always_inline void agent_histograms(void *slots, void *hists,
					     const struct agent_pkt *a,
					     const struct agent_config *cfg)
{
	struct agent_switch_hist *h;
	__u32 i, m;

	for (i = 0; i < AGENT_MAX_HOPS; i++) {
		if (i >= a->hops)
			break;
		h = agent_switch_hist(slots, hists, a->sw[i]);
		if (!h)
			continue;
		for (m = 0; m < AGENT_HOP_METRICS; m++) {
			if (a->val[m][i] == AGENT_UNAVAILABLE)
				continue;
			h->seen |= 1U << m;
			h->bins[m][int_index(agent_bin(a->val[m][i],
						       cfg->bin_width[m]),
					     AGENT_BINS - 1)]++;
		}
	}
}

#endif /* HISTOGRAMS_H */
