// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_cli.c - the options both daemons parse alike. */
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon_batch.h"
#include "daemon_cli.h"
#include "daemon_host.h"
#include "daemon_stream.h"

/* The short options of DAEMON_CLI_OPTIONS, and -p. */
#define CLI_SHORT "i:m:p:t:r:n:d:vh"

double daemon_cli_seconds(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	return *end || v < 0 || v > 86400 ? -1 : v;
}

static int cli_port(struct daemon_cli *c, const char *arg)
{
	char *end;

	c->port = (int)strtol(arg, &end, 10);
	return *end || c->port <= 0 || c->port > 65535 ? -EINVAL : 1;
}

static int cli_threshold(struct daemon_cli *c, const char *arg)
{
	if (c->n_thr >= c->max_thr || c->n_thr >= DAEMON_CLI_THRESHOLDS)
		return -EINVAL;
	c->thresholds[c->n_thr++] = arg;
	return 1;
}

static int cli_retain(struct daemon_cli *c, int opt, const char *arg)
{
	double seconds = daemon_cli_seconds(arg);
	char *end;

	if (opt == DAEMON_OPT_RETAIN_S) {
		if (seconds < 0 || seconds > 3600)
			return -EINVAL;
		*c->retain_ms = (unsigned long long)(seconds * 1000);
		return 1;
	}
	*c->retain_bytes = strtoull(arg, &end, 10);
	return *end || !*c->retain_bytes ? -EINVAL : 1;
}

/* The delivery options and the Redis time-outs. */
static int cli_delivery(struct daemon_cli *c, int opt, const char *arg)
{
	switch (opt) {
	case DAEMON_OPT_EVENTS_STREAM:
		*c->events_stream = arg;
		return 1;
	case DAEMON_OPT_MAXLEN:
		*c->maxlen = strtoull(arg, NULL, 10);
		return 1;
	case DAEMON_OPT_BATCH:
		*c->batch = strtoull(arg, NULL, 10);
		return 1;
	case DAEMON_OPT_BUFFER:
		*c->buffer = strtoull(arg, NULL, 10);
		return 1;
	case DAEMON_OPT_RETAIN_S:
	case DAEMON_OPT_RETAIN_BYTES:
		return cli_retain(c, opt, arg);
	case DAEMON_OPT_PUBLISHED_LOG:
		*c->published_log = arg;
		return 1;
	case DAEMON_OPT_TIMEOUT:
		c->conn->timeout_ms = (unsigned int)atoi(arg);
		return 1;
	case DAEMON_OPT_BACKOFF:
		c->conn->backoff_max_ms = (unsigned int)atoi(arg);
		return 1;
	}
	return 0;
}

/* 1 when opt is one of c's and taken, 0 when it is not, -EINVAL: refused. */
static int cli_option(struct daemon_cli *c, int opt, const char *arg)
{
	switch (opt) {
	case 'i':
		c->iface = arg;
		return 1;
	case 'm':
		c->mode = arg;
		return 1;
	case 'p':
		return cli_port(c, arg);
	case 't':
		return cli_threshold(c, arg);
	case 'r':
		c->redis = arg;
		return 1;
	case 'n':
		c->node = arg;
		return 1;
	case 'd':
		c->duration = atof(arg);
		return 1;
	case 'v':
		c->verbose = 1;
		return 1;
	case 'h':
		fputs(c->usage, stdout);
		exit(0);
	}
	return cli_delivery(c, opt, arg);
}

static int cli_check(struct daemon_cli *c, int argc)
{
	if (!c->iface || optind != argc || !*c->maxlen || !*c->buffer ||
	    !*c->batch || *c->batch > DAEMON_MAX_BATCH || !c->conn->timeout_ms)
		return -EINVAL;
	if (strcmp(c->mode, "auto") && strcmp(c->mode, "native") &&
	    strcmp(c->mode, "generic"))
		return -EINVAL;
	return c->redis ? daemon_parse_redis(c->redis, c->conn) : 0;
}

int daemon_cli_done(const struct daemon_cli *c, unsigned long long start)
{
	return c->duration > 0 && daemon_now_ms() - start >= c->duration * 1000;
}

static int refused(const struct daemon_cli *c)
{
	fputs(c->usage, stderr);
	return 0;
}

int daemon_cli_parse(struct daemon_cli *c, int argc, char **argv)
{
	char shortopts[64];
	int opt, taken, ifindex;

	snprintf(shortopts, sizeof(shortopts), "%s%s", CLI_SHORT, c->own_short);
	while ((opt = getopt_long(argc, argv, shortopts, c->opts, NULL)) !=
	       -1) {
		taken = cli_option(c, opt, optarg);
		if (taken < 0 || (!taken && c->own(c->arg, opt, optarg)))
			return refused(c);
	}
	if (cli_check(c, argc) || c->own_check(c->arg))
		return refused(c);
	if (!c->node)
		c->node = daemon_host_name();
	ifindex = (int)if_nametoindex(c->iface);
	if (!ifindex)
		fprintf(stderr, "%s: no interface %s\n", daemon_prog, c->iface);
	return ifindex;
}
