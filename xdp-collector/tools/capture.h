/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * capture.h - reads classic pcap (µs and ns, either byte order) and pcapng
 * (sections, interfaces, enhanced / simple / obsolete packet blocks) frame
 * by frame, with sonde-decode's checks and its reasons for a damaged file.
 */
#ifndef CAPTURE_H
#define CAPTURE_H

#include <stdint.h>
#include <stdio.h>

#define CAPTURE_MAX_IFACES 256

struct capture_iface {
	uint32_t link;
	uint32_t snaplen;
	int pow2; /* if_tsresol: power of two */
	int exponent;
	int64_t offset_s; /* if_tsoffset */
};

struct capture {
	FILE *in;
	uint64_t pos; /* bytes read so far */
	int pcapng;
	int big_endian;
	int nanoseconds;
	uint32_t snaplen; /* classic pcap */
	uint32_t link;	  /* classic pcap */
	struct capture_iface ifaces[CAPTURE_MAX_IFACES];
	unsigned int n_ifaces;
	unsigned char *buf;
	size_t cap;
	int failed;
	uint64_t frames; /* frames asked for so far */
	char error[256]; /* "REASON at byte N: detail" */
};

struct captured {
	const unsigned char *data;
	uint32_t len;
	uint32_t link;
};

/* 0, or -1 with c->error set. */
int capture_open(struct capture *c, FILE *in);
/* 1 = a frame, 0 = end of file, -1 = damaged (c->error). */
int capture_next(struct capture *c, struct captured *f);
void capture_close(struct capture *c);

#endif /* CAPTURE_H */
