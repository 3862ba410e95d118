/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_layout.h - the values one node reports and how a bitmap lays them out:
 * the INT instruction bitmap of v2.1, v1.0 and v0.5 (WIRE_FACTS A.6, C.1,
 * C.2), GEANT's v1.0 variant (C.5), INTCollector's test generator's and the
 * report metadata of TR2.0, TR1.0 and TR0.5 (B.5, C.3, C.4).  Shared by the
 * XDP program and the host tools.
 */
#ifndef INT_LAYOUT_H
#define INT_LAYOUT_H

#include "int_wire.h"

/* The values one node reports; JSON prints the first HV_PRINTED, in order. */
enum int_hop_value {
	HV_SWITCH_ID,
	HV_INGRESS_PORT,
	HV_EGRESS_PORT,
	HV_HOP_LATENCY,
	HV_QUEUE_ID,
	HV_QUEUE_OCCUPANCY,
	HV_INGRESS_TS,
	HV_EGRESS_TS,
	HV_L2_INGRESS_PORT,
	HV_L2_EGRESS_PORT,
	HV_EGRESS_TX_UTIL,
	HV_BUFFER_ID,
	HV_BUFFER_OCCUPANCY,
	HV_PRINTED,
	HV_CONGESTION_QUEUE_ID = HV_PRINTED, /* v0.5 bit 6 */
	HV_QUEUE_CONGESTION,
	HV_DROP_QUEUE_ID,
	HV_DROP_REASON,
	HV_CHECKSUM_COMPLEMENT,
	HV_COUNT,
};

struct int_hop {
	__u64 v[HV_COUNT];
	__u32 present; /* bit (1 << enum int_hop_value) per value carried */
	__u32 pad;
};

#define INT_HAS(h, val) (((h)->present >> (val)) & 1)

/* Fields a bitmap bit selects, and the layouts that order them. */
enum int_field {
	F_SWID,	 /* 4: switch / node id */
	F_PORTS, /* 4: ingress 16 + egress 16 */
	F_LAT,	 /* 4 */
	F_QUEUE, /* 4: queue id 8 + occupancy 24 */
	F_ITS4,
	F_ETS4,
	F_ITS8,
	F_ETS8,
	F_L2,	    /* 8: level-2 ingress 32 + egress 32 */
	F_L2_GEANT, /* 4: GEANT's level-2 ingress 16 + egress 16 */
	F_TX,	    /* 4 */
	F_BUF,	    /* 4: buffer id 8 + occupancy 24 */
	F_CONG,	    /* 4: v0.5 queue id 8 + congestion 24 */
	F_QUEUE16,  /* 4: INTCollector's queue id 16 + occupancy 16 */
	F_CONG16,   /* 4: INTCollector's queue id 16 + congestion 16 */
	F_DROP,	    /* 4: queue id 8 + drop reason 8 + padding 16 */
	F_CSUM,	    /* 4: checksum complement, always last */
};

enum int_layout {
	L_INT_V2,   /* INT-2.1 §5.8 */
	L_INT_V1,   /* INT-1.0 §4.7 */
	L_INT_V05,  /* INT-0.5 §5.3.4 */
	L_GEANT_V1, /* GEANT int-platforms' v1.0 stack (WIRE_FACTS C.5) */
	L_INTC_V1, /* INTCollector's test generator: a word per bit, 16/16 queues */
	L_REPORT_V2, /* TR-2.0 RepMdBits */
	L_REPORT_V1, /* TR-1.0 6-bit RepMdBits */
	L_DROP_V05,  /* TR-0.5 drop report header */
	L_LOCAL_V05, /* TR-0.5 switch local report header */
};

static __always_inline __u32 int_field_size(enum int_field f)
{
	switch (f) {
	case F_ITS8:
	case F_ETS8:
	case F_L2:
		return 8;
	default:
		return 4;
	}
}

static __always_inline void int_put(struct int_hop *h, enum int_hop_value k,
				    __u64 v)
{
	h->v[k] = v;
	h->present |= 1U << k;
}

static __always_inline void int_set(struct int_hop *h, enum int_hop_value k,
				    __u64 v)
{
	h->v[k] = v;
}

