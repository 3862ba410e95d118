/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_wire.h - bounds-checked big-endian reads over a packet, shared by the
 * XDP program (clang -target bpf) and the host tools (gcc/clang).
 *
 * A packet is [data, end).  Parsers keep offsets, not pointers: a cursor is a
 * position and the end of the window being decoded (a report's UDP payload,
 * an inner packet), and every read checks the window and the packet before
 * touching a byte.  Offsets are capped at INT_OFF_MAX first because the BPF
 * verifier accepts packet pointer + variable offset only when the offset has
 * a known upper bound.
 */
#ifndef INT_WIRE_H
#define INT_WIRE_H

#include <linux/types.h>

#include "int_error.h"

#ifdef __bpf__
/* XDP frames are at most a page; the cap keeps pkt + off provably small. */
#define INT_OFF_MAX 0x3fff /* a mask: 2^n - 1 */
#else
#include <stddef.h>
#include <sys/cdefs.h>
#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif
/* Host captures: pcapng blocks are at most 16 MiB. */
#define INT_OFF_MAX 0x7fffffff
#endif

struct int_pkt {
	const __u8 *data;
	const __u8 *end;
#ifdef __bpf__
	void *ctx; /* the xdp_md, for global functions that take no packet pointers */
#endif
};

struct int_cur {
	__u32 pos; /* next byte, as an offset from pkt.data */
	__u32 lim; /* end of the window being decoded */
};

static __always_inline __u32 int_pkt_len(const struct int_pkt *p)
{
	return (__u32)(p->end - p->data);
}

/*
 * v & mask, done where the optimiser cannot drop it: an index into a
 * fixed array that the verifier must see bounded.  Checks before it are not
 * enough, since clang may index with a copy made before the check.
 */
static __always_inline __u32 int_index(__u32 v, const __u32 mask)
{
	__u64 x = v;

#ifdef __bpf__
	asm volatile("%0 &= %1" : "+r"(x) : "i"(mask));
#else
	x &= mask;
#endif
	return (__u32)x;
}

/* The n bytes at off, or NULL when they are not all inside the packet. */
static __always_inline const __u8 *int_at(const struct int_pkt *p, __u32 off,
					  const __u32 n)
{
	const __u8 *b;

	if (off > INT_OFF_MAX)
		return NULL;
	/* why: clang may add a copy of off made before the check, which the
	 * verifier sees unbounded; a mask it cannot drop bounds the one added
	 */
	off = int_index(off, INT_OFF_MAX);
	b = p->data + off;
	/* why: the verifier only grants reads below a checked packet pointer */
	if (b + n > p->end)
		return NULL;
	return b;
}

static __always_inline int int_get8(const struct int_pkt *p, __u32 off,
				    __u32 *v)
{
	const __u8 *b = int_at(p, off, 1);

	if (!b)
		return -INT_E_TRUNCATED;
	*v = b[0];
	return 0;
}

/*
 * Big-endian loads of 2, 4 and 8 bytes: one load and a byte swap each.
 * why: XDP frames need no alignment for packet loads, and one load plus
 * a bswap is fewer instructions than the shifts and ors of byte reads.
 */
static __always_inline __u32 int_load_be16(const __u8 *b)
{
	__u16 v;

	__builtin_memcpy(&v, b, 2);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap16(v);
#endif
	return v;
}

static __always_inline __u32 int_load_be32(const __u8 *b)
{
	__u32 v;

#ifdef __bpf__
	v = *(const __u32 *)b;
#else
	__builtin_memcpy(&v, b, 4);
#endif
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	return v;
}

static __always_inline __u64 int_load_be64(const __u8 *b)
{
	__u64 v;

#ifdef __bpf__
	v = *(const __u64 *)b;
#else
	__builtin_memcpy(&v, b, 8);
#endif
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

static __always_inline int int_get16(const struct int_pkt *p, __u32 off,
				     __u32 *v)
{
	const __u8 *b = int_at(p, off, 2);

	if (!b)
		return -INT_E_TRUNCATED;
	*v = int_load_be16(b);
	return 0;
}

/* One byte or one big-endian 16-bit word as a value, 0 past the end: for host-side
 * readers that have already checked the length. */
static inline __u32 int_u8_at(const struct int_pkt *p, __u32 off)
{
	__u32 v = 0;

	int_get8(p, off, &v);
	return v;
}

static inline __u32 int_u16_at(const struct int_pkt *p, __u32 off)
{
	__u32 v = 0;

	int_get16(p, off, &v);
	return v;
}

static __always_inline int int_get32(const struct int_pkt *p, __u32 off,
				     __u32 *v)
{
	const __u8 *b = int_at(p, off, 4);

	if (!b)
		return -INT_E_TRUNCATED;
	*v = int_load_be32(b);
	return 0;
}

static __always_inline int int_get64(const struct int_pkt *p, __u32 off,
				     __u64 *v)
{
	const __u8 *b = int_at(p, off, 8);

	if (!b)
		return -INT_E_TRUNCATED;
	*v = int_load_be64(b);
	return 0;
}

static __always_inline __u32 int_left(const struct int_cur *c)
{
	return c->lim > c->pos ? c->lim - c->pos : 0;
}

/* -INT_E_TRUNCATED unless n more bytes are in the window. */
static __always_inline int int_need(const struct int_cur *c, __u32 n)
{
	return n > int_left(c) ? -INT_E_TRUNCATED : 0;
}

static __always_inline int int_u8(const struct int_pkt *p, struct int_cur *c,
				  __u32 *v)
{
	if (int_need(c, 1) || int_get8(p, c->pos, v))
		return -INT_E_TRUNCATED;
	c->pos += 1;
	return 0;
}

static __always_inline int int_u16(const struct int_pkt *p, struct int_cur *c,
				   __u32 *v)
{
	if (int_need(c, 2) || int_get16(p, c->pos, v))
		return -INT_E_TRUNCATED;
	c->pos += 2;
	return 0;
}

static __always_inline int int_u32(const struct int_pkt *p, struct int_cur *c,
				   __u32 *v)
{
	if (int_need(c, 4) || int_get32(p, c->pos, v))
		return -INT_E_TRUNCATED;
	c->pos += 4;
	return 0;
}

static __always_inline int int_u64(const struct int_pkt *p, struct int_cur *c,
				   __u64 *v)
{
	if (int_need(c, 8) || int_get64(p, c->pos, v))
		return -INT_E_TRUNCATED;
	c->pos += 8;
	return 0;
}

#endif /* INT_WIRE_H */
