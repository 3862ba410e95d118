// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* daemon_thresholds.c - threshold messages into a program's map. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>

#include "daemon_fields.h"
#include "daemon_thresholds.h"

int daemon_thresholds_apply(struct daemon_thresholds *t, const char *msg,
			    size_t len)
{
	unsigned long long v[DAEMON_MAX_VALUES];
	int set[DAEMON_MAX_VALUES], n, i;
	__u32 key;
	__u64 value;

	if (t->count > DAEMON_MAX_VALUES)
		return -EINVAL;
	n = t->parse(msg, len, v, set);
	if (n < 0)
		return n;
	for (i = 0; i < t->count; i++) {
		if (!set[i])
			continue;
		key = (__u32)i;
		value = v[i];
		if (bpf_map_update_elem(t->fd, &key, &value, BPF_ANY))
			return -errno;
		t->in_force[i] = v[i];
	}
	t->applied++;
	return n;
}

int daemon_thresholds_given(struct daemon_thresholds *t,
			    const char *const *msgs, int n)
{
	int i, err;

	for (i = 0; i < n; i++) {
		err = daemon_thresholds_apply(t, msgs[i], strlen(msgs[i]));
		if (err < 0) {
			fprintf(stderr, "%s: bad threshold %s\n", daemon_prog,
				msgs[i]);
			return err;
		}
	}
	t->applied = 0;
	return 0;
}

void daemon_thresholds_message(struct daemon_thresholds *t, const char *msg,
			       size_t len)
{
	if (daemon_thresholds_apply(t, msg, len) < 0) {
		t->rejected++;
		fprintf(stderr, "%s: threshold message refused: %.*s\n",
			daemon_prog, (int)(len > 200 ? 200 : len), msg);
	}
	if (t->counters_due)
		*t->counters_due = 0;
}

static void on_message(const char *msg, size_t len, void *arg)
{
	daemon_thresholds_message(arg, msg, len);
}

/* The hash's fields as one message; a larger one cut or refused (t->cut). */
static void load(struct daemon_thresholds *t, struct daemon_redis *r,
		 unsigned long long now)
{
	char msg[1024];
	size_t room = t->room < sizeof(msg) ? t->room : sizeof(msg);
	long used = daemon_redis_hash_message(r, t->key, msg, room, now);

	if (used <= 0)
		return;
	if ((size_t)used >= room)
		used = (long)(t->cut ? room - 1 : room);
	daemon_thresholds_message(t, msg, (size_t)used);
}

int daemon_thresholds_step(struct daemon_thresholds *t, struct daemon_out *o,
			   unsigned long long now)
{
	struct daemon_redis *r = o->redis;

	if (r->fresh) {
		r->fresh = 0;
		daemon_recover_reconnected(o);
		if (t->key)
			load(t, r, now);
		if (!r->c)
			return -EIO;
	}
	daemon_redis_poll_sub(r, now, on_message, t);
	return 0;
}
