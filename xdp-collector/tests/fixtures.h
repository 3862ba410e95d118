/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * fixtures.h - the packet fixture table test_prog_run runs through
 * BPF_PROG_TEST_RUN, in order, on one loaded program (later rows see the
 * tables earlier rows filled).  Frames come from the golden vectors, some
 * with one value changed; the malformed ones are built here.
 */
#ifndef FIXTURES_H
#define FIXTURES_H

#include <string.h>
#include <linux/bpf.h>

#include "collector.h"

#define ANY (-1)

struct fixture {
	const char *name;
	const char *vector; /* golden vector NAME, or NULL for build() */
	int (*build)(unsigned char *frame); /* returns the length */
	/* changes one hop value: find this big-endian word... */
	__u32 find[2]; /* ...after this one (0 = anywhere) */
	__u32 replace;
	__u16 port;			/* config.report_port */
	__s64 thresholds[METRIC_COUNT]; /* ANY = leave as is */
	int verdict;
	int counter;		  /* the counter that must grow by one */
	int events[METRIC_COUNT]; /* events per metric */
	int kind;		  /* their kind, 0 = any */
};

#define KEEP { ANY, ANY, ANY, ANY, ANY, ANY }
#define NONE { 0, 0, 0, 0, 0, 0 }
#define EV(path, flat, hlat, qocc, qcong, link) \
	{ path, flat, hlat, qocc, qcong, link }

/* Ethernet + IPv4 + UDP to 32766 + a TR2.0 group header and one report. */
static int tr20(unsigned char *f, int version, int rep_type, int in_type,
		int md_len, const unsigned char *inner, int inner_len)
{
	static const unsigned char head[42] = {
		2,    0, 0,   0, 0, 2, 2,    0,	   0,	 0,    0, 1, 0x08, 0x00,
		0x45, 0, 0,   0, 0, 0, 0x40, 0,	   64,	 17,   0, 0, 192,  0,
		2,    1, 192, 0, 2, 2, 0x30, 0x39, 0x7f, 0xfe, 0, 0, 0,	   0,
	};
	int body = (inner_len + 3) & ~3, len = 42 + 8 + 4 + body;

	memcpy(f, head, sizeof(head));
	memset(f + 42, 0, len - 42);
	f[16] = (len - 14) >> 8, f[17] = (len - 14) & 0xFF;
	f[38] = (len - 34) >> 8, f[39] = (len - 34) & 0xFF;
	f[42] = version << 4, f[45] = 1, f[49] = 7; /* seq 1, node 7 */
	f[50] = rep_type << 4 | in_type;
	f[51] = body / 4;
	f[52] = md_len;
	memcpy(f + 54, inner, inner_len);
	return len;
}

static const unsigned char ipv4_udp[28] = {
	0x45, 0, 0,  28, 0, 0, 0x40, 0,	   64,	 17,   0, 0, 10, 0,
	0,    1, 10, 0,	 0, 2, 0x30, 0x39, 0x13, 0x89, 0, 8, 0,	 0,
};

static int build_unknown_version(unsigned char *f)
{
	return tr20(f, 3, 0, 4, 0, ipv4_udp, sizeof(ipv4_udp));
}

static int build_unknown_type(unsigned char *f)
{
	return tr20(f, 2, 0, 7, 0, ipv4_udp, sizeof(ipv4_udp));
}

/* RepType 0 with an MD Length: transparent-security's 12-byte block, cut at 8 */
static int build_bad_length(unsigned char *f)
{
	return tr20(f, 2, 0, 4, 1, ipv4_udp, 8);
}

static int build_truncated(unsigned char *f)
{
	return tr20(f, 2, 0, 4, 0, ipv4_udp, 10);
}

static int build_bad_ip_header(unsigned char *f)
{
	unsigned char ip[28];

	memcpy(ip, ipv4_udp, sizeof(ip));
	ip[0] = 0x44;
	return tr20(f, 2, 0, 4, 0, ip, sizeof(ip));
}

static int build_bad_l4_header(unsigned char *f)
{
	unsigned char ip[28];

	memcpy(ip, ipv4_udp, sizeof(ip));
	ip[25] = 4; /* UDP length 4 */
	return tr20(f, 2, 0, 4, 0, ip, sizeof(ip));
}

