// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * send_frames - writes whole Ethernet frames (the golden vectors' NAME.hex)
 * onto an interface through an AF_PACKET socket, each REPEAT times, for the
 * veth smoke test.  Only for interfaces of a namespace the test created.
 *
 *   send_frames IFACE REPEAT FILE.hex...
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int read_hex(const char *path, unsigned char *buf, size_t cap)
{
	FILE *in = fopen(path, "r");
	int ch, hi = -1, v;
	size_t len = 0;

	if (!in)
		return -errno;
	while ((ch = fgetc(in)) != EOF && len < cap) {
		if (!isxdigit(ch))
			continue;
		v = isdigit(ch) ? ch - '0' : tolower(ch) - 'a' + 10;
		if (hi < 0) {
			hi = v;
		} else {
			buf[len++] = (unsigned char)(hi << 4 | v);
			hi = -1;
		}
	}
	fclose(in);
	return (int)len;
}

int main(int argc, char **argv)
{
	struct sockaddr_ll to = { .sll_family = AF_PACKET };
	unsigned char frame[9000];
	int fd, repeat, i, k, len, sent = 0;

	if (argc < 4) {
		fputs("Usage: send_frames IFACE REPEAT FILE.hex...\n", stderr);
		return 2;
	}
	to.sll_ifindex = (int)if_nametoindex(argv[1]);
	to.sll_protocol = htons(ETH_P_ALL);
	to.sll_halen = ETH_ALEN;
	repeat = atoi(argv[2]);
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (!to.sll_ifindex || fd < 0) {
		perror("send_frames");
		return 1;
	}
	for (i = 3; i < argc; i++) {
		len = read_hex(argv[i], frame, sizeof(frame));
		if (len < 14) {
			fprintf(stderr, "send_frames: %s: no frame\n", argv[i]);
			return 1;
		}
		memcpy(to.sll_addr, frame, ETH_ALEN);
		for (k = 0; k < repeat; k++) {
			if (sendto(fd, frame, len, 0, (struct sockaddr *)&to,
				   sizeof(to)) != len) {
				perror("send_frames: sendto");
				return 1;
			}
			sent++;
		}
	}
	close(fd);
	printf("send_frames: %d frames sent\n", sent);
	return 0;
}
