/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_strip.h - INT removal: the packet passed on is the original the INT
 * source encapsulated, byte for byte.  The headers before the INT are copied
 * out, edited (lengths, the restored port or protocol, checksums adjusted
 * incrementally as RFC 1624 eq. 3; IPv4 or IPv6), and written back in front of the
 * original payload after bpf_xdp_adjust_head drops the INT bytes.
 *
 * Checksum words are kept in memory order: ones' complement sums do not
 * depend on the byte order as long as every term uses the same.
 */
#ifndef INT_STRIP_H
#define INT_STRIP_H

#include "agent_scratch.h"

static __always_inline __u32 agent_fold(__u64 sum)
{
	sum = (sum & 0xFFFFFFFF) + (sum >> 32);
	sum = (sum & 0xFFFF) + (sum >> 16);
	sum = (sum & 0xFFFF) + (sum >> 16);
	sum = (sum & 0xFFFF) + (sum >> 16);
	return sum;
}

/* why: the mask keeps the verifier's bound; header offsets here are even */
static __always_inline __u16 agent_hdr16(const __u8 *hdr, __u32 off)
{
	__u16 v;

	__builtin_memcpy(&v, hdr + int_index(off, AGENT_HDR_MAX - 2), 2);
	return v;
}

static __always_inline void agent_put16(__u8 *hdr, __u32 off, __u16 v)
{
	__builtin_memcpy(hdr + int_index(off, AGENT_HDR_MAX - 2), &v, 2);
}

/* Adds (~old + new) of one 16-bit word to a checksum difference. */
static __always_inline __u64 agent_csum_replace(__u64 diff, __u16 old,
						__u16 new)
{
	return diff + (__u16)~old + new;
}

/* The checksum at off after the difference: ~(~C + diff). */
static __always_inline __u16 agent_csum_apply(__u16 csum, __u64 diff)
{
	return ~agent_fold((__u16)~csum + diff);
}

static __always_inline __u16 agent_be16(__u32 v)
{
	return __builtin_bswap16((__u16)v);
}

/* ~sum of the removed bytes (a multiple of 4), in two bpf_csum_diff calls. */
static __always_inline int agent_removed_sum(struct xdp_md *ctx,
					     struct agent_scratch *s, __u32 off,
					     __u32 n, __u64 *diff)
{
	__u32 first = n > 512 ? 512 : n, rest = n - first;
	__s64 sum;

	if (n > AGENT_INT_MAX || n == 0)
		return -1;
	if (bpf_xdp_load_bytes(ctx, off, s->int_bytes, n))
		return -1;
	sum = bpf_csum_diff((__be32 *)s->int_bytes, first, NULL, 0, 0);
	if (sum < 0)
		return -1;
	*diff += (__u32)sum;
	if (rest) {
		rest = int_index(rest, 511);
		sum = bpf_csum_diff((__be32 *)(s->int_bytes + 512), rest, NULL,
				    0, 0);
		if (sum < 0)
			return -1;
		*diff += (__u32)sum;
	}
	return 0;
}

/*
 * The first keep bytes of the packet into h, a word at a time; the bytes
 * of the last word past keep are INT (at least 16 bytes follow keep).  why
 * not bpf_xdp_load_bytes: a helper call costs more than these few words.
 */
static __always_inline int agent_load_hdr(struct xdp_md *ctx, __u8 *h,
					  __u32 keep)
{
	const __u8 *data = (const __u8 *)(long)ctx->data;
	const __u8 *end = (const __u8 *)(long)ctx->data_end;
	__u32 i, at;

	for (i = 0; i < AGENT_HDR_MAX / 8; i++) {
		at = i * 8;
		if (at >= keep)
			break;
		if (data + at + 8 > end)
			return -1;
		*(__u64 *)(h + at) = *(const __u64 *)(data + at);
	}
	return 0;
}