static int build_too_many_vlan_tags(unsigned char *f)
{
	unsigned char eth[12 + 9 * 4 + 2 + 28] = { 2, 0, 0, 0, 0, 4,
						   2, 0, 0, 0, 0, 3 };
	int i;

	for (i = 0; i < 9; i++)
		eth[12 + 4 * i] = 0x81, eth[15 + 4 * i] = i + 1;
	eth[48] = 0x08;
	memcpy(eth + 50, ipv4_udp, sizeof(ipv4_udp));
	return tr20(f, 2, 0, 3, 0, eth, sizeof(eth));
}

static int build_length_to_end(unsigned char *f)
{
	int len = tr20(f, 2, 0, 4, 0, ipv4_udp, sizeof(ipv4_udp));

	f[51] = 0xFF; /* Report Length 0xFF: to the end of the datagram */
	return len;
}

static int build_not_udp(unsigned char *f)
{
	int len = tr20(f, 2, 0, 4, 0, ipv4_udp, sizeof(ipv4_udp));

	f[23] = 6; /* outer TCP: not a report */
	return len;
}

/* Hop values of the golden vectors: node n has switch id 10+n, ports 100+n/200+n. */
#define SW(n) (10 + (n))
#define PORTS(n) ((100 + (n)) << 16 | (200 + (n)))
#define LAT(n) (3000 + 37 * (n)) /* hop latency of node n */
#define QUEUE(n) ((__u32)(n) << 24 | (61440 + (n)))
#define TX(n) (500 + 10 * (n))

