// SPDX-License-Identifier: Apache-2.0
// GPINT probe (paper 001 §III-B, Fig. 4) behind option-less IPv4 with protocol 253, all fields
// big-endian: Req META, the source-route (SR) stack, and the INT stack's DLV entries and MEA
// values, each part a count followed by its entries. The wire format is in p4-programs/README.md.
// A switch reads only the top SR entry and adds only its own DLV entry and measurements in front,
// so the entries behind those are carried whole, as variable-length headers (or payload), rather
// than one header-stack element each: 128 stack elements cost p4c about a fifth of its compile time.
#ifndef SONDE_PROBE_HEADERS_P4
#define SONDE_PROBE_HEADERS_P4

// Req META: request id (15 bits) | request type (1 bit: 0 rule-hit counters, 1 port counters).
header probe_meta_t {
    bit<15> request_id;
    bit<1>  request_type;
}

// The counts in front of the SR stack, the DLV entries and the MEA values.
header probe_count_t {
    bit<16> count;
}

// One SR entry: the port the probe leaves by, and the MEA range of the switch it is for (the
// first register cell, the number of cells).
header probe_sr_t {
    bit<8> next_port;
    bit<8> mea_first;
    bit<8> mea_count;
}

// The SR entries behind the top one, carried as they are: up to MAX_PROBE_HOPS - 1 of 24 bits.
header probe_sr_rest_t {
    varbit<PROBE_SR_REST_BITS> entries;
}

// The earlier hops' DLV entries, carried as they are: up to MAX_PROBE_HOPS of 32 bits.
header probe_dlv_rest_t {
    varbit<PROBE_DLV_REST_BITS> entries;
}

// One DLV entry, newest first: the switch's id (low 8 bits of its INT node id), its egress queue
// depth in packets when the probe left (saturated at 255), the measurements it added.
header probe_dlv_t {
    bit<8>  switch_id;
    bit<8>  queue_depth;
    bit<16> mea_count;
}

// One measurement: a 32-bit register cell.
header probe_mea_t {
    bit<32> value;
}

#endif
