// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* capture.c - see capture.h.  File layouts: libpcap's pcap(5) and the pcapng draft. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"

#define PCAP_MAX_SNAPLEN 262144U
#define PCAPNG_MAX_BLOCK (16U * 1024 * 1024)
#define INSTANT_MIN_S (-31557014167219200LL)
#define INSTANT_MAX_S 31556889864403199LL

static int fail(struct capture *c, const char *reason, uint64_t at,
		const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(c->error, sizeof(c->error), "%s at byte %llu: ", reason,
		     (unsigned long long)at);
	va_start(ap, fmt);
	vsnprintf(c->error + n, sizeof(c->error) - n, fmt, ap);
	va_end(ap);
	c->failed = 1;
	return -1;
}

static size_t read_up_to(struct capture *c, void *dst, size_t n)
{
	size_t got = fread(dst, 1, n, c->in);

	c->pos += got;
	return got;
}

static int read_exactly(struct capture *c, void *dst, size_t n, uint64_t start,
			const char *what)
{
	size_t got = read_up_to(c, dst, n);

	if (got < n)
		return fail(c, "TRUNCATED", start,
			    "the file ends %zu of %zu bytes into the %s", got,
			    n, what);
	return 0;
}

static int grow(struct capture *c, size_t n)
{
	unsigned char *b;

	if (n <= c->cap)
		return 0;
	b = realloc(c->buf, n);
	if (!b)
		return -ENOMEM;
	c->buf = b;
	c->cap = n;
	return 0;
}

static uint16_t get16(const struct capture *c, const unsigned char *b)
{
	return c->big_endian ? (b[0] << 8) | b[1] : (b[1] << 8) | b[0];
}

static uint32_t get32(const struct capture *c, const unsigned char *b)
{
	return c->big_endian ? ((uint32_t)b[0] << 24) | (b[1] << 16) |
				       (b[2] << 8) | b[3]
			     : ((uint32_t)b[3] << 24) | (b[2] << 16) |
				       (b[1] << 8) | b[0];
}

static int classic_open(struct capture *c)
{
	unsigned char h[20];
	uint32_t snap;

	if (read_exactly(c, h, sizeof(h), 0, "pcap file header"))
		return -1;
	if (get16(c, h) != 2)
		return fail(c, "UNSUPPORTED_VERSION", 0,
			    "pcap version %u.%u (only 2.x exists)", get16(c, h),
			    get16(c, h + 2));
	snap = get32(c, h + 12);
	c->snaplen = (snap == 0 || snap > PCAP_MAX_SNAPLEN) ? PCAP_MAX_SNAPLEN
							    : snap;
	c->link = get32(c, h + 16) & 0xFFFF;
	return 0;
}

static int classic_next(struct capture *c, struct captured *f, uint64_t n)
{
	unsigned char h[16];
	uint64_t start = c->pos;
	size_t got = read_up_to(c, h, sizeof(h));
	uint32_t caplen, origlen;

	if (got == 0)
		return 0;
	if (got < sizeof(h))
		return fail(
			c, "TRUNCATED", start,
			"the file ends %zu of 16 bytes into the header of packet %llu",
			got, (unsigned long long)n);
	caplen = get32(c, h + 8);
	origlen = get32(c, h + 12);
	if (caplen > c->snaplen)
		return fail(
			c, "BAD_RECORD_LENGTH", start,
			"packet %llu claims %u captured bytes, more than the snapshot length %u",
			(unsigned long long)n, caplen, c->snaplen);
	if (origlen > 0x7FFFFFFFU)
		return fail(c, "BAD_RECORD_LENGTH", start,
			    "packet %llu claims an original length of %u bytes",
			    (unsigned long long)n, origlen);
	if (grow(c, caplen ? caplen : 1))
		return fail(c, "TRUNCATED", start, "out of memory");
	if (read_exactly(c, c->buf, caplen, start, "packet data"))
		return -1;
	f->data = c->buf;
	f->len = caplen;
	f->link = c->link;
	return 1;
}

static int block_length_ok(struct capture *c, uint64_t len, uint32_t min,
			   uint64_t start, const char *what)
{
	if (len < min || len % 4 || len > PCAPNG_MAX_BLOCK)
		return fail(c, "BAD_BLOCK_LENGTH", start,
			    "%s claims a total length of %llu", what,
			    (unsigned long long)len);
	return 0;
}