static const struct fixture fixtures[] = {
	{ "TR2.0 over Ethernet, 3 hops + sink: every key new",
	  "tr2_0_eth_all_3h", .port = 32766,
	  .thresholds = { 0, 1000, 100, 1000, 0, 100 }, .verdict = XDP_DROP,
	  .counter = CNT_REPORTS, .events = EV(1, 1, 4, 4, 0, 3),
	  .kind = EVENT_NEW_KEY },
	{ "the same report again: no event", "tr2_0_eth_all_3h", .port = 32766,
	  .thresholds = KEEP, .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = NONE },
	{ "hop 2 latency +50, under T=100: no event", "tr2_0_eth_all_3h",
	  .find = { LAT(2), 0 }, .replace = LAT(2) + 50, .port = 32766,
	  .thresholds = KEEP, .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = NONE },
	{ "hop 2 latency +150, over T=100: hop latency changed",
	  "tr2_0_eth_all_3h", .find = { LAT(2), 0 }, .replace = LAT(2) + 150,
	  .port = 32766, .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_REPORTS, .events = EV(0, 0, 1, 0, 0, 0),
	  .kind = EVENT_CHANGED },
	{ "T(hop latency) lowered to 10 at run time: +20 fires",
	  "tr2_0_eth_all_3h", .find = { LAT(2), 0 }, .replace = LAT(2) + 170,
	  .port = 32766, .thresholds = { ANY, 0, 10, ANY, ANY, ANY },
	  .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = EV(0, 1, 1, 0, 0, 0), .kind = EVENT_CHANGED },
	{ "switch 12 replaced by 99: path changed, switch 99's keys new",
	  "tr2_0_eth_all_3h", .find = { SW(2), PORTS(2) }, .replace = 99,
	  .port = 32766, .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_REPORTS, .events = EV(1, 1, 1, 1, 0, 1) },
	{ "switch 12 back, its latency 170 off the last reported, queue of 13 +2000",
	  "tr2_0_eth_all_3h", .find = { QUEUE(3), 0 },
	  .replace = QUEUE(3) + 2000, .port = 32766, .thresholds = KEEP,
	  .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = EV(1, 0, 1, 1, 0, 0), .kind = EVENT_CHANGED },
	{ "egress utilization of switch 11 +500 (T=100), queue of 13 back",
	  "tr2_0_eth_all_3h", .find = { TX(1), 0 }, .replace = TX(1) + 500,
	  .port = 32766, .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_REPORTS, .events = EV(0, 0, 0, 1, 0, 1),
	  .kind = EVENT_CHANGED },
	{ "TR0.5 carrying INT v0.5: queue congestion keys new",
	  "tr0_5_eth_all_3h", .port = 8086, .thresholds = KEEP,
	  .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = EV(ANY, ANY, ANY, ANY, 3, ANY) },
	{ "TR1.0 carrying INT v1.0", "tr1_0_eth_all_3h", .port = 54321,
	  .thresholds = KEEP, .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = KEEP },
	{ "transparent-security: RepType 0 + block, packet to the end: path changed",
	  "thirdparty_tps_report_ipv4_2h", .port = 556, .thresholds = KEEP,
	  .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = EV(1, 0, 0, 0, 0, 0), .kind = EVENT_CHANGED },
	{ "transparent-security over IPv6: the IPv6 flow's path new",
	  "thirdparty_tps_report_ipv6_2h", .port = 556, .thresholds = KEEP,
	  .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = EV(1, 0, 0, 0, 0, 0), .kind = EVENT_NEW_KEY },
	{ "INTCollector's test report (TR1.0 Length 1, Ver 0): congestion keys new",
	  "thirdparty_intcollector_test_report_3h", .port = 54321,
	  .thresholds = KEEP, .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = EV(ANY, ANY, ANY, ANY, 3, ANY) },
	{ "TR1.0 about a packet without INT", "tr1_0_no_int", .port = 54321,
	  .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_REPORTS_NO_INT, .events = NONE },
	{ "TR2.0 sent over IPv6", "tr2_0_outer_ipv6_all_3h", .port = 32766,
	  .thresholds = KEEP, .verdict = XDP_DROP, .counter = CNT_REPORTS,
	  .events = KEEP },
	{ "inner stack of 17 hops: hop_count_over_limit",
	  "malformed_tr2_0_inner_hop_count_over_limit", .port = 32766,
	  .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_DROP_BASE + INT_E_HOP_LIMIT, .events = NONE },
	{ "golden truncated report", "malformed_tr2_0_truncated", .port = 32766,
	  .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_DROP_BASE + INT_E_TRUNCATED, .events = NONE },
	{ "golden report with bad lengths", "malformed_tr2_0_bad_length",
	  .port = 32766, .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_DROP_BASE + INT_E_BAD_LENGTH, .events = NONE },
	{ "golden report of unknown version",
	  "malformed_report_unknown_version", .port = 32766, .thresholds = KEEP,
	  .verdict = XDP_DROP, .counter = CNT_DROP_BASE + INT_E_UNKNOWN_VERSION,
	  .events = NONE },
	{ "inner packet cut short: truncated", NULL, build_truncated,
	  .port = 32766, .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_DROP_BASE + INT_E_TRUNCATED, .events = NONE },
	{ "inner-only report whose MD Length announces a block that does not fit: bad_length",
	  NULL, build_bad_length, .port = 32766, .thresholds = KEEP,
	  .verdict = XDP_DROP, .counter = CNT_DROP_BASE + INT_E_BAD_LENGTH,
	  .events = NONE },
	{ "report version 3: unknown_version", NULL, build_unknown_version,
	  .port = 32766, .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_DROP_BASE + INT_E_UNKNOWN_VERSION, .events = NONE },
	{ "InType 7: unknown_type", NULL, build_unknown_type, .port = 32766,
	  .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_DROP_BASE + INT_E_UNKNOWN_TYPE, .events = NONE },
	{ "inner IPv4 IHL 4: bad_ip_header", NULL, build_bad_ip_header,
	  .port = 32766, .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_DROP_BASE + INT_E_BAD_IP_HEADER, .events = NONE },
	{ "inner UDP length 4: bad_l4_header", NULL, build_bad_l4_header,
	  .port = 32766, .thresholds = KEEP, .verdict = XDP_DROP,
	  .counter = CNT_DROP_BASE + INT_E_BAD_L4_HEADER, .events = NONE },
	{ "inner frame with 9 VLAN tags: too_many_vlan_tags", NULL,
	  build_too_many_vlan_tags, .port = 32766, .thresholds = KEEP,
	  .verdict = XDP_DROP,
	  .counter = CNT_DROP_BASE + INT_E_TOO_MANY_VLAN_TAGS, .events = NONE },
	{ "Report Length 0xFF (runs to the end): decoded, no INT", NULL,
	  build_length_to_end, .port = 32766, .thresholds = KEEP,
	  .verdict = XDP_DROP, .counter = CNT_REPORTS_NO_INT, .events = NONE },
	{ "INT-MD data packet to another port: passed",
	  "int_md_v2_1_udp_all_3h", .port = 32766, .thresholds = KEEP,
	  .verdict = XDP_PASS, .counter = CNT_PASSED, .events = NONE },
	{ "a report's bytes over TCP: passed", NULL, build_not_udp,
	  .port = 32766, .thresholds = KEEP, .verdict = XDP_PASS,
	  .counter = CNT_PASSED, .events = NONE },
	{ "a report to another port than config.report_port: passed",
	  "tr1_0_eth_all_3h", .port = 32766, .thresholds = KEEP,
	  .verdict = XDP_PASS, .counter = CNT_PASSED, .events = NONE },
};

#endif /* FIXTURES_H */
