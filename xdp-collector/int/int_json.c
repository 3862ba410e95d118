// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * int_json.c - sonde-decode's JSON Lines (docs/SONDE_DECODE.md): keys in the
 * issue's order, ", " and ": " separators, unsigned numbers, null for what a
 * frame does not carry.
 */
#include <stdio.h>

#include "int_json.h"

static const char *const error_names[INT_E_COUNT] = {
	[INT_E_TRUNCATED] = "truncated",
	[INT_E_BAD_LENGTH] = "bad_length",
	[INT_E_HOP_LIMIT] = "hop_count_over_limit",
	[INT_E_UNKNOWN_VERSION] = "unknown_version",
	[INT_E_BAD_SHIM] = "bad_shim",
	[INT_E_UNKNOWN_TYPE] = "unknown_type",
	[INT_E_BAD_IP_HEADER] = "bad_ip_header",
	[INT_E_BAD_L4_HEADER] = "bad_l4_header",
	[INT_E_BAD_LINK_HEADER] = "bad_link_header",
	[INT_E_TOO_MANY_VLAN_TAGS] = "too_many_vlan_tags",
	[INT_E_UNSUPPORTED_LINK_TYPE] = "unsupported_link_type",
	[INT_E_NOT_IP] = "not telemetry",
	[INT_E_NOT_TELEMETRY] = "not telemetry",
};

static const char *const hop_keys[HV_PRINTED] = {
	"switch_id",	    "ingress_port",    "egress_port",	 "hop_latency",
	"queue_id",	    "queue_occupancy", "ingress_ts",	 "egress_ts",
	"l2_ingress_port",  "l2_egress_port",  "egress_tx_util", "buffer_id",
	"buffer_occupancy",
};

const char *int_error_name(int err)
{
	int reason = -err;

	if (reason <= 0 || reason >= INT_E_COUNT || !error_names[reason])
		return "truncated";
	return error_names[reason];
}

static void print_ipv6(FILE *out, const __u8 *a)
{
	unsigned int g[8], i, run, best = 8, best_len = 1;

	for (i = 0; i < 8; i++)
		g[i] = (a[2 * i] << 8) | a[2 * i + 1];
	if (!g[0] && !g[1] && !g[2] && !g[3] && !g[4] && g[5] == 0xFFFF) {
		fprintf(out, "::ffff:%u.%u.%u.%u", a[12], a[13], a[14], a[15]);
		return;
	}
	/* the longest run of zero groups, longer than one, the first of equals */
	for (i = 0; i < 8;) {
		if (g[i]) {
			i++;
			continue;
		}
		for (run = i; i < 8 && !g[i]; i++)
			;
		if (i - run > best_len) {
			best = run;
			best_len = i - run;
		}
	}
	for (i = 0; i < 8; i++) {
		if (i == best) {
			fputs("::", out);
			i += best_len - 1;
			continue;
		}
		if (i && i != best + best_len)
			fputc(':', out);
		fprintf(out, "%x", g[i]);
	}
}

static void print_ip(FILE *out, const struct int_l34 *l, const __u8 *a)
{
	fputc('"', out);
	if (l->ip_version == 4)
		fprintf(out, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
	else
		print_ipv6(out, a);
	fputc('"', out);
}

static void print_flow(FILE *out, const struct int_l34 *l)
{
	fputs("{\"src_ip\": ", out);
	print_ip(out, l, l->src);
	fputs(", \"dst_ip\": ", out);
	print_ip(out, l, l->dst);
	if (l->has_ports)
		fprintf(out, ", \"src_port\": %u, \"dst_port\": %u",
			l->src_port, l->dst_port);
	else
		fputs(", \"src_port\": null, \"dst_port\": null", out);
	fprintf(out, ", \"protocol\": %u}", l->protocol);
}

static void print_hop(FILE *out, const struct int_hop *h)
{
	const char *sep = "";
	int k;

	fputc('{', out);
	for (k = 0; k < HV_PRINTED; k++) {
		if (!INT_HAS(h, k))
			continue;
		fprintf(out, "%s\"%s\": %llu", sep, hop_keys[k],
			(unsigned long long)h->v[k]);
		sep = ", ";
	}
	fputc('}', out);
}

static void print_stack(FILE *out, const struct int_stack *s)
{
	__u32 i;

	fprintf(out, "{\"version\": %u, \"instructions\": %u, \"hop_ml\": %u, ",
		s->version, s->instructions, s->hop_ml);
	if (s->has_remaining)
		fprintf(out, "\"remaining_hop_count\": %u, ", s->remaining);
	else
		fputs("\"remaining_hop_count\": null, ", out);
	fputs("\"hops\": [", out);
	for (i = 0; i < s->hop_count && i < INT_HOP_SLOTS; i++) {
		if (i)
			fputs(", ", out);
		print_hop(out, &s->hops[i]);
	}
	fputs("]}", out);
}

static const char *format_name(__u8 format)
{
	switch (format) {
	case INT_FMT_TR05:
		return "TR0.5";
	case INT_FMT_TR10:
		return "TR1.0";
	case INT_FMT_TR20:
		return "TR2.0";
	default:
		return "INT-MD";
	}
}

void int_json_line(FILE *out, unsigned long long n, int err,
		   const struct int_frame *f)
{
	if (err) {
		fprintf(out, "{\"frame\": %llu, \"error\": \"%s\"}", n,
			int_error_name(err));
		return;
	}
	fprintf(out, "{\"frame\": %llu, \"format\": \"%s\", ", n,
		format_name(f->format));
	if (f->format == INT_FMT_INT_MD)
		fputs("\"seq\": null, \"hw_id\": null, ", out);
	else
		fprintf(out, "\"seq\": %u, \"hw_id\": %u, ", f->rep.seq,
			f->rep.hw_id);
	if (f->format != INT_FMT_INT_MD && f->rep.has_node)
		fprintf(out, "\"node_id\": %u, ", f->rep.node_id);
	else
		fputs("\"node_id\": null, ", out);
	fputs("\"flow\": ", out);
	if (f->has_flow)
		print_flow(out, &f->flow);
	else
		fputs("null", out);
	fputs(", \"int\": ", out);
	if (f->has_stack)
		print_stack(out, &f->st);
	else
		fputs("null", out);
	fputc('}', out);
}
