/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * agent_frames.h - test packets for the NIC agent: an original Ethernet /
 * IPv4 or IPv6 (optionally with extension headers) / UDP or TCP packet with
 * valid checksums, and its INT-MD encapsulation made with the INT source's
 * steps (WIRE_FACTS A.2-A.6): NPT 1 for UDP (the destination port moves
 * into the shim, the INT goes after the UDP header), NPT 2 for TCP (a new
 * UDP header and the INT go between the IP headers and TCP, the protocol
 * that named TCP now names UDP), lengths raised and checksums computed again.
 */
#ifndef AGENT_FRAMES_H
#define AGENT_FRAMES_H

#include <string.h>
#include <linux/types.h>

#define AF_BITMAP_PAPER \
	0xB100 /* switch id, hop latency, queue, TX utilization */

struct af_flow {
	__u32 src, dst; /* host order */
	__u16 sport, dport;
	__u8 protocol; /* 17 or 6 */
	__u8 vlan;     /* one 802.1Q tag when set */
	__u8 udp_csum; /* the original UDP packet carries a checksum */
	__u16 payload;
	__u8 ipv6; /* IPv6 from src6 to dst6 instead of IPv4 */
	__u8 src6[16], dst6[16];
	__u8 hop_by_hop; /* IPv6: an 8-byte hop-by-hop options header first */
	__u16 dest_opts; /* IPv6: then destination options of this many bytes
			   * (a multiple of 8, 8..256), 0 none */
};

struct af_hop {
	__u32 sw, lat, queue, util;
};

static void af_put16(__u8 *b, __u32 v)
{
	b[0] = v >> 8, b[1] = v;
}

static void af_put32(__u8 *b, __u32 v)
{
	b[0] = v >> 24, b[1] = v >> 16, b[2] = v >> 8, b[3] = v;
}

static __u32 af_get16(const __u8 *b)
{
	return b[0] << 8 | b[1];
}

static __u32 af_sum(const __u8 *b, int n, __u32 sum)
{
	int i;

	for (i = 0; i + 1 < n; i += 2)
		sum += af_get16(b + i);
	if (n & 1)
		sum += b[n - 1] << 8;
	return sum;
}

static __u16 af_fold(__u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	return ~sum;
}

static void af_ip_csum(__u8 *ip)
{
	af_put16(ip + 10, 0);
	af_put16(ip + 10, af_fold(af_sum(ip, (ip[0] & 0xF) * 4, 0)));
}

/* The IP header's and its extension headers' bytes. */
static int af_ip_len(const struct af_flow *f)
{
	if (!f->ipv6)
		return 20;
	return 40 + (f->hop_by_hop ? 8 : 0) + f->dest_opts;
}

/* The byte of the IP headers that names the upper protocol. */
static int af_proto_at(const struct af_flow *f)
{
	if (!f->ipv6)
		return 9;
	if (f->dest_opts)
		return 40 + (f->hop_by_hop ? 8 : 0);
	return f->hop_by_hop ? 40 : 6;
}

/* The pseudo header's sum: addresses, upper-layer length and protocol. */
static __u32 af_pseudo(const struct af_flow *f, const __u8 *ip, int len)
{
	int proto = ip[af_proto_at(f)];

	if (f->ipv6)
		return af_sum(ip + 8, 32, 0) + (len >> 16) + (len & 0xFFFF) +
		       proto;
	return af_sum(ip + 12, 8, 0) + proto + len;
}

/* The UDP or TCP checksum at csum_at over l4 .. l4 + len with the pseudo header. */
static void af_l4_csum(const struct af_flow *f, const __u8 *ip, __u8 *l4,
		       int len, int csum_at)
{
	__u16 c;

	af_put16(l4 + csum_at, 0);
	c = af_fold(af_sum(l4, len, af_pseudo(f, ip, len)));
	if (ip[af_proto_at(f)] == 17 && c == 0)
		c = 0xFFFF;
	af_put16(l4 + csum_at, c);
}

static int af_l3(const struct af_flow *f)
{
	return f->vlan ? 18 : 14;
}

/* IPv6's fixed header and extension headers at ip, naming proto last. */
static void af_ipv6(const struct af_flow *f, __u8 *ip, int payload_len)
{
	__u8 *x = ip + 40;

	af_put32(ip, 6U << 28 | 0x28U << 20 | 0x12345);
	af_put16(ip + 4, payload_len);
	ip[7] = 63;
	memcpy(ip + 8, f->src6, 16);
	memcpy(ip + 24, f->dst6, 16);
	ip[6] = f->hop_by_hop ? 0 : f->dest_opts ? 60 : f->protocol;
	if (f->hop_by_hop) {
		x[0] = f->dest_opts ? 60 : f->protocol;
		x[1] = 0;
		x[2] = 1; /* PadN over the rest */
		x[3] = 4;
		x += 8;
	}
	if (f->dest_opts) {
		x[0] = f->protocol;
		x[1] = f->dest_opts / 8 - 1;
		x[2] = 1;
		x[3] = f->dest_opts - 4;
	}
}