/* h's first keep bytes (an even count) to the packet's start, in words. */
static __always_inline int agent_store_hdr(struct xdp_md *ctx, const __u8 *h,
					   __u32 keep)
{
	__u8 *data = (__u8 *)(long)ctx->data;
	const __u8 *end = (const __u8 *)(long)ctx->data_end;
	__u32 i, at, words = keep / 8;

	for (i = 0; i < AGENT_HDR_MAX / 8; i++) {
		at = i * 8;
		if (i >= words)
			break;
		if (data + at + 8 > end)
			return -1;
		*(__u64 *)(data + at) = *(const __u64 *)(h + at);
	}
	/* why: a whole last word would overwrite the payload's first bytes */
	for (i = 0; i < 3; i++) {
		at = int_index(words * 8 + i * 2, AGENT_HDR_MAX - 2);
		if (at >= keep)
			break;
		if (data + at + 2 > end)
			return -1;
		*(__u16 *)(data + at) = *(const __u16 *)(h + at);
	}
	return 0;
}

/*
 * The IP header's length less n: IPv4's total length and its header
 * checksum, IPv6's payload length (no checksum).  NPT 2 also gives back
 * the original protocol: IPv4's protocol field, IPv6's Next Header that
 * named UDP (the fixed header's or the last extension header's).
 */
static __always_inline void agent_strip_ip(__u8 *h, const struct agent_pkt *a,
					   __u32 n)
{
	__u32 l3 = a->l3;
	__u16 old, new;
	__u64 ip = 0;

	if (a->key.ip_version == 6) {
		old = agent_hdr16(h, l3 + 4);
		agent_put16(h, l3 + 4, agent_be16(__builtin_bswap16(old) - n));
		if (a->npt == 2)
			h[int_index(a->next_hdr, AGENT_HDR_MAX - 1)] = a->orig;
		return;
	}
	old = agent_hdr16(h, l3 + 2);
	new = agent_be16(__builtin_bswap16(old) - n);
	agent_put16(h, l3 + 2, new);
	ip = agent_csum_replace(ip, old, new);
	if (a->npt == 2) {
		old = agent_hdr16(h, l3 + 8); /* TTL and protocol */
		new = old;
		((__u8 *)&new)[1] = a->orig;
		agent_put16(h, l3 + 8, new);
		ip = agent_csum_replace(ip, old, new);
	}
	agent_put16(h, l3 + 10, agent_csum_apply(agent_hdr16(h, l3 + 10), ip));
}

/*
 * Removes the INT (NPT 1: shim and stack; NPT 2: the new UDP header too),
 * restores the original header fields.  0, or -1 when the packet was left
 * as it was.
 */
static __always_inline int agent_strip(struct xdp_md *ctx,
				       struct agent_scratch *s)
{
	const struct agent_pkt *a = &s->pkt;
	__u32 l4 = a->l4, keep = a->keep;
	/* NPT 2: the new UDP header goes too */
	__u32 n = a->npt == 1 ? a->int_bytes : 8 + a->int_bytes;
	__u16 old, new;
	__u64 udp = 0;
	__u8 *h = s->hdr;

	/* why: the parser bounded keep; the verifier must see it bound here */
	if (keep > AGENT_HDR_MAX || keep < 14 + 20)
		return -1;
	if (agent_load_hdr(ctx, h, keep))
		return -1;

	agent_strip_ip(h, a, n);
	if (a->npt == 1) {
		/* why the same for IPv6: its pseudo header's 32-bit length is the UDP length */
		__u16 csum = agent_hdr16(h, l4 + 6);

		old = agent_hdr16(h, l4 + 4);
		new = agent_be16(__builtin_bswap16(old) - n);
		agent_put16(h, l4 + 4, new);
		if (csum) {
			/* the length is in the UDP header and the pseudo header */
			udp = agent_csum_replace(udp, old, new);
			udp = agent_csum_replace(udp, old, new);
		}
		old = agent_hdr16(h, l4 + 2);
		new = agent_be16(a->orig);
		agent_put16(h, l4 + 2, new);
		if (csum) {
			udp = agent_csum_replace(udp, old, new);
			if (agent_removed_sum(ctx, s, a->shim, n, &udp))
				return -1;
			csum = agent_csum_apply(csum, udp);
			/* why: a computed 0 is sent as all ones (RFC 768) */
			agent_put16(h, l4 + 6, csum ? csum : 0xFFFF);
		}
	}

	if (bpf_xdp_adjust_head(ctx, n))
		return -1;
	if (agent_store_hdr(ctx, h, keep))
		return -1;
	return 0;
}

#endif /* INT_STRIP_H */
