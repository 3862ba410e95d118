/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * daemon_fields.h - one stream entry as the argv pieces of an XADD, the
 * origin every entry of a daemon run carries, and an entry's fields as one
 * "name=value name=value" line.  Shared by the collector's and the NIC
 * agent's daemons; no Redis and no BPF.
 */
#ifndef DAEMON_FIELDS_H
#define DAEMON_FIELDS_H

#include <stddef.h>

#define DAEMON_MAX_FIELDS 200 /* field and value strings of one entry */
#define DAEMON_ID_MAX 48      /* a stream entry id, "<ms>-<seq>", and its NUL */

/* The program's name in log lines ("collector", "nic-agent"). */
extern const char *daemon_prog;

/* Who publishes: the same in every entry of one daemon run. */
struct daemon_origin {
	const char *node;   /* --node-id, default the host name */
	const char *ifname; /* the interface the program is attached to */
	unsigned long long
		run; /* wall-clock ms at start: (node, ifname, run, seq) is unique */
	const char *version; /* the contract's version, field "v" */
	const char *who;     /* the field naming node: "node", "agent" */
	const char *kind;    /* the published log's origin prefix: "xdp" */
};

/*
 * prefix:node:ifname:what, the name of a key of o's run (its counters hash,
 * its witness), into out.
 */
void daemon_origin_key(char *out, size_t size, const char *prefix,
		       const struct daemon_origin *o, const char *what);

struct daemon_fields {
	int n;
	const char *argv[DAEMON_MAX_FIELDS];
	size_t len[DAEMON_MAX_FIELDS];
	char store[4096];
	size_t used;
};

void daemon_fields_start(struct daemon_fields *f);
/* Appends one pair, the value copied into f->store; 0, or -E2BIG. */
int daemon_fields_add(struct daemon_fields *f, const char *name, const char *v,
		      size_t len);
int daemon_fields_str(struct daemon_fields *f, const char *name, const char *v);
/* An unsigned decimal value. */
int daemon_fields_num(struct daemon_fields *f, const char *name,
		      unsigned long long v);
/* v, <who>, ifname, run. */
int daemon_fields_origin(struct daemon_fields *f,
			 const struct daemon_origin *o);

/*
 * Writes f's pairs as one line of a batched entry, "name=value" separated
 * by one space and ended by '\n', to out; its length, or -E2BIG when it does
 * not fit in room.
 */
int daemon_fields_line(const struct daemon_fields *f, char *out, size_t room);

/* The most values a threshold message may name (see daemon_parse_values). */
#define DAEMON_MAX_VALUES 64

/*
 * A threshold message: NAME=VALUE pairs separated by spaces, commas or
 * newlines, VALUE unsigned decimal up to 2^64-1, NAME turned into an index
 * below count by index_of (negative: unknown).  Applied whole or not at
 * all: on success v[i] and set[i] = 1 for each name given (set[i] = 0 for
 * the rest) and the number of pairs is returned; -EINVAL for a message of
 * max_len bytes or more, an unknown name, a bad value or no pair.
 */
int daemon_parse_values(const char *msg, size_t len, size_t max_len,
			int (*index_of)(const char *name), int count,
			unsigned long long *v, int *set);

#endif /* DAEMON_FIELDS_H */
