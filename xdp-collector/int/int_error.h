/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
/* int_error.h - the INT parser's error codes, shared with its users' contracts. */
#ifndef INT_ERROR_H
#define INT_ERROR_H

/*
 * Why a packet was not decoded: the parser's negative return codes.  A
 * program may index its drop counters by them (collector.h does); their
 * lower-case names are the "error" strings sonde-decode prints.
 */
enum int_error {
	INT_OK = 0,
	INT_E_TRUNCATED = 1,
	INT_E_BAD_LENGTH = 2,
	INT_E_HOP_LIMIT = 3, /* "hop_count_over_limit" */
	INT_E_UNKNOWN_VERSION = 4,
	INT_E_BAD_SHIM = 5,
	INT_E_UNKNOWN_TYPE = 6,
	INT_E_BAD_IP_HEADER = 7,
	INT_E_BAD_L4_HEADER = 8,
	INT_E_BAD_LINK_HEADER = 9,
	INT_E_TOO_MANY_VLAN_TAGS = 10,
	INT_E_UNSUPPORTED_LINK_TYPE = 11,
	INT_E_NOT_IP = 12,	  /* internal: the frame is not IP */
	INT_E_NOT_TELEMETRY = 13, /* internal: neither INT nor a report */
	INT_E_COUNT = 14,
};

#endif /* INT_ERROR_H */
