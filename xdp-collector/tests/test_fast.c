// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * test_fast - the XDP fast path (int_fast.h) against the general path on the
 * host (tests/fast_same.h): on every golden vector and benchmark frame, and on
 * damaged copies of the frames it takes (every byte set to 0x00, 0xFF,
 * flipped, one up, one down, bit 2 or bit 3 toggled), it declines or gives
 * the same events one for one.  The vectors of
 * its kind (TR2.0 over Ethernet/IPv4/UDP, INT-MD v2.1, all fields) must take it.
 *
 *   test_fast VECTORS_DIR [FRAMES_DIR [CAPTURE...]]
 *
 * CAPTURE: pcap/pcapng files whose Ethernet frames are compared too (their
 * fast-path frames damaged as well), e.g. an emulator capture.
 */
#include <dirent.h>
#include <stdio.h>

#include "fast_same.h"
#include "int_pcap.h"

static int passed, failed;
static long mutants,
	mutants_fast; /* damaged copies, of them by the fast path */

static int read_hex(const char *path, unsigned char *buf)
{
	FILE *in = fopen(path, "r");
	unsigned int byte;
	int len = 0;

	if (!in)
		return -1;
	while (len < 9000 && fscanf(in, "%2x", &byte) == 1)
		buf[len++] = byte;
	fclose(in);
	return len;
}

/* The frame and its damaged copies; returns whether the frame took the fast path. */
static int check(const char *name, unsigned char *f, int len, __u32 port)
{
	static const unsigned char fill[2] = { 0x00, 0xFF };
	int taken, t, i, k, bad = 0, took = 0;
	unsigned char keep;

	if (!fs_same(f, len, port, &taken)) {
		fprintf(stderr, "FAIL %s: fast path differs\n", name);
		failed++;
		return 0;
	}
	passed++;
	if (!taken)
		return 0;
	for (i = 0; i < len; i++) {
		/* why +-1 and bits 2, 3: lengths one off, the shim's NPT (0x10 ->
		 * 0x14, 0x18), DSCP marks, version nibbles
		 */
		const unsigned char v[7] = { fill[0],	 fill[1],  ~f[i],
					     f[i] + 1,	 f[i] - 1, f[i] ^ 0x04,
					     f[i] ^ 0x08 };

		keep = f[i];
		for (k = 0; k < 7; k++) {
			f[i] = v[k];
			if (!fs_same(f, len, port, &t)) {
				if (!bad++)
					fprintf(stderr,
						"FAIL %s: byte %d = %02x: fast path differs\n",
						name, i, f[i]);
			}
			took += t;
			mutants++;
			mutants_fast += t;
		}
		f[i] = keep;
	}
	/* and every shorter frame */
	for (i = 1; i < len; i++)
		if (!fs_same(f, len - i, port, &t) && !bad++)
			fprintf(stderr, "FAIL %s: cut to %d bytes: differs\n",
				name, len - i);
	if (bad)
		failed++;
	else
		passed++;
	(void)took;
	return 1;
}

int main(int argc, char **argv)
{
	static const __u32 ports[3] = { 32766, 54321, 8086 };
	const char *vectors =
		argc > 1 ? argv[1]
			 : "../p4-programs/src/test/resources/vectors";
	const char *frames = argc > 2 ? argv[2] : NULL;
	static unsigned char f[9000];
	char path[1024];
	struct dirent *d;
	DIR *dir;
	int len, n, j, taken_all = 0, want_all = 0, took;

	int_host.thresholds[METRIC_HOP_LATENCY] = 100;
	dir = opendir(vectors);
	if (!dir) {
		fprintf(stderr, "test_fast: no %s\n", vectors);
		return 1;
	}
	while ((d = readdir(dir))) {
		n = strlen(d->d_name);
		if (n < 5 || strcmp(d->d_name + n - 4, ".hex"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", vectors, d->d_name);
		len = read_hex(path, f);
		if (len <= 0)
			continue;
		took = 0;
		for (j = 0; j < 3; j++)
			took |= check(d->d_name, f, len, ports[j]);
		/* its own kind: all fields, over Ethernet, to 8 hops */
		if (!strncmp(d->d_name, "tr2_0_eth_all_", 14) &&
		    strcmp(d->d_name, "tr2_0_eth_all_0h.hex")) {
			want_all++;
			taken_all += took;
			if (!took)
				fprintf(stderr,
					"FAIL %s: fast path not taken\n",
					d->d_name);
		}
	}
	closedir(dir);
	if (want_all && taken_all == want_all)
		passed++;
	else
		failed++;
	for (j = 0; frames && j < 8; j++) {
		static const int hops[4] = { 1, 3, 6, 8 };

		snprintf(path, sizeof(path), "%s/%s_%dh.hex", frames,
			 j < 4 ? "steady" : "change", hops[j % 4]);
		len = read_hex(path, f);
		if (len <= 0 || !check(path, f, len, 32766)) {
			fprintf(stderr, "FAIL %s: fast path not taken\n", path);
			failed++;
		}
	}
	for (j = 3; j < argc; j++) {
		char error[PCAP_ERRBUF_SIZE];
		pcap_t *cap = pcap_open_offline(argv[j], error);
		struct pcap_pkthdr *h;
		const u_char *data;
		int frames = 0, fast = 0;

		if (!cap) {
			fprintf(stderr, "FAIL %s: %s\n", argv[j], error);
			failed++;
			continue;
		}
		/* why: damaging every frame of a big capture takes minutes */
		while (pcap_next_ex(cap, &h, &data) == 1) {
			if (int_pcap_link(cap) != INT_LINK_ETHERNET ||
			    h->caplen > sizeof(f))
				continue;
			memcpy(f, data, h->caplen);
			if (frames++ < 20) {
				fast += check(argv[j], f, h->caplen, 32766);
				continue;
			}
			if (!fs_same(f, h->caplen, 32766, &took)) {
				fprintf(stderr, "FAIL %s: frame %d differs\n",
					argv[j], frames);
				failed++;
			} else {
				passed++;
				fast += took;
			}
		}
		pcap_close(cap);
		printf("test_fast: %s: %d frames, %d by the fast path\n",
		       argv[j], frames, fast);
	}
	host_state_free();
	printf("test_fast: %ld damaged copies, %ld of them by the fast path\n",
	       mutants, mutants_fast);
	printf("test_fast: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
