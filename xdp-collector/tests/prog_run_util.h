/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * prog_run_util.h - what the BPF_PROG_TEST_RUN suites share: a golden
 * vector's frame, a word patched in it, a counter summed over the CPUs.
 */
#ifndef PROG_RUN_UTIL_H
#define PROG_RUN_UTIL_H

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "collector.skel.h"

static int read_hex(const char *dir, const char *name, unsigned char *buf)
{
	char path[512];
	FILE *in;
	unsigned int byte;
	int len = 0;

	snprintf(path, sizeof(path), "%s/%s.hex", dir, name);
	in = fopen(path, "r");
	if (!in)
		return -errno;
	while (len < 9000 && fscanf(in, "%2x", &byte) == 1)
		buf[len++] = byte;
	fclose(in);
	return len;
}

/* Replaces the big-endian word find[0] (after find[1], when set) with value. */
static int patch(unsigned char *f, int len, const __u32 *find, __u32 value)
{
	unsigned char pat[8];
	int i, n = find[1] ? 8 : 4;

	for (i = 0; i < 4; i++) {
		pat[i] = find[0] >> (24 - 8 * i);
		pat[4 + i] = find[1] >> (24 - 8 * i);
	}
	for (i = 0; i + n <= len; i++) {
		if (memcmp(f + i, pat, n))
			continue;
		f[i] = value >> 24, f[i + 1] = value >> 16;
		f[i + 2] = value >> 8, f[i + 3] = value;
		return 0;
	}
	return -ENOENT;
}

static __u64 counter(struct collector *skel, __u32 index)
{
	int cpus = libbpf_num_possible_cpus(), c;
	__u64 v[cpus], sum = 0;

	if (bpf_map__lookup_elem(skel->maps.counters, &index, sizeof(index), v,
				 sizeof(v), 0))
		return 0;
	for (c = 0; c < cpus; c++)
		sum += v[c];
	return sum;
}

#endif /* PROG_RUN_UTIL_H */
