/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_cli.h - the command-line options both daemons take alike: the
 * interface and attach mode, -p, -t, -r, -n, the delivery options (events
 * stream, maxlen, batch, buffer, the published window and log), the Redis
 * time-outs, -d, -v and -h.  Each daemon keeps its own option table (with
 * DAEMON_CLI_OPTIONS in it and its own long name for -p), its other
 * options (through own and own_check), usage text and exit codes.
 */
#ifndef DAEMON_CLI_H
#define DAEMON_CLI_H

#include <getopt.h>

#include "daemon_redis.h"

#define DAEMON_CLI_THRESHOLDS 64 /* -t given at the most, for any daemon */

/* Above the values a daemon gives its own long-only options. */
enum {
	DAEMON_OPT_EVENTS_STREAM = 0x1000,
	DAEMON_OPT_MAXLEN,
	DAEMON_OPT_BATCH,
	DAEMON_OPT_BUFFER,
	DAEMON_OPT_RETAIN_S,
	DAEMON_OPT_RETAIN_BYTES,
	DAEMON_OPT_PUBLISHED_LOG,
	DAEMON_OPT_TIMEOUT,
	DAEMON_OPT_BACKOFF,
};

#define DAEMON_CLI_OPTIONS                                                \
	{ "iface", required_argument, NULL, 'i' },                        \
		{ "mode", required_argument, NULL, 'm' },                 \
		{ "threshold", required_argument, NULL, 't' },            \
		{ "redis", required_argument, NULL, 'r' },                \
		{ "node-id", required_argument, NULL, 'n' },              \
		{ "events-stream", required_argument, NULL,               \
		  DAEMON_OPT_EVENTS_STREAM },                             \
		{ "maxlen", required_argument, NULL, DAEMON_OPT_MAXLEN }, \
		{ "batch", required_argument, NULL, DAEMON_OPT_BATCH },   \
		{ "buffer", required_argument, NULL, DAEMON_OPT_BUFFER }, \
		{ "retain-seconds", required_argument, NULL,              \
		  DAEMON_OPT_RETAIN_S },                                  \
		{ "retain-bytes", required_argument, NULL,                \
		  DAEMON_OPT_RETAIN_BYTES },                              \
		{ "published-log", required_argument, NULL,               \
		  DAEMON_OPT_PUBLISHED_LOG },                             \
		{ "redis-timeout-ms", required_argument, NULL,            \
		  DAEMON_OPT_TIMEOUT },                                   \
		{ "backoff-max-ms", required_argument, NULL,              \
		  DAEMON_OPT_BACKOFF },                                   \
		{ "duration", required_argument, NULL, 'd' },             \
		{ "verbose", no_argument, NULL, 'v' },                    \
		{ "help", no_argument, NULL, 'h' }

/* One of the daemon's own options: 0 when taken, -EINVAL otherwise. */
typedef int (*daemon_cli_own_fn)(void *arg, int opt, const char *val);

struct daemon_cli {
	const char *usage; /* what -h prints, and stderr on a refused line */
	const struct option *opts; /* DAEMON_CLI_OPTIONS, -p and the own */
	const char *own_short;	   /* the daemon's own short options */
	daemon_cli_own_fn own;
	int (*own_check)(void *arg); /* after the options: 0, or -EINVAL */
	void *arg;		     /* own's and own_check's */
	const char *iface, *mode, *redis;
	const char *node; /* -n, the host name by default */
	const char *thresholds[DAEMON_CLI_THRESHOLDS];
	int n_thr, max_thr; /* -t given, and how many the daemon takes */
	int port;	    /* -p; 0 when absent */
	double duration;    /* -d, seconds; 0: none */
	int verbose;
	/* where the delivery options go: fields of the daemon's options */
	const char **events_stream, **published_log;
	unsigned long long *maxlen, *batch, *buffer, *retain_ms, *retain_bytes;
	struct daemon_redis *conn; /* -r, the time-outs */
};

/*
 * Points c's delivery options at the fields of the same names in o, the
 * daemon's options struct.
 */
#define DAEMON_CLI_DELIVERY(o)                                      \
	.events_stream = &(o).events_stream,                        \
	.published_log = &(o).published_log, .maxlen = &(o).maxlen, \
	.batch = &(o).batch, .buffer = &(o).buffer,                 \
	.retain_ms = &(o).retain_ms, .retain_bytes = &(o).retain_bytes

/*
 * Reads the command line: c's options, the daemon's own through c->own,
 * then checks that the interface is given, no operand is left, the values
 * are valid (c->own_check for the daemon's own) and -r names HOST[:PORT]
 * (into c->conn); -n is the host name unless given.  -h prints c->usage
 * and exits 0.  The interface's index; 0 after c->usage went to stderr (a
 * refused line) or the interface was found missing, for the daemon to exit
 * 2.
 */
int daemon_cli_parse(struct daemon_cli *c, int argc, char **argv);
/* 1 once -d's seconds have passed since start (ms, daemon_now_ms). */
int daemon_cli_done(const struct daemon_cli *c, unsigned long long start);
/* A number of seconds, 0 to a day; -1 when it does not parse. */
double daemon_cli_seconds(const char *s);

#endif /* DAEMON_CLI_H */
