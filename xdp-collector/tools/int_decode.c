// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * int-decode - the C twin of sonde-decode (docs/SONDE_DECODE.md): prints one
 * JSON object per frame of each pcap or pcapng FILE, built from the same
 * parser the XDP collector runs, reading the files through libpcap.  Its
 * output must equal sonde-decode's byte for byte (tests/golden.sh).
 *
 *   int-decode [--report-port N] [--hex] FILE...
 *
 * --hex reads each FILE as the hex text of one Ethernet frame (the golden
 * vectors' NAME.hex), printed as frame 1.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "int_frame.h"
#include "int_json.h"
#include "int_pcap.h"

#define EXIT_UNREADABLE 1
#define EXIT_USAGE 2

static const char usage[] =
	"Usage: int-decode [--report-port N] [--hex] FILE...\n"
	"Prints one JSON object per frame of each pcap or pcapng FILE (JSON Lines);\n"
	"FILE - reads standard input.\n"
	"Telemetry reports are recognised by their content on any UDP port; INT-MD is\n"
	"decoded at the start of TCP and UDP payloads.\n"
	"  --report-port N  also decode every UDP datagram to port N as a report\n"
	"  --hex            each FILE is one Ethernet frame as hex text\n"
	"  --help           this text\n"
	"Exit status: 0 ok, 1 a file could not be read (to its end), 2 bad usage.";

static struct int_frame frame;

static void print_frame(unsigned long long n, const unsigned char *data,
			__u32 len, __u32 link, int port)
{
	struct int_pkt p = { .data = data, .end = data + len };
	int err;

	memset(&frame, 0, sizeof(frame));
	err = int_decode_frame(&p, link, port, &frame);
	int_json_line(stdout, n, err, &frame);
	fputc('\n', stdout);
}

static int decode_capture(const char *name, int port)
{
	/* why: libpcap closes the stream, and "-" may be named twice */
	FILE *in = strcmp(name, "-") ? fopen(name, "rb")
				     : fdopen(dup(STDIN_FILENO), "rb");
	char error[PCAP_ERRBUF_SIZE];
	unsigned long long n = 0;
	struct pcap_pkthdr *h;
	const u_char *data;
	pcap_t *cap;
	int r;

	if (!in) {
		fprintf(stderr, "int-decode: %s: %s\n", name,
			errno == ENOENT ? "no such file" : strerror(errno));
		return -1;
	}
	cap = pcap_fopen_offline(in, error);
	if (!cap) {
		fprintf(stderr, "int-decode: %s: %s\n", name, error);
		fclose(in);
		return -1;
	}
	while ((r = pcap_next_ex(cap, &h, &data)) == 1)
		print_frame(++n, data, h->caplen, int_pcap_link(cap), port);
	if (r == PCAP_ERROR)
		fprintf(stderr, "int-decode: %s: %s\n", name, pcap_geterr(cap));
	pcap_close(cap);
	return r == PCAP_ERROR ? -1 : 0;
}

static int decode_hex(const char *name, int port)
{
	static unsigned char data[65536];
	FILE *in = fopen(name, "r");
	__u32 len = 0;
	int ch, hi = -1, v;

	if (!in) {
		fprintf(stderr, "int-decode: %s: %s\n", name, strerror(errno));
		return -1;
	}
	while ((ch = fgetc(in)) != EOF && len < sizeof(data)) {
		if (isspace(ch))
			continue;
		if (!isxdigit(ch)) {
			fprintf(stderr, "int-decode: %s: not hex\n", name);
			fclose(in);
			return -1;
		}
		v = isdigit(ch) ? ch - '0' : tolower(ch) - 'a' + 10;
		if (hi < 0) {
			hi = v;
		} else {
			data[len++] = (unsigned char)(hi << 4 | v);
			hi = -1;
		}
	}
	fclose(in);
	print_frame(1, data, len, INT_LINK_ETHERNET, port);
	return 0;
}

static int parse_port(const char *v)
{
	char *end;
	long port;

	errno = 0;
	port = strtol(v, &end, 10);
	if (!*v || *end || errno || port < 1 || port > 65535)
		return -1;
	return (int)port;
}

int main(int argc, char **argv)
{
	int port = -1, hex = 0, ended = 0, status = 0, files = 0, i;
	const char *v;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (ended || a[0] != '-' || !strcmp(a, "-")) {
			files++;
			continue;
		}
		if (!strcmp(a, "--")) {
			ended = 1;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			puts(usage);
			return 0;
		} else if (!strcmp(a, "--hex")) {
			hex = 1;
		} else if (!strncmp(a, "--report-port", 13) &&
			   (a[13] == '=' || !a[13])) {
			v = a[13] ? a + 14 : (i + 1 < argc ? argv[++i] : NULL);
			if (!v) {
				fprintf(stderr,
					"int-decode: --report-port needs a port number\n%s\n",
					usage);
				return EXIT_USAGE;
			}
			port = parse_port(v);
			if (port < 0) {
				fprintf(stderr,
					"int-decode: --report-port wants a UDP port 1-65535, not '%s'\n%s\n",
					v, usage);
				return EXIT_USAGE;
			}
		} else {
			fprintf(stderr, "int-decode: unknown option %s\n%s\n",
				a, usage);
			return EXIT_USAGE;
		}
	}
	if (!files) {
		fprintf(stderr, "int-decode: no capture file given\n%s\n",
			usage);
		return EXIT_USAGE;
	}
	ended = 0;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!ended && !strcmp(a, "--")) {
			ended = 1;
			continue;
		}
		if (!ended && a[0] == '-' && strcmp(a, "-")) {
			if (!strcmp(a, "--report-port"))
				i++;
			continue;
		}
		if ((hex ? decode_hex(a, port) : decode_capture(a, port)) < 0)
			status = EXIT_UNREADABLE;
		fflush(stdout);
	}
	return status;
}