static int section_header(struct capture *c, uint64_t start, int first)
{
	unsigned char h[8];
	uint32_t bom, len;

	if (read_exactly(c, h, sizeof(h), start, "section header"))
		return -1;
	bom = ((uint32_t)h[4] << 24) | (h[5] << 16) | (h[6] << 8) | h[7];
	if (bom == 0x1A2B3C4D)
		c->big_endian = 1;
	else if (bom == 0x4D3C2B1A)
		c->big_endian = 0;
	else
		return fail(
			c, first ? "NOT_A_CAPTURE" : "BAD_SECTION_HEADER",
			start,
			"section header without the byte-order magic 1a2b3c4d (found %x)",
			bom);
	len = get32(c, h);
	if (block_length_ok(c, len, 28, start, "section header"))
		return -1;
	if (grow(c, len))
		return fail(c, "TRUNCATED", start, "out of memory");
	if (read_exactly(c, c->buf, len - 12, start, "section header"))
		return -1;
	if (get32(c, c->buf + len - 16) != len)
		return fail(c, "BAD_BLOCK_LENGTH", start,
			    "block starts with length %u but ends with %u", len,
			    get32(c, c->buf + len - 16));
	if (get16(c, c->buf) != 1)
		return fail(c, "UNSUPPORTED_VERSION", start,
			    "pcapng section version %u.%u (only 1.x exists)",
			    get16(c, c->buf), get16(c, c->buf + 2));
	c->n_ifaces = 0;
	return 0;
}

static int interface_block(struct capture *c, const unsigned char *b,
			   uint32_t len, uint64_t start)
{
	struct capture_iface i = { .exponent = 6 };
	uint32_t at = 8, code, vlen, v;

	if (len < 8)
		return fail(
			c, "BAD_BLOCK_LENGTH", start,
			"an interface description needs 8 body bytes, the block has %u",
			len);
	i.link = get16(c, b);
	i.snaplen = get32(c, b + 4);
	while (at <= len && len - at >= 4) {
		code = get16(c, b + at);
		vlen = get16(c, b + at + 2);
		if (code == 0)
			break;
		if (vlen > len - at - 4)
			return fail(c, "BAD_OPTION", start,
				    "option %u claims %u bytes", code, vlen);
		if (code == 9) {
			if (vlen != 1)
				return fail(
					c, "BAD_OPTION", start,
					"if_tsresol must be 1 bytes long, not %u",
					vlen);
			v = b[at + 4];
			i.pow2 = !!(v & 0x80);
			i.exponent = v & 0x7F;
			if (i.exponent > (i.pow2 ? 63 : 19))
				return fail(
					c, "BAD_OPTION", start,
					"if_tsresol 0x%x is finer than a 64-bit count allows",
					v);
		} else if (code == 14) {
			if (vlen != 8)
				return fail(
					c, "BAD_OPTION", start,
					"if_tsoffset must be 8 bytes long, not %u",
					vlen);
			i.offset_s =
				(int64_t)(c->big_endian
						  ? ((uint64_t)get32(c,
								     b + at + 4)
						     << 32) |
							    get32(c, b + at + 8)
						  : ((uint64_t)get32(c,
								     b + at + 8)
						     << 32) |
							    get32(c,
								  b + at + 4));
		}
		at += 4 + ((vlen + 3) & ~3U);
	}
	if (c->n_ifaces < CAPTURE_MAX_IFACES)
		c->ifaces[c->n_ifaces] = i;
	c->n_ifaces++;
	return 0;
}

/* sonde-decode refuses a timestamp java.time.Instant cannot hold. */
static int timestamp_ok(const struct capture_iface *i, uint64_t units)
{
	uint64_t per = 1, s;
	int64_t total;
	int k;

	if (i->pow2) {
		s = units >> i->exponent;
	} else {
		for (k = 0; k < i->exponent; k++)
			per *= 10;
		s = units / per;
	}
	if ((int64_t)s < 0)
		return 0;
	if (__builtin_add_overflow((int64_t)s, i->offset_s, &total))
		return 0;
	return total >= INSTANT_MIN_S && total <= INSTANT_MAX_S;
}