/* The original packet; its length. */
static int af_original(const struct af_flow *f, __u8 *b)
{
	int l3 = af_l3(f), l4 = l3 + af_ip_len(f);
	int hl = f->protocol == 6 ? 20 : 8, len = l4 + hl + f->payload, i;
	__u8 *ip = b + l3, *t = b + l4;

	memset(b, 0, len);
	memcpy(b, "\x02\x00\x00\x00\x00\x02\x02\x00\x00\x00\x00\x01", 12);
	if (f->vlan) {
		af_put16(b + 12, 0x8100);
		af_put16(b + 14, 0x0064);
	}
	if (f->ipv6) {
		af_put16(b + l3 - 2, 0x86DD);
		af_ipv6(f, ip, len - l3 - 40);
	} else {
		af_put16(b + l3 - 2, 0x0800);
		ip[0] = 0x45;
		ip[1] = 0x28;
		af_put16(ip + 2, len - l3);
		af_put16(ip + 4, 0x1234);
		af_put16(ip + 6, 0x4000);
		ip[8] = 63;
		ip[9] = f->protocol;
		af_put32(ip + 12, f->src);
		af_put32(ip + 16, f->dst);
		af_ip_csum(ip);
	}
	af_put16(t, f->sport);
	af_put16(t + 2, f->dport);
	for (i = 0; i < f->payload; i++)
		t[hl + i] = (__u8)(i * 7 + f->sport);
	if (f->protocol == 6) {
		af_put32(t + 4, 1000);
		af_put32(t + 8, 2000);
		t[12] = 5 << 4;
		t[13] = 0x18;
		af_put16(t + 14, 512);
		af_l4_csum(f, ip, t, hl + f->payload, 16);
	} else {
		af_put16(t + 4, hl + f->payload);
		if (f->udp_csum)
			af_l4_csum(f, ip, t, hl + f->payload, 6);
	}
	return len;
}

/* n bytes more in the IP length: IPv4's total length (and checksum), IPv6's payload length. */
static void af_ip_grow(const struct af_flow *f, __u8 *ip, int n)
{
	if (f->ipv6) {
		af_put16(ip + 4, af_get16(ip + 4) + n);
		return;
	}
	af_put16(ip + 2, af_get16(ip + 2) + n);
	af_ip_csum(ip);
}

/* The INT shim, INT-MD header and stack for hops listed source first. */
static int af_int(__u8 *o, const struct af_hop *hops, int n, __u32 bitmap,
		  int npt, __u32 orig)
{
	int words = 0, i, at;

	words += !!(bitmap & 0x8000) + !!(bitmap & 0x4000) +
		 !!(bitmap & 0x2000) + !!(bitmap & 0x1000) +
		 !!(bitmap & 0x0100);
	o[0] = 1 << 4 | npt << 2;
	o[1] = 3 + n * words;
	if (npt == 1) {
		af_put16(o + 2, orig);
	} else {
		o[2] = 0;
		o[3] = orig;
	}
	memset(o + 4, 0, 12);
	o[4] = 2 << 4;
	o[6] = words;
	o[7] = 8 - n; /* remaining hop count */
	af_put16(o + 8, bitmap);
	at = 16;
	for (i = n - 1; i >= 0; i--) { /* the last hop is on top */
		if (bitmap & 0x8000)
			af_put32(o + at, hops[i].sw), at += 4;
		if (bitmap & 0x4000)
			af_put32(o + at, 0x00010002), at += 4;
		if (bitmap & 0x2000)
			af_put32(o + at, hops[i].lat), at += 4;
		if (bitmap & 0x1000)
			af_put32(o + at, 7U << 24 | hops[i].queue), at += 4;
		if (bitmap & 0x0100)
			af_put32(o + at, hops[i].util), at += 4;
	}
	return at;
}

/* The INT-MD encapsulation of the original (o, len) into e; its length. */
static int af_encapsulate(const struct af_flow *f, const __u8 *o, int len,
			  __u8 *e, const struct af_hop *hops, int n,
			  __u32 bitmap, __u32 int_port)
{
	int l3 = af_l3(f), l4 = l3 + af_ip_len(f), ni;
	__u8 *ip = e + l3, *u = e + l4;

	if (f->protocol == 17) {
		/* NPT 1: the INT after the original UDP header */
		memcpy(e, o, l4 + 8);
		ni = af_int(e + l4 + 8, hops, n, bitmap, 1, f->dport);
		memcpy(e + l4 + 8 + ni, o + l4 + 8, len - l4 - 8);
		af_put16(u + 2, int_port);
		af_put16(u + 4, af_get16(u + 4) + ni);
		af_ip_grow(f, ip, ni);
		if (af_get16(o + l4 + 6))
			af_l4_csum(f, ip, u, af_get16(u + 4), 6);
		return len + ni;
	}
	/* NPT 2: a new UDP header (checksum 0) and the INT before the TCP header */
	memcpy(e, o, l4);
	ni = af_int(e + l4 + 8, hops, n, bitmap, 2, f->protocol);
	memcpy(e + l4 + 8 + ni, o + l4, len - l4);
	af_put16(u, 0xC000 | (f->sport ^ f->dport));
	af_put16(u + 2, int_port);
	af_put16(u + 4, 8 + ni + len - l4);
	af_put16(u + 6, 0);
	ip[af_proto_at(f)] = 17;
	af_ip_grow(f, ip, 8 + ni);
	return len + 8 + ni;
}

/* FNV-1a 32 over the switch ids, source first, each big endian. */
static __u32 af_path_id(const struct af_hop *hops, int n)
{
	__u32 h = 2166136261U;
	int i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < 4; k++) {
			h ^= (hops[i].sw >> (24 - 8 * k)) & 0xFF;
			h *= 16777619U;
		}
	return h;
}

#endif /* AGENT_FRAMES_H */
