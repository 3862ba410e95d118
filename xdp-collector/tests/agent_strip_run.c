// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_strip_run - the NIC agent's INT removal through BPF_PROG_TEST_RUN:
 * the packet passed on is the original byte for byte over IPv4 and IPv6
 * (extension headers, VLAN tags, UDP checksums), and what does not parse
 * is passed on unchanged and counted by reason.
 *
 *   agent_strip_run
 */
#include "agent_run.h"

/* The original, encapsulated, through the program: the bytes passed on. */
static void strip_case(struct agent *skel, const char *what, struct af_flow f,
		       int hops, __u32 bitmap)
{
	__u8 o[2048], e[2048], out[4096];
	struct af_hop h[8];
	int len, elen, out_len = 0, i;
	__u64 before = counter(skel, AGENT_C_STRIPPED);

	for (i = 0; i < hops; i++) {
		h[i].sw = 0x01000000 + i;
		h[i].lat = 12345 * (i + 1);
		h[i].queue = 300 + i;
		h[i].util = 0xFFFF0000 + i;
	}
	len = af_original(&f, o);
	elen = af_encapsulate(&f, o, len, e, h, hops, bitmap, PORT);
	CHECK(what, run(skel, e, elen, out, &out_len) == XDP_PASS &&
			    out_len == len && !memcmp(out, o, len) &&
			    counter(skel, AGENT_C_STRIPPED) == before + 1);
	if (out_len != len || memcmp(out, o, len)) {
		fprintf(stderr, "  %s: %d bytes passed on, original %d\n", what,
			out_len, len);
		for (i = 0; i < out_len && i < len; i++)
			if (out[i] != o[i])
				fprintf(stderr, "  byte %d: %02x want %02x\n",
					i, out[i], o[i]);
	}
}

static void test_strip(void)
{
	struct agent *skel = open_agent(64);
	struct af_flow f = udp_flow(7);
	int i;

	CHECK("agent loads", skel);
	if (!skel)
		return;
	strip_case(skel, "UDP NPT 1, checksum 0", f, 5, AF_BITMAP_PAPER);
	f.udp_csum = 1;
	strip_case(skel, "UDP NPT 1, checksum", f, 5, AF_BITMAP_PAPER);
	for (i = 0; i < 40; i++) {
		f.sport = 1 + i * 1597;
		f.payload = i * 3;
		strip_case(skel, "UDP NPT 1, checksum, many", f, 1 + i % 8,
			   AF_BITMAP_PAPER);
	}
	f.vlan = 1;
	strip_case(skel, "UDP NPT 1 under a VLAN tag", f, 3, AF_BITMAP_PAPER);
	strip_case(skel, "UDP NPT 1, a bit skipped by width", f, 3,
		   AF_BITMAP_PAPER | 0x4000);
	strip_case(skel, "UDP NPT 1, more hops than kept", f, 10,
		   AF_BITMAP_PAPER);
	CHECK("hops_over_limit", counter(skel, AGENT_C_HOPS_OVER_LIMIT) == 1);
	f = udp_flow(8);
	f.protocol = 6;
	f.payload = 40;
	strip_case(skel, "TCP NPT 2", f, 5, AF_BITMAP_PAPER);
	f.vlan = 1;
	strip_case(skel, "TCP NPT 2 under a VLAN tag", f, 2, AF_BITMAP_PAPER);
	close_agent(skel);
}

/* A frame passed on as it came, with the counter up by one. */
static void unchanged(struct agent *skel, const char *what, const __u8 *in,
		      int len, int index)
{
	__u8 out[4096];
	int out_len = 0;
	__u64 before = counter(skel, index);

	CHECK(what, run(skel, in, len, out, &out_len) == XDP_PASS &&
			    out_len == len && !memcmp(out, in, len) &&
			    counter(skel, index) == before + 1);
}