/* The values field f carries, as int_hop.present bits. */
static __always_inline __u32 int_field_present(enum int_field f)
{
	switch (f) {
	case F_SWID:
		return 1U << HV_SWITCH_ID;
	case F_PORTS:
		return (1U << HV_INGRESS_PORT) | (1U << HV_EGRESS_PORT);
	case F_LAT:
		return 1U << HV_HOP_LATENCY;
	case F_QUEUE:
		return (1U << HV_QUEUE_ID) | (1U << HV_QUEUE_OCCUPANCY);
	case F_ITS4:
	case F_ITS8:
		return 1U << HV_INGRESS_TS;
	case F_ETS4:
	case F_ETS8:
		return 1U << HV_EGRESS_TS;
	case F_L2:
	case F_L2_GEANT:
		return (1U << HV_L2_INGRESS_PORT) | (1U << HV_L2_EGRESS_PORT);
	case F_TX:
		return 1U << HV_EGRESS_TX_UTIL;
	case F_BUF:
		return (1U << HV_BUFFER_ID) | (1U << HV_BUFFER_OCCUPANCY);
	case F_QUEUE16:
		return (1U << HV_QUEUE_ID) | (1U << HV_QUEUE_OCCUPANCY);
	case F_CONG:
	case F_CONG16:
		return (1U << HV_CONGESTION_QUEUE_ID) |
		       (1U << HV_QUEUE_CONGESTION);
	case F_DROP:
		return (1U << HV_DROP_QUEUE_ID) | (1U << HV_DROP_REASON);
	default:
		return 1U << HV_CHECKSUM_COMPLEMENT;
	}
}

/*
 * Reads field f at off, which the caller has checked is inside its window
 * (int_plan_read checks a node's metadata once); the packet is checked here.
 */
static __always_inline int int_field_read(const struct int_pkt *p, __u32 off,
					  enum int_field f, struct int_hop *h)
{
	__u32 w, w2;
	__u64 q;

	if (f == F_ITS8 || f == F_ETS8) {
		if (int_get64(p, off, &q))
			return -INT_E_TRUNCATED;
		int_set(h, f == F_ITS8 ? HV_INGRESS_TS : HV_EGRESS_TS, q);
		return 0;
	}
	if (int_get32(p, off, &w))
		return -INT_E_TRUNCATED;
	switch (f) {
	case F_SWID:
		int_set(h, HV_SWITCH_ID, w);
		break;
	case F_PORTS:
		int_set(h, HV_INGRESS_PORT, w >> 16);
		int_set(h, HV_EGRESS_PORT, w & 0xFFFF);
		break;
	case F_LAT:
		int_set(h, HV_HOP_LATENCY, w);
		break;
	case F_QUEUE:
		int_set(h, HV_QUEUE_ID, w >> 24);
		int_set(h, HV_QUEUE_OCCUPANCY, w & 0xFFFFFF);
		break;
	case F_ITS4:
		int_set(h, HV_INGRESS_TS, w);
		break;
	case F_ETS4:
		int_set(h, HV_EGRESS_TS, w);
		break;
	case F_L2:
		if (int_get32(p, off + 4, &w2))
			return -INT_E_TRUNCATED;
		int_set(h, HV_L2_INGRESS_PORT, w);
		int_set(h, HV_L2_EGRESS_PORT, w2);
		break;
	case F_L2_GEANT:
		int_set(h, HV_L2_INGRESS_PORT, w >> 16);
		int_set(h, HV_L2_EGRESS_PORT, w & 0xFFFF);
		break;
	case F_TX:
		int_set(h, HV_EGRESS_TX_UTIL, w);
		break;
	case F_BUF:
		int_set(h, HV_BUFFER_ID, w >> 24);
		int_set(h, HV_BUFFER_OCCUPANCY, w & 0xFFFFFF);
		break;
	case F_CONG:
		int_set(h, HV_CONGESTION_QUEUE_ID, w >> 24);
		int_set(h, HV_QUEUE_CONGESTION, w & 0xFFFFFF);
		break;
	case F_QUEUE16:
		int_set(h, HV_QUEUE_ID, w >> 16);
		int_set(h, HV_QUEUE_OCCUPANCY, w & 0xFFFF);
		break;
	case F_CONG16:
		int_set(h, HV_CONGESTION_QUEUE_ID, w >> 16);
		int_set(h, HV_QUEUE_CONGESTION, w & 0xFFFF);
		break;
	case F_DROP:
		int_set(h, HV_DROP_QUEUE_ID, w >> 24);
		int_set(h, HV_DROP_REASON, (w >> 16) & 0xFF);
		break;
	default:
		int_set(h, HV_CHECKSUM_COMPLEMENT, w);
		break;
	}
	return 0;
}

