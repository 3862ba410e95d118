/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the benches' host programs share: failing with the errno's text,
 * a monotonic clock, pinning the calling thread to a CPU, entering a
 * network namespace made by `ip netns add`, the median of a sample, a frame
 * read from hex and live frames sent by a generator program.
 * Header only: each bench is one source file.
 */
#ifndef SONDE_BENCH_HOST_H
#define SONDE_BENCH_HOST_H

#ifndef _GNU_SOURCE
#error "define _GNU_SOURCE before the first include"
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>

static inline void die(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", program_invocation_short_name, what,
		strerror(errno));
	exit(1);
}

static inline double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static inline void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set))
		die("pin");
}

static inline void enter_ns(const char *name)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "/run/netns/%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0 || setns(fd, CLONE_NEWNET))
		die(path);
	close(fd);
}

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Sorts v. */
static inline double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* A frame written as hex digits, at most 2048 bytes; its length. */
static inline int read_hex(const char *path, unsigned char *buf)
{
	unsigned int byte;
	FILE *in = fopen(path, "r");
	int len = 0;

	if (!in)
		die(path);
	while (len < 2048 && fscanf(in, "%2x", &byte) == 1)
		buf[len++] = byte;
	fclose(in);
	return len;
}

/*
 * One BPF_PROG_TEST_RUN of prog on the frame (repeat 1: a program that
 * changes the frame would see its own output again); the kernel's ns.
 */
static inline __u32 test_run_ns(int prog, unsigned char *frame, int len)
{
	unsigned char out[4096];
	LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = frame,
		    .data_size_in = len, .data_out = out,
		    .data_size_out = sizeof(out), .repeat = 1);

	if (bpf_prog_test_run_opts(prog, &run))
		die("test run");
	return run.duration;
}

/*
 * Runs the XDP program gen on `packets` live frames out of ifindex, `batch`
 * at a time (BPF_F_TEST_XDP_LIVE_FRAMES); wall seconds.
 */
static inline double generate(int gen, int ifindex, unsigned char *frame,
			      int len, __u32 packets, __u32 batch)
{
	struct xdp_md ctx = { .data_end = len, .ingress_ifindex = ifindex };
	LIBBPF_OPTS(bpf_test_run_opts, run, .data_in = frame,
		    .data_size_in = len, .ctx_in = &ctx,
		    .ctx_size_in = sizeof(ctx), .repeat = packets,
		    .flags = BPF_F_TEST_XDP_LIVE_FRAMES, .batch_size = batch);
	double t0 = now_s();

	if (bpf_prog_test_run_opts(gen, &run))
		die("live-frames test run");
	return now_s() - t0;
}

#endif
