// SPDX-License-Identifier: Apache-2.0
// INT-MD v2.1 over TCP/UDP: shim, metadata header, and one header type per per-hop metadata item,
// so that a hop is the run of items its instruction bitmap selects, in bitmap bit order
// (INT-2.1 §5.7.2, §5.8; WIRE_FACTS A.3, A.4, A.6).
#ifndef SONDE_INT_HEADERS_P4
#define SONDE_INT_HEADERS_P4

// Shim for TCP/UDP, 4 bytes (INT-2.1 §5.7.2). Bytes 2-3 are laid out for NPT 0 (DSCP signalling, the
// only mode sonde.p4 writes): byte 3 bits 0-5 keep the DSCP the source replaced. Shims with NPT 1 or
// 2 are not parsed further and travel through unchanged.
header int_shim_t {
    bit<4> int_type;
    bit<2> npt;
    bit<2> reserved;
    bit<8> len;            // MD header + stack in 4-byte words, the shim not counted
    bit<8> reserved_byte;
    bit<6> original_dscp;
    bit<2> reserved_bits;
}

// INT-MD metadata header, 12 bytes (INT-2.1 §5.8).
header int_md_t {
    bit<4>  version;
    bit<1>  d;                   // discard: the sink drops the packet after reporting
    bit<1>  e;                   // a node found Remaining Hop Count 0
    bit<1>  m;                   // a node did not insert its metadata (MTU; here also a full stack)
    bit<12> reserved;
    bit<5>  hop_ml;              // words each hop adds
    bit<8>  remaining_hop_count;
    bit<16> instructions;
    bit<16> domain_specific_id;
    bit<16> ds_instructions;
    bit<16> ds_flags;
}

// Per-hop metadata items (INT-2.1 §5.8 bits 0-8). The same types carry the sink's own metadata in
// the telemetry report, whose RepMdBits 1-8 line up with these bits (TR-2.0 §3.3.1).
header int_switch_id_t {
    bit<32> switch_id;
}

header int_level1_port_ids_t {
    bit<16> ingress_port_id;
    bit<16> egress_port_id;
}

header int_hop_latency_t {
    bit<32> hop_latency;
}

header int_q_occupancy_t {
    bit<8>  q_id;
    bit<24> q_occupancy;
}

header int_ingress_tstamp_t {
    bit<64> ingress_tstamp;
}

header int_egress_tstamp_t {
    bit<64> egress_tstamp;
}

header int_level2_port_ids_t {
    bit<32> ingress_port_id;
    bit<32> egress_port_id;
}

header int_egress_tx_util_t {
    bit<32> egress_port_tx_util;
}

header int_buffer_t {
    bit<8>  buffer_id;
    bit<24> buffer_occupancy;
}

// One 4-byte stack word, for stacks whose layout has items outside bits 0-8 (reserved bits,
// checksum complement, domain-specific metadata): kept word by word so the sink can still strip
// and report them.
header int_word_t {
    bit<32> word;
}

// Words per hop the bitmap implies (INT-2.1 §5.8: the items' sizes must add up to Hop ML). The
// parser does the same sum inline in parse_int_md.
bit<8> int_hop_words(in bit<16> instructions) {
    return (bit<8>) instructions[15:15]
        + (bit<8>) instructions[14:14]
        + (bit<8>) instructions[13:13]
        + (bit<8>) instructions[12:12]
        + ((bit<8>) instructions[11:11] << 1)
        + ((bit<8>) instructions[10:10] << 1)
        + ((bit<8>) instructions[9:9] << 1)
        + (bit<8>) instructions[8:8]
        + (bit<8>) instructions[7:7];
}

#endif
