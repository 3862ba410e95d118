// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * fuzz_parse - libFuzzer target for the host build of the parser and the
 * detector, fed directly or by libpcap from a capture file.  The first input
 * byte chooses what the rest is: a frame of one of the link types (content
 * recognition or a forced report port, as int-decode decodes it, and as the
 * XDP program decodes a report payload), or a whole pcap / pcapng file.
 * Ethernet frames also go through the XDP fast path (int_fast.h), which must
 * decline them or give the general path's events (tests/fast_same.h).
 *
 *   clang -fsanitize=fuzzer,address,undefined ... ; fuzz_parse -max_total_time=60 CORPUS
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "int_detect.h"
#include "int_frame.h"
#include "int_json.h"
#include "int_pcap.h"
#include "fast_same.h"

static const __u32 links[8] = {
	INT_LINK_ETHERNET, INT_LINK_ETHERNET, INT_LINK_IPV4, INT_LINK_IPV6,
	INT_LINK_RAW,	   INT_LINK_SLL,      INT_LINK_SLL2, INT_LINK_NULL,
};

static struct int_frame frame;
static struct int_detect_acc acc;
static FILE *sink;

static void decode(const unsigned char *data, size_t len, __u32 link, int port)
{
	struct int_pkt p = { .data = data, .end = data + len };
	int err;

	memset(&frame, 0, sizeof(frame));
	err = int_decode_frame(&p, link, port, &frame);
	int_json_line(sink, 1, err, &frame);
	if (!err) {
		host_reset_events();
		int_host.now_ns++;
		int_detect(&frame, &acc, int_host.now_ns);
	}
	/* the XDP fast path declines or matches the general path */
	if (link == INT_LINK_ETHERNET &&
	    !fs_same(p.data, (__u32)len, 32766, &err))
		abort();
	/* what the XDP program does with a report's UDP payload */
	memset(&frame, 0, sizeof(frame));
	if (!int_report_frame(&p, 0, (__u32)len, INT_MAX_HOPS, &frame))
		int_json_line(sink, 2, 0, &frame);
}

static void read_capture(const unsigned char *data, size_t len, int port)
{
	FILE *in = fmemopen((void *)data, len, "rb");
	char error[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *h;
	const u_char *frame_data;
	pcap_t *cap;
	int n = 0;

	if (!in)
		return;
	cap = pcap_fopen_offline(in, error);
	if (!cap) {
		fclose(in);
		return;
	}
	while (n++ < 64 && pcap_next_ex(cap, &h, &frame_data) == 1)
		decode(frame_data, h->caplen, int_pcap_link(cap), port);
	pcap_close(cap);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *copy;
	__u8 sel;

	if (!sink) {
		sink = fopen("/dev/null", "w");
		host_state_init(4096, 1024);
		int_host.thresholds[METRIC_HOP_LATENCY] = 100;
	}
	if (size < 1)
		return 0;
	sel = data[0];
	/* an exact-size copy, so that ASan sees any read past the frame */
	copy = malloc(size - 1 ? size - 1 : 1);
	memcpy(copy, data + 1, size - 1);
	if (sel & 0x10)
		read_capture(copy, size - 1, (sel & 0x08) ? 32766 : -1);
	else
		decode(copy, size - 1, links[sel & 7],
		       (sel & 0x08) ? 32766 : -1);
	free(copy);
	return 0;
}
