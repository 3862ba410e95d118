// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_fields.c - stream entry fields and their one-line form. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon_fields.h"

const char *daemon_prog = "daemon";

void daemon_origin_key(char *out, size_t size, const char *prefix,
		       const struct daemon_origin *o, const char *what)
{
	snprintf(out, size, "%s:%s:%s:%s", prefix, o->node, o->ifname, what);
}

void daemon_fields_start(struct daemon_fields *f)
{
	f->n = 0;
	f->used = 0;
}

/* why not printf: in a profile, vfprintf took a large share of the daemon's time per event */
int daemon_fields_add(struct daemon_fields *f, const char *name, const char *v,
		      size_t len)
{
	if (f->n + 2 > DAEMON_MAX_FIELDS ||
	    len + 1 > sizeof(f->store) - f->used)
		return -E2BIG;
	memcpy(f->store + f->used, v, len);
	f->store[f->used + len] = '\0';
	f->argv[f->n] = name;
	f->len[f->n++] = strlen(name);
	f->argv[f->n] = f->store + f->used;
	f->len[f->n++] = len;
	f->used += len + 1;
	return 0;
}

int daemon_fields_str(struct daemon_fields *f, const char *name, const char *v)
{
	return daemon_fields_add(f, name, v, strlen(v));
}

int daemon_fields_num(struct daemon_fields *f, const char *name,
		      unsigned long long v)
{
	char digits[20], *p = digits + sizeof(digits);

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return daemon_fields_add(f, name, p,
				 (size_t)(digits + sizeof(digits) - p));
}

int daemon_fields_origin(struct daemon_fields *f, const struct daemon_origin *o)
{
	return daemon_fields_str(f, "v", o->version) ?:
	       daemon_fields_str(f, o->who, o->node) ?:
	       daemon_fields_str(f, "ifname", o->ifname) ?:
	       daemon_fields_num(f, "run", o->run);
}

int daemon_fields_line(const struct daemon_fields *f, char *out, size_t room)
{
	size_t used = 0;
	int i;

	for (i = 0; i + 1 < f->n; i += 2) {
		/* name, '=', value and one byte for the separator after it */
		if (used + f->len[i] + f->len[i + 1] + 2 > room)
			return -E2BIG;
		memcpy(out + used, f->argv[i], f->len[i]);
		used += f->len[i];
		out[used++] = '=';
		memcpy(out + used, f->argv[i + 1], f->len[i + 1]);
		used += f->len[i + 1];
		out[used++] = i + 3 < f->n ? ' ' : '\n';
	}
	return used ? (int)used : -EINVAL;
}

int daemon_parse_values(const char *msg, size_t len, size_t max_len,
			int (*index_of)(const char *name), int count,
			unsigned long long *v, int *set)
{
	unsigned long long val[DAEMON_MAX_VALUES];
	int got[DAEMON_MAX_VALUES] = { 0 }, pairs = 0, i;
	char buf[1024], *save = NULL, *tok, *eq, *end;

	if (count > DAEMON_MAX_VALUES || max_len > sizeof(buf) ||
	    len >= max_len)
		return -EINVAL;
	memcpy(buf, msg, len);
	buf[len] = '\0';
	for (tok = strtok_r(buf, " ,\n\r\t", &save); tok;
	     tok = strtok_r(NULL, " ,\n\r\t", &save)) {
		eq = strchr(tok, '=');
		if (!eq || eq[1] < '0' || eq[1] > '9')
			return -EINVAL;
		*eq = '\0';
		i = index_of(tok);
		if (i < 0 || i >= count)
			return -EINVAL;
		errno = 0;
		val[i] = strtoull(eq + 1, &end, 10);
		if (errno || *end)
			return -EINVAL;
		got[i] = 1;
		pairs++;
	}
	if (!pairs)
		return -EINVAL;
	for (i = 0; i < count; i++) {
		set[i] = got[i];
		if (got[i])
			v[i] = val[i];
	}
	return pairs;
}