static void test_unparsed(void)
{
	struct agent *skel = open_agent(64);
	struct af_flow f = udp_flow(9);
	struct af_hop h[5];
	__u8 o[2048], e[2048], b[2048];
	int len, elen, s = 14 + 20 + 8; /* the shim */

	CHECK("agent loads", skel);
	if (!skel)
		return;
	five_hops(h, 1000);
	len = af_original(&f, o);
	unchanged(skel, "UDP without INT", o, len, AGENT_C_PASSED_NO_INT);
	f.protocol = 6;
	len = af_original(&f, o);
	unchanged(skel, "TCP without INT", o, len, AGENT_C_PASSED_NO_INT);
	f.protocol = 17;
	len = af_original(&f, o);
	elen = af_encapsulate(&f, o, len, e, h, 5, AF_BITMAP_PAPER, PORT);

	memcpy(b, e, elen);
	b[s] = 2 << 4 | 1 << 2; /* shim type 2 */
	unchanged(skel, "shim type 2", b, elen, AGENT_C_UNPARSED_UNKNOWN_TYPE);
	memcpy(b, e, elen);
	b[s] = 1 << 4; /* NPT 0 */
	unchanged(skel, "NPT 0", b, elen, AGENT_C_UNPARSED_BAD_SHIM);
	memcpy(b, e, elen);
	b[s + 4] = 1 << 4; /* INT-MD version 1 */
	unchanged(skel, "version 1", b, elen, AGENT_C_UNPARSED_UNKNOWN_VERSION);
	memcpy(b, e, elen);
	b[s + 1] = 200; /* length past the datagram */
	unchanged(skel, "shim length", b, elen, AGENT_C_UNPARSED_BAD_LENGTH);
	memcpy(b, e, elen);
	b[s + 6] = 1; /* hop length below the bitmap's fields */
	unchanged(skel, "hop length", b, elen, AGENT_C_UNPARSED_BAD_LENGTH);
	memcpy(b, e, elen);
	b[14 + 20 + 4] = 0xFF; /* UDP length past the IP packet */
	unchanged(skel, "UDP length", b, elen, AGENT_C_UNPARSED_BAD_L4_HEADER);
	memcpy(b, e, elen);
	b[14] = 0x44; /* IHL 4 */
	unchanged(skel, "IP header length", b, elen,
		  AGENT_C_UNPARSED_BAD_IP_HEADER);
	unchanged(skel, "cut in the stack", e, s + 30,
		  AGENT_C_UNPARSED_TRUNCATED);
	memcpy(b, e, elen);
	b[14 + 2] = 0, b[14 + 3] = 0; /* total length 0 */
	unchanged(skel, "IPv4 total length 0", b, elen,
		  AGENT_C_UNPARSED_BAD_IP_HEADER);
	CHECK("no flow from what did not parse",
	      counter(skel, AGENT_C_INT_PACKETS) == 0 &&
		      counter(skel, AGENT_C_FLOWS_NEW) == 0);
	CHECK("packets", counter(skel, AGENT_C_PACKETS) == 11);
	close_agent(skel);
}

/* An IPv6 flow from 2001:db8::1 to 2001:db8:0:1::2. */
static struct af_flow ipv6_flow(__u8 protocol)
{
	struct af_flow f = { .sport = 40000,
			     .dport = 5001,
			     .protocol = protocol,
			     .payload = 30,
			     .udp_csum = 1,
			     .ipv6 = 1 };

	inet_pton(AF_INET6, "2001:db8::1", f.src6);
	inet_pton(AF_INET6, "2001:db8:0:1::2", f.dst6);
	return f;
}

/*
 * The UDP checksum of an Ethernet / VLAN / IPv6 / extension headers / UDP
 * frame verifies (the ones' complement sum over the pseudo header and the
 * datagram is all ones).  why its own walk: the frames' builder must not
 * be the only judge of the checksums it writes.
 */
static int ipv6_udp_csum_ok(const __u8 *b, int len)
{
	int at = 12, next, l4, ulen, i;
	__u32 sum = 0;

	while (b[at] == 0x81 && b[at + 1] == 0x00)
		at += 4;
	if (b[at] != 0x86 || b[at + 1] != 0xDD)
		return 0;
	at += 2;
	next = b[at + 6];
	for (i = 0; i < 8; i++)
		sum += b[at + 8 + 2 * i] << 8 | b[at + 9 + 2 * i];
	for (i = 8; i < 16; i++)
		sum += b[at + 8 + 2 * i] << 8 | b[at + 9 + 2 * i];
	l4 = at + 40;
	while (next == 0 || next == 60) {
		next = b[l4];
		l4 += (b[l4 + 1] + 1) * 8;
	}
	if (next != 17 || l4 + 8 > len)
		return 0;
	ulen = b[l4 + 4] << 8 | b[l4 + 5];
	if (ulen < 8 || l4 + ulen > len || !(b[l4 + 6] | b[l4 + 7]))
		return 0;
	sum += ulen + 17;
	for (i = 0; i + 1 < ulen; i += 2)
		sum += b[l4 + i] << 8 | b[l4 + i + 1];
	if (ulen & 1)
		sum += b[l4 + ulen - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xFFFF) + (sum >> 16);
	return sum == 0xFFFF;
}

