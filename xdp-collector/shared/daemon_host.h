/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_host.h - what both daemons do the same way on their host: read
 * the -r HOST:PORT option, attach an XDP program in the mode asked for, and
 * tie the kernel's monotonic clock to the wall clock.
 */
#ifndef DAEMON_HOST_H
#define DAEMON_HOST_H

#include <linux/types.h>

#include "daemon_redis.h"

/* HOST[:PORT] (6379 when PORT is absent) into r->host and r->port. */
int daemon_parse_redis(const char *s, struct daemon_redis *r);

/*
 * Attaches prog to ifindex in mode "native", "generic" or "auto" (native,
 * generic if the driver refuses); *flags gets the mode that took.
 */
int daemon_attach_xdp(int ifindex, int prog, const char *mode, __u32 *flags);

/*
 * Wall clock minus the monotonic clock, in ns: what turns a BPF program's
 * bpf_ktime_get_ns() into Unix time.  *now_ms gets the wall clock in ms and
 * *mono_ns the monotonic clock, read together with it.
 */
long long daemon_wall_offset_ns(unsigned long long *now_ms,
				unsigned long long *mono_ns);

#endif