/*
 * Visits the fields a bitmap selects in wire order; FIELD(mask, field) is
 * expanded per field.  The trailer (checksum complement) is not visited here.
 */
#define INT_LAYOUT_FIELDS(l, FIELD)                                       \
	do {                                                              \
		switch (l) {                                              \
		case L_INT_V2:                                            \
			FIELD(0x8000, F_SWID);                            \
			FIELD(0x4000, F_PORTS);                           \
			FIELD(0x2000, F_LAT);                             \
			FIELD(0x1000, F_QUEUE);                           \
			FIELD(0x0800, F_ITS8);                            \
			FIELD(0x0400, F_ETS8);                            \
			FIELD(0x0200, F_L2);                              \
			FIELD(0x0100, F_TX);                              \
			FIELD(0x0080, F_BUF);                             \
			break;                                            \
		case L_INT_V1:                                            \
		case L_INT_V05:                                           \
		case L_GEANT_V1:                                          \
			FIELD(0x8000, F_SWID);                            \
			FIELD(0x4000, F_PORTS);                           \
			FIELD(0x2000, F_LAT);                             \
			FIELD(0x1000, F_QUEUE);                           \
			FIELD(0x0800, l == L_GEANT_V1 ? F_ITS8 : F_ITS4); \
			FIELD(0x0400, l == L_GEANT_V1 ? F_ETS8 : F_ETS4); \
			FIELD(0x0200, l == L_INT_V1    ? F_L2             \
				      : l == L_INT_V05 ? F_CONG           \
						       : F_L2_GEANT);     \
			FIELD(0x0100, F_TX);                              \
			break;                                            \
		case L_INTC_V1:                                           \
			FIELD(0x8000, F_SWID);                            \
			FIELD(0x4000, F_PORTS);                           \
			FIELD(0x2000, F_LAT);                             \
			FIELD(0x1000, F_QUEUE16);                         \
			FIELD(0x0800, F_ITS4);                            \
			FIELD(0x0400, F_ETS4);                            \
			FIELD(0x0200, F_CONG16);                          \
			FIELD(0x0100, F_TX);                              \
			break;                                            \
		case L_REPORT_V2:                                         \
			FIELD(0x4000, F_PORTS);                           \
			FIELD(0x2000, F_LAT);                             \
			FIELD(0x1000, F_QUEUE);                           \
			FIELD(0x0800, F_ITS8);                            \
			FIELD(0x0400, F_ETS8);                            \
			FIELD(0x0200, F_L2);                              \
			FIELD(0x0100, F_TX);                              \
			FIELD(0x0080, F_BUF);                             \
			FIELD(0x0001, F_DROP);                            \
			break;                                            \
		case L_REPORT_V1:                                         \
			FIELD(0x20, F_PORTS);                             \
			FIELD(0x10, F_LAT);                               \
			FIELD(0x08, F_QUEUE);                             \
			FIELD(0x04, F_ETS4);                              \
			FIELD(0x02, F_DROP);                              \
			FIELD(0x01, F_TX);                                \
			break;                                            \
		case L_DROP_V05:                                          \
			FIELD(0x8000, F_SWID);                            \
			FIELD(0x4000, F_PORTS);                           \
			FIELD(0x2000, F_DROP);                            \
			break;                                            \
		case L_LOCAL_V05:                                         \
			FIELD(0x8000, F_SWID);                            \
			FIELD(0x4000, F_PORTS);                           \
			FIELD(0x2000, F_QUEUE);                           \
			FIELD(0x1000, F_ETS4);                            \
			break;                                            \
		}                                                         \
	} while (0)

