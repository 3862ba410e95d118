/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_gaps.h - lost and reordered telemetry reports per reporting node,
 * from the reports' sequence numbers (collector.h: struct report_source),
 * with exactly the Java collector's semantics
 * (backend/.../javacollector/internal/ReportSequenceGaps.java).  int_gap_observe() is
 * shared with the host's unit tests; int_report_gaps() finds the source in
 * the XDP program's maps.
 */
#ifndef INT_GAPS_H
#define INT_GAPS_H

#include "int_maps.h"

/*
 * One report's number seq (bits wide) against its source s: fresh when the
 * source is new.  A jump forward adds the numbers skipped to s->lost and
 * *lost; a step back (a late or repeated report: more than half the number
 * space ahead) adds one to *reordered and leaves the expectation.
 */
static __always_inline void int_gap_observe(struct report_source *s, int fresh,
					    __u32 seq, __u32 bits, __u64 *lost,
					    __u64 *reordered)
{
	__u32 mask = bits >= 32 ? ~0U : (1U << bits) - 1, gap;

	seq &= mask;
	if (fresh || seq == s->next) {
		s->next = (seq + 1) & mask;
		return;
	}
	gap = (seq - s->next) & mask;
	if (gap > mask >> 1) {
		*reordered += 1;
		return;
	}
	s->lost += gap;
	*lost += gap;
	s->next = (seq + 1) & mask;
}

#ifdef __bpf__

/*
 * The source's slot in report_sources (see collector.h): its tag, or free
 * and claimed now (*fresh); else its entry in report_sources_more, inserted
 * when missing (*fresh); NULL when that is full.
 */
static __always_inline struct report_source *int_source(__u64 tag, int *fresh)
{
	__u32 index = report_source_index(tag);
	struct report_source *s = bpf_map_lookup_elem(&report_sources, &index);
	struct report_source init = { .tag = tag };
	long err;

	*fresh = 0;
	if (!s)
		return NULL;
	if (s->tag == tag)
		return s;
	if (!s->tag && __sync_val_compare_and_swap(&s->tag, 0, tag) == 0) {
		*fresh = 1;
		return s;
	}
	if (s->tag == tag) /* another CPU claimed it for this very source */
		return s;
	s = bpf_map_lookup_elem(&report_sources_more, &tag);
	if (s)
		return s;
	err = bpf_map_update_elem(&report_sources_more, &tag, &init,
				  BPF_NOEXIST);
	if (err && err != -17 /* EEXIST: another CPU was first */)
		return NULL;
	*fresh = !err;
	return bpf_map_lookup_elem(&report_sources_more, &tag);
}

/* One report of (node, hw_id), sequence number seq of bits bits. */
static __always_inline void int_report_gaps(__u32 node, __u32 has_node,
					    __u32 hw_id, __u32 seq, __u32 bits)
{
	struct report_source *s;
	__u64 lost = 0, reordered = 0;
	int fresh;

	s = int_source(report_source_tag(node, has_node, hw_id), &fresh);
	if (!s) {
		int_count(CNT_SOURCES_UNTRACKED);
		return;
	}
	int_gap_observe(s, fresh, seq, bits, &lost, &reordered);
	if (lost)
		int_count_add(CNT_REPORTS_LOST, lost);
	if (reordered)
		int_count(CNT_REPORTS_REORDERED);
}

#endif

#endif /* INT_GAPS_H */