static int packet_block(struct capture *c, uint32_t type,
			const unsigned char *b, uint32_t len, uint64_t start,
			uint64_t n, struct captured *f)
{
	uint32_t ifid, cap, orig, room, fixed = type == 3 ? 4 : 20;
	const struct capture_iface *i;

	if (len < fixed)
		return fail(
			c, "BAD_BLOCK_LENGTH", start,
			"a packet block needs %u body bytes, this one has %u",
			fixed, len);
	ifid = type == 6 ? get32(c, b) : type == 2 ? get16(c, b) : 0;
	if (ifid >= c->n_ifaces || ifid >= CAPTURE_MAX_IFACES)
		return fail(
			c, "UNKNOWN_INTERFACE", start,
			"packet on interface %u, but its section describes %u interface(s)",
			ifid, c->n_ifaces);
	i = &c->ifaces[ifid];
	room = len - fixed;
	if (type == 3) {
		orig = get32(c, b);
		cap = (i->snaplen == 0 || orig < i->snaplen) ? orig
							     : i->snaplen;
		if (cap > room)
			return fail(
				c, "BAD_RECORD_LENGTH", start,
				"simple packet %llu needs %u bytes, its block holds %u",
				(unsigned long long)n, cap, room);
	} else {
		cap = get32(c, b + 12);
		orig = get32(c, b + 16);
		if (cap > room)
			return fail(
				c, "BAD_RECORD_LENGTH", start,
				"packet %llu claims %u captured bytes, its block holds %u",
				(unsigned long long)n, cap, room);
		if (!timestamp_ok(i, ((uint64_t)get32(c, b + 4) << 32) |
					     get32(c, b + 8)))
			return fail(c, "BAD_TIMESTAMP", start,
				    "timestamp is out of range");
	}
	if (orig > 0x7FFFFFFFU)
		return fail(c, "BAD_RECORD_LENGTH", start,
			    "packet %llu claims an original length of %u bytes",
			    (unsigned long long)n, orig);
	f->data = b + fixed;
	f->len = cap;
	f->link = i->link;
	return 1;
}

static int pcapng_next(struct capture *c, struct captured *f, uint64_t n)
{
	unsigned char h[4];
	uint64_t start;
	uint32_t type, len;
	size_t got;
	int r;

	for (;;) {
		start = c->pos;
		got = read_up_to(c, h, 4);
		if (got == 0)
			return 0;
		if (got < 4)
			return fail(c, "TRUNCATED", start,
				    "the file ends %zu bytes into a block type",
				    got);
		type = get32(c, h);
		if (type == 0x0A0D0D0A) {
			if (section_header(c, start, 0))
				return -1;
			continue;
		}
		if (read_exactly(c, h, 4, start, "block header"))
			return -1;
		len = get32(c, h);
		if (block_length_ok(c, len, 12, start, "block"))
			return -1;
		if (grow(c, len))
			return fail(c, "TRUNCATED", start, "out of memory");
		if (read_exactly(c, c->buf, len - 8, start, "block"))
			return -1;
		if (get32(c, c->buf + len - 12) != len)
			return fail(
				c, "BAD_BLOCK_LENGTH", start,
				"block starts with length %u but ends with %u",
				len, get32(c, c->buf + len - 12));
		if (type == 1) {
			if (interface_block(c, c->buf, len - 12, start))
				return -1;
		} else if (type == 2 || type == 3 || type == 6) {
			r = packet_block(c, type, c->buf, len - 12, start, n,
					 f);
			if (r)
				return r;
		}
	}
}

int capture_open(struct capture *c, FILE *in)
{
	static const unsigned char magics[5][4] = {
		{ 0xa1, 0xb2, 0xc3, 0xd4 }, { 0xd4, 0xc3, 0xb2, 0xa1 },
		{ 0xa1, 0xb2, 0x3c, 0x4d }, { 0x4d, 0x3c, 0xb2, 0xa1 },
		{ 0x0a, 0x0d, 0x0d, 0x0a },
	};
	unsigned char m[4];
	size_t got;
	int k;

	memset(c, 0, sizeof(*c));
	c->in = in;
	got = read_up_to(c, m, 4);
	if (got == 4) {
		for (k = 0; k < 5; k++) {
			if (memcmp(m, magics[k], 4))
				continue;
			if (k == 4) {
				c->pcapng = 1;
				return section_header(c, 0, 1);
			}
			c->big_endian = k % 2 == 0;
			c->nanoseconds = k >= 2;
			return classic_open(c);
		}
		return fail(
			c, "NOT_A_CAPTURE", 0,
			"no pcap or pcapng magic number at the start (found %02x%02x%02x%02x)",
			m[0], m[1], m[2], m[3]);
	}
	if (got == 0)
		return fail(c, "NOT_A_CAPTURE", 0, "the file is empty");
	for (k = 0; k < 5; k++)
		if (!memcmp(m, magics[k], got))
			return fail(
				c, "TRUNCATED", 0,
				"the file ends %zu bytes into its magic number",
				got);
	return fail(c, "NOT_A_CAPTURE", 0,
		    "no pcap or pcapng magic number at the start");
}

int capture_next(struct capture *c, struct captured *f)
{
	if (c->failed)
		return -1;
	c->frames++;
	return c->pcapng ? pcapng_next(c, f, c->frames)
			 : classic_next(c, f, c->frames);
}

void capture_close(struct capture *c)
{
	free(c->buf);
	c->buf = NULL;
	c->cap = 0;
}
