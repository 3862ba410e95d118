// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * frame-feed - receives UDP datagrams on 127.0.0.1:PORT (the emulator's
 * --agent-feed) and writes each payload, a whole Ethernet frame, onto an
 * interface through an AF_PACKET socket: how the emulated network's INT-MD
 * traffic reaches a NIC agent on a veth.  Prints its counters as one line
 * when it ends (SIGTERM, SIGINT, or after -n frames).
 *
 *   frame-feed -i IFACE -p PORT [-n FRAMES] [-r READY_FILE]
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <net/if.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#define MAX_FRAME 65535
/* A virtual-time emulator sends in bursts: a deep socket buffer absorbs them. */
#define RCVBUF_BYTES (16 << 20)

struct feed_counters {
	unsigned long long in;
	unsigned long long out;
	unsigned long long errors;
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int open_udp(int port)
{
	struct sockaddr_in addr = { .sin_family = AF_INET,
				    .sin_port = htons(port) };
	/* A timeout lets the loop see a signal that came just before recv. */
	struct timeval tick = { .tv_usec = 200000 };
	int size = RCVBUF_BYTES;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		return -errno;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tick, sizeof(tick));
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

static int open_packet(const char *ifname, struct sockaddr_ll *to)
{
	/* Protocol 0: the socket only sends, so it never queues what the
	 * interface receives. */
	int fd = socket(AF_PACKET, SOCK_RAW, 0);

	if (fd < 0)
		return -errno;
	memset(to, 0, sizeof(*to));
	to->sll_family = AF_PACKET;
	to->sll_ifindex = if_nametoindex(ifname);
	to->sll_halen = ETH_ALEN;
	if (!to->sll_ifindex) {
		close(fd);
		return -ENODEV;
	}
	return fd;
}

static void print_counters(const struct feed_counters *c)
{
	printf("frame-feed: frames_in %llu frames_out %llu errors %llu\n",
	       c->in, c->out, c->errors);
	fflush(stdout);
}

static void feed(int udp, int raw, struct sockaddr_ll *to,
		 unsigned long long limit, struct feed_counters *c)
{
	static unsigned char frame[MAX_FRAME];

	while (!stop && (!limit || c->in < limit)) {
		ssize_t n = recv(udp, frame, sizeof(frame), 0);

		if (n < 0) {
			if (errno != EINTR && errno != EAGAIN)
				c->errors++;
			continue;
		}
		c->in++;
		if (n < ETH_HLEN) {
			c->errors++;
			continue;
		}
		memcpy(to->sll_addr, frame, ETH_ALEN);
		if (sendto(raw, frame, n, 0, (struct sockaddr *)to,
			   sizeof(*to)) == n)
			c->out++;
		else
			c->errors++;
	}
}

static int write_ready(const char *path, int port)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	fprintf(f, "127.0.0.1:%d\n", port);
	return fclose(f) ? -errno : 0;
}

int main(int argc, char **argv)
{
	/* No SA_RESTART: a signal must end the blocking recv. */
	struct sigaction sa = { .sa_handler = on_signal };
	struct feed_counters counters = { 0 };
	const char *ifname = NULL, *ready = NULL;
	unsigned long long limit = 0;
	struct sockaddr_ll to;
	int opt, port = 0, udp, raw;

	while ((opt = getopt(argc, argv, "i:p:n:r:")) != -1) {
		switch (opt) {
		case 'i':
			ifname = optarg;
			break;
		case 'p':
			port = atoi(optarg);
			break;
		case 'n':
			limit = strtoull(optarg, NULL, 10);
			break;
		case 'r':
			ready = optarg;
			break;
		default:
			goto usage;
		}
	}
	if (!ifname || port <= 0 || port > 65535)
		goto usage;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	udp = open_udp(port);
	if (udp < 0) {
		fprintf(stderr, "frame-feed: 127.0.0.1:%d: %s\n", port,
			strerror(-udp));
		return 1;
	}
	raw = open_packet(ifname, &to);
	if (raw < 0) {
		fprintf(stderr, "frame-feed: %s: %s\n", ifname, strerror(-raw));
		close(udp);
		return 1;
	}
	if (ready && write_ready(ready, port) < 0)
		fprintf(stderr, "frame-feed: cannot write %s\n", ready);
	feed(udp, raw, &to, limit, &counters);
	print_counters(&counters);
	close(raw);
	close(udp);
	return counters.errors ? 3 : 0;
usage:
	fprintf(stderr,
		"usage: frame-feed -i IFACE -p PORT [-n FRAMES] [-r READY_FILE]\n");
	return 2;
}
