// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * agent_send - writes INT-MD data packets (tests/agent_frames.h: NPT 1 for
 * UDP, NPT 2 for TCP, the paper's four instructions) onto an interface
 * through an AF_PACKET socket, for the NIC agent's veth tests and bench.
 * Only for interfaces of a namespace the test created.
 *
 *   agent_send IFACE GROUP...
 *
 * A GROUP is PROTO,SRC,SPORT,DST,DPORT,COUNT,HOP[,HOP]... with a HOP
 * SWITCH/LATENCY/QUEUE/UTIL, source first: COUNT packets of that flow.
 * SRC and DST are both IPv4 or both IPv6 (UDP then with its checksum, as
 * IPv6 wants it).
 * With SPORT given as FIRST+N, the group is N flows, sports FIRST ..
 * FIRST+N-1, COUNT packets each, sent round robin.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "agent_frames.h"

#define SEND_MAX_HOPS 8

struct group {
	struct af_flow f;
	struct af_hop hops[SEND_MAX_HOPS];
	int n_hops;
	unsigned long flows, count;
};

static int parse(char *s, struct group *g)
{
	char *tok[6 + SEND_MAX_HOPS], *save = NULL, *plus;
	struct in_addr a;
	int n = 0, i;

	memset(g, 0, sizeof(*g));
	for (char *t = strtok_r(s, ",", &save);
	     t && n < (int)(sizeof(tok) / sizeof(*tok));
	     t = strtok_r(NULL, ",", &save))
		tok[n++] = t;
	if (n < 7)
		return -EINVAL;
	g->f.protocol = (__u8)atoi(tok[0]);
	if (g->f.protocol != 17 && g->f.protocol != 6)
		return -EINVAL;
	g->f.ipv6 = strchr(tok[1], ':') != NULL;
	if (g->f.ipv6) {
		if (inet_pton(AF_INET6, tok[1], g->f.src6) != 1 ||
		    inet_pton(AF_INET6, tok[3], g->f.dst6) != 1)
			return -EINVAL;
		g->f.udp_csum = 1;
	} else {
		if (!inet_aton(tok[1], &a))
			return -EINVAL;
		g->f.src = ntohl(a.s_addr);
		if (!inet_aton(tok[3], &a))
			return -EINVAL;
		g->f.dst = ntohl(a.s_addr);
	}
	g->f.sport = (__u16)atoi(tok[2]);
	plus = strchr(tok[2], '+');
	g->flows = plus ? strtoul(plus + 1, NULL, 10) : 1;
	g->f.dport = (__u16)atoi(tok[4]);
	g->count = strtoul(tok[5], NULL, 10);
	g->f.payload = 18;
	for (i = 6; i < n; i++) {
		struct af_hop *h = &g->hops[g->n_hops++];

		if (sscanf(tok[i], "%u/%u/%u/%u", &h->sw, &h->lat, &h->queue,
			   &h->util) != 4)
			return -EINVAL;
	}
	return g->flows ? 0 : -EINVAL;
}

int main(int argc, char **argv)
{
	struct sockaddr_ll to = { .sll_family = AF_PACKET };
	static __u8 orig[2048], frame[4096];
	unsigned long sent = 0, k, j;
	struct group g;
	int fd, i, len, olen;

	if (argc < 3) {
		fputs("Usage: agent_send IFACE GROUP...\n", stderr);
		return 2;
	}
	to.sll_ifindex = (int)if_nametoindex(argv[1]);
	to.sll_protocol = htons(ETH_P_ALL);
	to.sll_halen = ETH_ALEN;
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (!to.sll_ifindex || fd < 0) {
		perror("agent_send");
		return 1;
	}
	for (i = 2; i < argc; i++) {
		__u16 first;

		if (parse(argv[i], &g)) {
			fprintf(stderr, "agent_send: bad group %s\n", argv[i]);
			return 2;
		}
		first = g.f.sport;
		for (k = 0; k < g.count; k++) {
			for (j = 0; j < g.flows; j++) {
				g.f.sport = (__u16)(first + j);
				olen = af_original(&g.f, orig);
				len = af_encapsulate(&g.f, orig, olen, frame,
						     g.hops, g.n_hops,
						     AF_BITMAP_PAPER, 0x1000);
				memcpy(to.sll_addr, frame, ETH_ALEN);
				while (sendto(fd, frame, len, 0,
					      (struct sockaddr *)&to,
					      sizeof(to)) != len) {
					/* why: a full socket buffer is a pause, not a loss */
					if (errno != ENOBUFS &&
					    errno != EAGAIN) {
						perror("agent_send: sendto");
						return 1;
					}
					usleep(100);
				}
				sent++;
			}
		}
	}
	close(fd);
	printf("agent_send: %lu packets sent\n", sent);
	return 0;
}
