// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* host_maps.c - see host_maps.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "host_maps.h"

struct int_host_state int_host;

static __u64 host_hash(const unsigned char *key, __u32 n)
{
	__u64 h = 14695981039346656037ULL; /* FNV-1a */
	__u32 i;

	for (i = 0; i < n; i++) {
		h ^= key[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static size_t slot_size(const struct host_map *m)
{
	/* used byte padded so that keys and values stay 8-byte aligned */
	return 8 + ((m->key_size + 7) & ~7U) + m->value_size;
}

static unsigned char *slot_at(const struct host_map *m, __u32 i)
{
	return m->slots + (size_t)i * slot_size(m);
}

static void *slot_key(const struct host_map *m, unsigned char *s)
{
	(void)m;
	return s + 8;
}

static void *slot_value(const struct host_map *m, unsigned char *s)
{
	return s + 8 + ((m->key_size + 7) & ~7U);
}

static int host_map_init(struct host_map *m, __u32 key_size, __u32 value_size,
			 __u32 max_entries)
{
	__u32 cap = 16;

	while (cap < max_entries * 2)
		cap <<= 1;
	m->key_size = key_size;
	m->value_size = value_size;
	m->capacity = cap;
	m->count = 0;
	m->max_entries = max_entries;
	m->slots = calloc(cap, slot_size(m));
	return m->slots ? 0 : -ENOMEM;
}

void *host_map_lookup(struct host_map *m, const void *key)
{
	__u32 i = host_hash(key, m->key_size) & (m->capacity - 1);
	unsigned char *s;

	for (;;) {
		s = slot_at(m, i);
		if (!s[0])
			return NULL;
		if (!memcmp(slot_key(m, s), key, m->key_size))
			return slot_value(m, s);
		i = (i + 1) & (m->capacity - 1);
	}
}

long host_map_insert(struct host_map *m, const void *key, const void *value)
{
	__u32 i = host_hash(key, m->key_size) & (m->capacity - 1);
	unsigned char *s;

	if (host_map_lookup(m, key))
		return -EEXIST;
	if (m->count >= m->max_entries)
		return -E2BIG;
	for (;;) {
		s = slot_at(m, i);
		if (!s[0])
			break;
		i = (i + 1) & (m->capacity - 1);
	}
	s[0] = 1;
	memcpy(slot_key(m, s), key, m->key_size);
	memcpy(slot_value(m, s), value, m->value_size);
	m->count++;
	return 0;
}

void host_map_each(struct host_map *m,
		   int (*fn)(const void *key, void *value, void *arg),
		   void *arg)
{
	__u32 i;
	unsigned char *s;

	for (i = 0; i < m->capacity; i++) {
		s = slot_at(m, i);
		if (s[0] && fn(slot_key(m, s), slot_value(m, s), arg))
			return;
	}
}

int host_state_init(__u32 max_entries, __u32 events_cap)
{
	static const __u32 key_sizes[HOST_TABLES] = {
		sizeof(struct flow_key4),
		sizeof(struct flow_key),
		sizeof(struct switch_key),
		sizeof(struct switch_key),
	};
	static const __u32 value_sizes[HOST_TABLES] = {
		sizeof(struct flow_value),
		sizeof(struct flow_value),
		sizeof(struct queue_value),
		sizeof(struct metric_value),
	};
	int i;

	host_state_free();
	for (i = 0; i < HOST_TABLES; i++)
		if (host_map_init(&int_host.maps[i], key_sizes[i],
				  value_sizes[i], max_entries))
			goto err;
	int_host.events = calloc(events_cap, sizeof(*int_host.events));
	if (!int_host.events)
		goto err;
	int_host.events_cap = events_cap;
	return 0;
err:
	host_state_free();
	return -ENOMEM;
}

void host_state_free(void)
{
	int i;

	for (i = 0; i < HOST_TABLES; i++)
		free(int_host.maps[i].slots);
	free(int_host.events);
	memset(&int_host, 0, sizeof(int_host));
}

void host_reset_events(void)
{
	int_host.events_len = 0;
}

struct collector_event *host_event_reserve(void)
{
	if (int_host.events_len >= int_host.events_cap)
		return NULL; /* like a full ring buffer */
	return &int_host.events[int_host.events_len];
}

void host_event_submit(struct collector_event *e)
{
	if (e == &int_host.events[int_host.events_len])
		int_host.events_len++;
}
