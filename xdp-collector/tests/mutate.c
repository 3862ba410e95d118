// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * mutate - writes damaged copies of golden vector frames into one pcap, for
 * the differential test int-decode vs sonde-decode (tests/golden.sh): per
 * frame and copy, one to three bytes after the Ethernet header replaced
 * (random, 0x00, 0xFF, +-1), or the frame cut short.  Deterministic for a
 * seed.
 *
 *   mutate SEED COPIES OUT.pcap FILE.hex...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t state;

static uint32_t next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (uint32_t)state;
}

static void put32(FILE *out, uint32_t v)
{
	unsigned char b[4] = { v, v >> 8, v >> 16, v >> 24 };

	fwrite(b, 1, 4, out);
}

static void damage(unsigned char *f, uint32_t len)
{
	uint32_t k, n = 1 + next() % 3, pos;

	for (k = 0; k < n; k++) {
		pos = 14 + next() % (len - 14);
		switch (next() % 4) {
		case 0:
			f[pos] = (unsigned char)next();
			break;
		case 1:
			f[pos] = 0;
			break;
		case 2:
			f[pos] = 0xFF;
			break;
		default:
			f[pos] += next() % 2 ? 1 : 0xFF;
			break;
		}
	}
}

int main(int argc, char **argv)
{
	static unsigned char orig[65536], f[65536];
	unsigned int byte;
	uint32_t len, n, k, copies, i;
	FILE *out, *in;
	int a;

	if (argc < 5 || !(out = fopen(argv[3], "wb"))) {
		fputs("Usage: mutate SEED COPIES OUT.pcap FILE.hex...\n",
		      stderr);
		return 2;
	}
	state = strtoull(argv[1], NULL, 10) | 1;
	copies = (uint32_t)atoi(argv[2]);
	put32(out, 0xa1b2c3d4);
	put32(out, 2 | 4 << 16);
	put32(out, 0);
	put32(out, 0);
	put32(out, 262144);
	put32(out, 1);
	for (a = 4; a < argc; a++) {
		in = fopen(argv[a], "r");
		if (!in)
			return 1;
		for (len = 0;
		     len < sizeof(orig) && fscanf(in, "%2x", &byte) == 1;)
			orig[len++] = (unsigned char)byte;
		fclose(in);
		for (i = 0; i < copies && len > 14; i++) {
			for (k = 0; k < len; k++)
				f[k] = orig[k];
			n = len;
			if (next() % 5 == 0)
				n = 14 + next() % (len - 14);
			else
				damage(f, len);
			put32(out, 1700000000);
			put32(out, i);
			put32(out, n);
			put32(out, n);
			fwrite(f, 1, n, out);
		}
	}
	return fclose(out) ? 1 : 0;
}
