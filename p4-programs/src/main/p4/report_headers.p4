// SPDX-License-Identifier: Apache-2.0
// Telemetry Report v2.0 headers (TR-2.0 §3.2, §3.3; WIRE_FACTS B). A report from sonde.p4 is
// Ethernet / IPv4 / UDP / group header / one individual report of type INT whose main contents are
// the sink's own metadata, followed by the inner packet from its IP header: the INT-MD packet as
// the sink received it, truncated after the INT stack (TR-2.0 §4.3).
#ifndef SONDE_REPORT_HEADERS_P4
#define SONDE_REPORT_HEADERS_P4

// Telemetry Report Group Header, 8 bytes (TR-2.0 §3.2).
header report_group_t {
    bit<4>  version;
    bit<6>  hw_id;
    bit<22> sequence_number;
    bit<32> node_id;
}

// Individual Report Header, 4 bytes (TR-2.0 §3.3).
header report_individual_t {
    bit<4> rep_type;
    bit<4> in_type;
    bit<8> report_length;   // words after this first one: main contents + inner contents
    bit<8> md_length;       // words of variable metadata in the main contents
    bit<1> d;               // dropped
    bit<1> q;               // congested queue association
    bit<1> f;               // tracked flow association
    bit<1> i;               // intermediate report
    bit<4> reserved;
}

// Fixed part of the main contents of an INT report, 8 bytes (TR-2.0 §3.3.1); the metadata RepMdBits
// selects follows, in bit order.
header report_int_contents_t {
    bit<16> rep_md_bits;
    bit<16> domain_specific_id;
    bit<16> ds_md_bits;
    bit<16> ds_md_status;
}

#endif