/* The bucket of f's flow (ip_version 6, its addresses, ports and original protocol) in row 0. */
static struct agent_flow_bucket *ipv6_bucket_of(struct agent *skel,
						const struct af_flow *f)
{
	static struct agent_flow_row row;
	struct agent_flow_key k = { .src_port = f->sport,
				    .dst_port = f->dport,
				    .protocol = f->protocol,
				    .ip_version = 6 };
	__u32 zero = 0;
	int i;

	memcpy(k.src, f->src6, 16);
	memcpy(k.dst, f->dst6, 16);
	if (bpf_map__lookup_elem(skel->maps.flow_rows, &zero, sizeof(zero),
				 &row, sizeof(row), 0))
		return NULL;
	for (i = 0; i < AGENT_BUCKETS; i++)
		if (row.b[i].packets && !memcmp(&row.b[i].key, &k, sizeof(k)))
			return &row.b[i];
	return NULL;
}

/*
 * An IPv6 packet through the program: the original passed on byte for
 * byte (strip_case), its UDP checksum (NPT 1) valid before and after, and
 * its flow in the FlowCache under its IPv6 5-tuple with the hops' values.
 */
static void ipv6_case(struct agent *skel, const char *what, struct af_flow f)
{
	__u8 o[2048], e[2048];
	struct af_hop h[3] = { { 0x01000000, 12345, 300, 0xFFFF0000 },
			       { 0x01000001, 24690, 301, 0xFFFF0001 },
			       { 0x01000002, 37035, 302, 0xFFFF0002 } };
	struct agent_flow_bucket *bk;
	__u64 packets = counter(skel, AGENT_C_INT_PACKETS);
	int len, elen;

	strip_case(skel, what, f, 3, AF_BITMAP_PAPER);
	len = af_original(&f, o);
	elen = af_encapsulate(&f, o, len, e, h, 3, AF_BITMAP_PAPER, PORT);
	if (f.protocol == 17 && f.udp_csum)
		CHECK("the UDP checksum verifies with the INT and without",
		      ipv6_udp_csum_ok(e, elen) && ipv6_udp_csum_ok(o, len));
	bk = ipv6_bucket_of(skel, &f);
	CHECK("the IPv6 flow: version, addresses, ports, original protocol",
	      bk != NULL);
	CHECK("its hops", bk && bk->hops == 3 &&
				  bk->hop[0].switch_id == 0x01000000 &&
				  bk->hop[2].latency == 37035 &&
				  bk->e2e_latency == 12345 + 24690 + 37035);
	CHECK("an INT packet",
	      counter(skel, AGENT_C_INT_PACKETS) == packets + 1);
}

static void test_ipv6_strip(void)
{
	struct agent *skel = open_agent(1);
	struct af_flow f;
	int i;

	CHECK("agent loads", skel);
	if (!skel)
		return;
	f = ipv6_flow(17);
	ipv6_case(skel, "IPv6 UDP NPT 1, checksum", f);
	f.sport++, f.udp_csum = 0;
	ipv6_case(skel, "IPv6 UDP NPT 1, checksum 0 left 0", f);
	f.sport++, f.udp_csum = 1, f.hop_by_hop = 1;
	ipv6_case(skel, "IPv6 UDP NPT 1 behind hop-by-hop options", f);
	f.sport++, f.dest_opts = 16;
	ipv6_case(skel,
		  "IPv6 UDP NPT 1 behind hop-by-hop and destination options",
		  f);
	f.sport++, f.vlan = 1;
	ipv6_case(skel, "IPv6 UDP NPT 1 under a VLAN tag, extension headers",
		  f);
	f = ipv6_flow(6);
	ipv6_case(skel, "IPv6 TCP NPT 2", f);
	f.sport++, f.dest_opts = 8;
	ipv6_case(skel,
		  "IPv6 TCP NPT 2, Next Header restored in destination options",
		  f);
	f.sport++, f.hop_by_hop = 1, f.dest_opts = 0, f.vlan = 1;
	ipv6_case(skel, "IPv6 TCP NPT 2 under a VLAN tag behind hop-by-hop", f);
	CHECK("stripped", counter(skel, AGENT_C_STRIPPED) == 8);
	close_agent(skel);

	/* checksums of every fold: many ports, payloads and hop counts */
	skel = open_agent(64);
	if (!skel)
		return;
	f = ipv6_flow(17);
	for (i = 0; i < 40; i++) {
		f.sport = 1 + i * 1597;
		f.payload = i * 3;
		f.hop_by_hop = i & 1;
		strip_case(skel, "IPv6 UDP NPT 1, checksum, many", f, 1 + i % 8,
			   AF_BITMAP_PAPER);
	}
	/* the largest headers the copy holds: 14 + 40 + 192 + 8 = 254 bytes */
	f.hop_by_hop = 0, f.dest_opts = 192;
	strip_case(skel, "IPv6 NPT 1, 254 bytes of headers", f, 2,
		   AF_BITMAP_PAPER);
	f = ipv6_flow(6);
	f.dest_opts = 200;
	strip_case(skel, "IPv6 NPT 2, 254 bytes of headers", f, 2,
		   AF_BITMAP_PAPER);
	close_agent(skel);
}

