// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * daemon_host.c - the Redis address, host name, libbpf's messages, signals,
 * XDP attach and clocks of a daemon.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_link.h>
#include <bpf/libbpf.h>

#include "daemon_fields.h"
#include "daemon_host.h"

int daemon_parse_redis(const char *s, struct daemon_redis *r)
{
	static char host[256];
	const char *colon = strrchr(s, ':');
	size_t len = colon ? (size_t)(colon - s) : strlen(s);

	if (!len || len >= sizeof(host))
		return -EINVAL;
	memcpy(host, s, len);
	host[len] = '\0';
	r->host = host;
	r->port = colon ? atoi(colon + 1) : 6379;
	return r->port > 0 && r->port < 65536 ? 0 : -EINVAL;
}

const char *daemon_host_name(void)
{
	static char host[256];

	if (gethostname(host, sizeof(host) - 1))
		strcpy(host, "localhost");
	return host;
}

static int libbpf_verbose;

static int print_libbpf(enum libbpf_print_level level, const char *fmt,
			va_list args)
{
	if (level == LIBBPF_DEBUG && !libbpf_verbose)
		return 0;
	return vfprintf(stderr, fmt, args);
}

void daemon_libbpf_print(int verbose)
{
	libbpf_verbose = verbose;
	libbpf_set_print(print_libbpf);
}

volatile sig_atomic_t daemon_stopping;

static void on_signal(int sig)
{
	(void)sig;
	daemon_stopping = 1;
}

void daemon_catch_signals(void)
{
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGPIPE, SIG_IGN); /* why: a Redis gone mid-write is an error */
}

/* Native first when asked for auto: why: veth and most NIC drivers have it. */
int daemon_xdp_attach(struct daemon_xdp *x, int prog, const char *mode)
{
	int err;

	x->flags = !strcmp(mode, "generic") ? XDP_FLAGS_SKB_MODE
					    : XDP_FLAGS_DRV_MODE;
	err = bpf_xdp_attach(x->ifindex, prog, x->flags, NULL);
	if (err && !strcmp(mode, "auto")) {
		fprintf(stderr, "%s: native mode refused (%s); generic mode\n",
			daemon_prog, strerror(-err));
		x->flags = XDP_FLAGS_SKB_MODE;
		err = bpf_xdp_attach(x->ifindex, prog, x->flags, NULL);
	}
	if (err) {
		fprintf(stderr, "%s: attach to %s failed: %s\n", daemon_prog,
			x->ifname, strerror(-err));
		return err;
	}
	x->mode = x->flags == XDP_FLAGS_SKB_MODE ? "generic" : "native";
	return 0;
}

void daemon_xdp_detach(struct daemon_xdp *x)
{
	if (!x->mode)
		return;
	bpf_xdp_detach(x->ifindex, x->flags, NULL);
	x->mode = NULL;
}

int daemon_exit_code(int err)
{
	if (err)
		fprintf(stderr, "%s: %s\n", daemon_prog, strerror(-err));
	return err ? 1 : 0;
}

long long daemon_wall_offset_ns(unsigned long long *now_ms,
				unsigned long long *mono_ns)
{
	struct timespec rt, mono;

	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	*now_ms = (unsigned long long)rt.tv_sec * 1000 + rt.tv_nsec / 1000000;
	*mono_ns =
		(unsigned long long)mono.tv_sec * 1000000000ULL + mono.tv_nsec;
	return (rt.tv_sec - mono.tv_sec) * 1000000000LL +
	       (rt.tv_nsec - mono.tv_nsec);
}
