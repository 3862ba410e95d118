/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/*
 * int_pcap.h - host only: the parser's link type (enum int_link, the file's
 * LINKTYPE_ value) of a capture libpcap reads.  libpcap hands out DLT_
 * values, which differ from the LINKTYPE_ ones for raw IP.
 */
#ifndef INT_PCAP_H
#define INT_PCAP_H

#include <pcap/pcap.h>

#include "int_l34.h"

static inline __u32 int_pcap_link(pcap_t *p)
{
	int dlt = pcap_datalink(p);

	if (dlt == DLT_RAW)
		return INT_LINK_RAW;
	if (dlt == DLT_LOOP)
		return INT_LINK_LOOP;
	return (__u32)dlt;
}

#endif /* INT_PCAP_H */