/* Flow f's encapsulation over five hops into e; its length. */
static int ipv6_frame(const struct af_flow *f, __u8 *e)
{
	struct af_hop h[5];
	__u8 o[2048];
	int len = af_original(f, o);

	five_hops(h, 1000);
	return af_encapsulate(f, o, len, e, h, 5, AF_BITMAP_PAPER, PORT);
}

static void test_ipv6_unparsed(void)
{
	struct agent *skel = open_agent(64);
	struct af_flow f = ipv6_flow(17);
	int len, elen, l3 = 14, s = 14 + 40 + 8; /* the shim */
	__u8 o[2048], e[2048], b[2048];

	CHECK("agent loads", skel);
	if (!skel)
		return;
	len = af_original(&f, o);
	unchanged(skel, "IPv6 UDP without INT", o, len, AGENT_C_PASSED_NO_INT);
	f.protocol = 6;
	len = af_original(&f, o);
	unchanged(skel, "IPv6 TCP without INT", o, len, AGENT_C_PASSED_NO_INT);
	f.protocol = 17;
	elen = ipv6_frame(&f, e);
	unchanged(skel, "IPv6: cut in the stack", e, s + 30,
		  AGENT_C_UNPARSED_TRUNCATED);
	memcpy(b, e, elen);
	b[s] = 1 << 4; /* NPT 0 */
	unchanged(skel, "IPv6: NPT 0", b, elen, AGENT_C_UNPARSED_BAD_SHIM);
	memcpy(b, e, elen);
	b[s + 4] = 1 << 4; /* INT-MD version 1 */
	unchanged(skel, "IPv6: version 1", b, elen,
		  AGENT_C_UNPARSED_UNKNOWN_VERSION);
	memcpy(b, e, elen);
	b[s + 1] = 200; /* shim length past the datagram */
	unchanged(skel, "IPv6: shim length", b, elen,
		  AGENT_C_UNPARSED_BAD_LENGTH);
	memcpy(b, e, elen);
	b[s - 4] = 0xFF; /* UDP length past the payload length */
	unchanged(skel, "IPv6: UDP length", b, elen,
		  AGENT_C_UNPARSED_BAD_L4_HEADER);
	memcpy(b, e, elen);
	b[l3 + 4] = 0, b[l3 + 5] = 0; /* a jumbogram's payload length */
	unchanged(skel, "IPv6: payload length 0", b, elen,
		  AGENT_C_UNPARSED_BAD_IP_HEADER);
	f.dest_opts = 200;
	elen = ipv6_frame(&f, e);
	unchanged(skel, "IPv6 NPT 1: 262 bytes of headers", e, elen,
		  AGENT_C_UNPARSED_HEADERS_TOO_LONG);
	f.protocol = 6, f.dest_opts = 208;
	elen = ipv6_frame(&f, e);
	unchanged(skel, "IPv6 NPT 2: 262 bytes of headers", e, elen,
		  AGENT_C_UNPARSED_HEADERS_TOO_LONG);
	/* why not INT: the chain does not lead the parser to a UDP header */
	f.protocol = 17, f.dest_opts = 8;
	elen = ipv6_frame(&f, e);
	memcpy(b, e, elen);
	b[l3 + 41] = 250; /* destination options past the payload */
	unchanged(skel, "IPv6: extension header past the payload", b, elen,
		  AGENT_C_PASSED_NO_INT);
	CHECK("no flow from what did not parse",
	      counter(skel, AGENT_C_INT_PACKETS) == 0 &&
		      counter(skel, AGENT_C_FLOWS_NEW) == 0);
	close_agent(skel);
}

int main(void)
{
	test_strip();
	test_unparsed();
	test_ipv6_strip();
	test_ipv6_unparsed();
	printf("agent_strip_run: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
