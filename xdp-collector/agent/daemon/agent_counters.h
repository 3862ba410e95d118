/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * agent_counters.h - the program's counters (agent.h, AGENT_C_*) summed over
 * the CPUs of their per-CPU array: what the daemon publishes, and what the
 * BPF tests and the benchmark read.
 */
#ifndef AGENT_COUNTERS_H
#define AGENT_COUNTERS_H

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "agent.h"

/* out := the counters of the map fd; 0, or a negative errno. */
static inline int agent_read_counters(int fd, __u64 out[AGENT_C_COUNT])
{
	int cpus = libbpf_num_possible_cpus(), c, k, err;
	struct agent_counters *v;
	__u32 zero = 0;

	if (cpus < 1)
		return -EINVAL;
	v = calloc(cpus, sizeof(*v));
	if (!v)
		return -ENOMEM;
	memset(out, 0, sizeof(__u64) * AGENT_C_COUNT);
	err = bpf_map_lookup_elem(fd, &zero, v) ? -errno : 0;
	if (!err)
		for (c = 0; c < cpus; c++)
			for (k = 0; k < AGENT_C_COUNT; k++)
				out[k] += v[c].v[k];
	free(v);
	return err;
}

#endif /* AGENT_COUNTERS_H */
