/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_host.h - what both daemons do the same way on their host: read
 * the -r HOST:PORT option, name the host, route libbpf's messages, stop on
 * a signal, attach an XDP program in the mode asked for, and tie the
 * kernel's monotonic clock to the wall clock.
 */
#ifndef DAEMON_HOST_H
#define DAEMON_HOST_H

#include <signal.h>
#include <linux/types.h>

#include "daemon_redis.h"

/* HOST[:PORT] (6379 when PORT is absent) into r->host and r->port. */
int daemon_parse_redis(const char *s, struct daemon_redis *r);

/* The host name (gethostname), "localhost" when it has none. */
const char *daemon_host_name(void);

/* libbpf's messages to stderr, its debug lines only when verbose. */
void daemon_libbpf_print(int verbose);

/* Set by SIGINT and SIGTERM once daemon_catch_signals() ran. */
extern volatile sig_atomic_t daemon_stopping;
/* SIGINT and SIGTERM set daemon_stopping; SIGPIPE is ignored. */
void daemon_catch_signals(void);

/* An XDP program on an interface. */
struct daemon_xdp {
	int ifindex;
	const char *ifname;
	__u32 flags;	  /* the mode that took */
	const char *mode; /* "native" or "generic" once attached; else NULL */
};

/*
 * Attaches prog in mode "native", "generic" or "auto" (native, generic if
 * the driver refuses).  On failure, says so on stderr and returns the
 * negative errno.
 */
int daemon_xdp_attach(struct daemon_xdp *x, int prog, const char *mode);
/* Detaches the program if it is attached. */
void daemon_xdp_detach(struct daemon_xdp *x);

/* The exit code of a run that ended with err, said on stderr if any. */
int daemon_exit_code(int err);

/*
 * Wall clock minus the monotonic clock, in ns: what turns a BPF program's
 * bpf_ktime_get_ns() into Unix time.  *now_ms gets the wall clock in ms and
 * *mono_ns the monotonic clock, read together with it.
 */
long long daemon_wall_offset_ns(unsigned long long *now_ms,
				unsigned long long *mono_ns);

#endif
