// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * hex2pcap - wraps golden vector frames (NAME.hex) into one classic pcap
 * (microseconds, little-endian, Ethernet), one record per file, in order.
 *
 *   hex2pcap OUT.pcap FILE.hex...
 *   hex2pcap --seeds DIR FILE.hex...   fuzz seeds: DIR/N = 0x01 + the frame
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void put32(FILE *out, uint32_t v)
{
	unsigned char b[4] = { v, v >> 8, v >> 16, v >> 24 };

	fwrite(b, 1, 4, out);
}

static int seeds(const char *dir, int n, char **files)
{
	static unsigned char frame[65536];
	char path[4096];
	unsigned int byte;
	FILE *in, *out;
	size_t len;
	int i;

	for (i = 0; i < n; i++) {
		in = fopen(files[i], "r");
		snprintf(path, sizeof(path), "%s/seed%03d", dir, i);
		out = fopen(path, "wb");
		if (!in || !out)
			return 1;
		frame[0] = 0x01;
		for (len = 1;
		     len < sizeof(frame) && fscanf(in, "%2x", &byte) == 1;)
			frame[len++] = byte;
		fwrite(frame, 1, len, out);
		fclose(in);
		fclose(out);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static unsigned char frame[65536];
	FILE *out, *in;
	unsigned int byte;
	int i;
	uint32_t len;

	if (argc > 2 && !strcmp(argv[1], "--seeds"))
		return seeds(argv[2], argc - 3, argv + 3);
	if (argc < 2 || !(out = fopen(argv[1], "wb"))) {
		fputs("Usage: hex2pcap OUT.pcap FILE.hex...\n", stderr);
		return 2;
	}
	put32(out, 0xa1b2c3d4);
	put32(out, 2 | 4 << 16); /* version 2.4 */
	put32(out, 0);
	put32(out, 0);
	put32(out, 262144);
	put32(out, 1); /* LINKTYPE_ETHERNET */
	for (i = 2; i < argc; i++) {
		in = fopen(argv[i], "r");
		if (!in) {
			perror(argv[i]);
			return 1;
		}
		for (len = 0;
		     len < sizeof(frame) && fscanf(in, "%2x", &byte) == 1;)
			frame[len++] = byte;
		fclose(in);
		put32(out, 1700000000 + i);
		put32(out, 0);
		put32(out, len);
		put32(out, len);
		fwrite(frame, 1, len, out);
	}
	return fclose(out) ? 1 : 0;
}