static __always_inline int int_layout_trailer(enum int_layout l, __u32 bm)
{
	return (l == L_INT_V2 || l == L_INT_V1 || l == L_GEANT_V1) &&
	       (bm & 0x0001);
}

/*
 * Where each selected field starts inside one node's metadata.  Computed once
 * per bitmap, so that every hop is read at fixed offsets from its start:
 * why: a cursor moved field by field gives the verifier one state per subset
 * of the bitmap, fixed offsets let the branches of a hop merge again.
 */
struct int_plan {
	__u32 off[F_CSUM + 1];
	__u32 size;    /* bytes of the selected values and the trailer */
	__u32 present; /* int_hop.present of every node read with the plan */
};

static __always_inline void int_plan(enum int_layout l, __u32 bm,
				     struct int_plan *pl)
{
	__u32 at = 0, present = 0;

	/* why: arithmetic, not branches: one verifier state for every bitmap */
#define INT_PLAN_FIELD(mask, f)                               \
	do {                                                  \
		__u32 on_ = (bm >> __builtin_ctz(mask)) & 1;  \
		pl->off[f] = at;                              \
		at += on_ * int_field_size(f);                \
		present |= (0U - on_) & int_field_present(f); \
	} while (0)
	INT_LAYOUT_FIELDS(l, INT_PLAN_FIELD);
#undef INT_PLAN_FIELD
	pl->size = at;
	if (l == L_INT_V2 || l == L_INT_V1 || l == L_GEANT_V1) {
		pl->size += (bm & 1) * 4;
		present |= (0U - (bm & 1)) & int_field_present(F_CSUM);
	}
	pl->present = present;
}

/* Bytes of the values a bitmap selects, without words it does not name. */
static __always_inline __u32 int_layout_size(enum int_layout l, __u32 bm)
{
	struct int_plan pl;

	int_plan(l, bm, &pl);
	return pl.size;
}

/*
 * Reads one node's metadata of total bytes at base: the selected values, then
 * words the bitmap does not name (reserved-bit fillers, domain-specific
 * metadata: skipped), then the trailer in the last word.
 */
static __always_inline int int_plan_read(const struct int_pkt *p, __u32 base,
					 __u32 lim, enum int_layout l, __u32 bm,
					 __u32 total, const struct int_plan *pl,
					 struct int_hop *h)
{
	int err = 0;

	if (total < pl->size || (total - pl->size) % 4)
		return -INT_E_BAD_LENGTH;
	/* why: one window check per node, not one per field */
	base = int_index(base, INT_OFF_MAX);
	lim = int_index(lim, INT_OFF_MAX);
	if (total && (base > lim || total > lim - base))
		return -INT_E_TRUNCATED;
	/* why: the same values in every node: one store, not one per field */
	h->present = pl->present;
	/* why: each test is on a fresh copy of the bitmap; a test on bm itself
	 * would teach the verifier its bits, one state per subset, per hop
	 */
#define INT_READ_FIELD(mask, f)                                           \
	do {                                                              \
		if (int_index(bm, 0xFFFF) & (mask)) {                     \
			err = int_field_read(p, base + pl->off[f], f, h); \
			if (err)                                          \
				return err;                               \
		}                                                         \
	} while (0)
	INT_LAYOUT_FIELDS(l, INT_READ_FIELD);
#undef INT_READ_FIELD
	if (int_layout_trailer(l, bm))
		return int_field_read(p, base + total - 4, F_CSUM, h);
	return 0;
}

/* One node's metadata of total bytes at the cursor, which moves past it. */
static __always_inline int int_layout_read(const struct int_pkt *p,
					   struct int_cur *c, enum int_layout l,
					   __u32 bm, __u32 total,
					   struct int_hop *h)
{
	struct int_plan pl;
	int err;

	int_plan(l, bm, &pl);
	if (total < pl.size || (total - pl.size) % 4)
		return -INT_E_BAD_LENGTH;
	if (int_need(c, total))
		return -INT_E_TRUNCATED;
	err = int_plan_read(p, c->pos, c->lim, l, bm, total, &pl, h);
	if (err)
		return err;
	c->pos += total;
	return 0;
}

#endif /* INT_LAYOUT_H */
