/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * host_maps.h - the host stand-ins for the XDP program's maps: fixed-size
 * open-addressing hash tables with the BPF map semantics the detector relies
 * on (lookup returns a pointer to the value in place, insert refuses an
 * existing key and a full table), the threshold and counter arrays, and an
 * event array standing in for the ring buffer.
 */
#ifndef HOST_MAPS_H
#define HOST_MAPS_H

#include <stddef.h>
#include "collector.h"

struct host_map {
	__u32 key_size;
	__u32 value_size;
	__u32 capacity; /* a power of two */
	__u32 count;
	__u32 max_entries;    /* inserts past this fail, like a full BPF map */
	unsigned char *slots; /* per slot: used byte, key, value */
};

/* The tables of collector.h (ABI 2), named as the XDP program's maps. */
enum host_table {
	HOST_FLOWS4 = 0,
	HOST_FLOWS6 = 1,
	HOST_QUEUES = 2,
	HOST_LINKS = 3,
	HOST_TABLES = 4,
};

struct int_host_state {
	struct host_map maps[HOST_TABLES];
	__u64 thresholds[METRIC_COUNT];
	__u64 counters[CNT_COUNT];
	__u64 now_ns;
	struct collector_event *events;
	__u32 events_cap;
	__u32 events_len; /* events delivered since the last host_reset_events() */
};

extern struct int_host_state int_host;

#define flows4 (int_host.maps[HOST_FLOWS4])
#define flows6 (int_host.maps[HOST_FLOWS6])
#define queues (int_host.maps[HOST_QUEUES])
#define link_utilization (int_host.maps[HOST_LINKS])
/* why: a struct queue_value begins with its occupancy (collector.h) */
#define queue_occupancy queues
/* why: no slot arrays on the host: int_slot() never finds a slot */
#define queue_slots queues
#define link_slots link_utilization

/* Sets up every table with max_entries keys and an event array; 0 or -ENOMEM. */
int host_state_init(__u32 max_entries, __u32 events_cap);
void host_state_free(void);
void host_reset_events(void);

void *host_map_lookup(struct host_map *m, const void *key);
long host_map_insert(struct host_map *m, const void *key, const void *value);
/* Calls fn for every entry; stops early when fn returns nonzero. */
void host_map_each(struct host_map *m,
		   int (*fn)(const void *key, void *value, void *arg),
		   void *arg);

struct collector_event *host_event_reserve(void);
void host_event_submit(struct collector_event *e);

#endif /* HOST_MAPS_H */
