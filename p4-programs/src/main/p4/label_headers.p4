// SPDX-License-Identifier: Apache-2.0
// INT-label (paper 004 §2 Fig. 2, §5 Fig. 4): the INT OPTION behind option-less IPv4 under protocol
// 254, then its items, newest last, then the original L4 header and payload. All fields big-endian;
// the wire format and the decisions behind it are in p4-programs/README.md ("INT-label").
#ifndef SONDE_LABEL_HEADERS_P4
#define SONDE_LABEL_HEADERS_P4

// nh: the IPv4 protocol the option displaced, restored at the last hop. int_num: the item count in
// bits 0-6, and bit 7 (LABEL_SPECIFIC_FLOW) for a specific flow, labeled at every hop.
header label_option_t {
    bit<8> nh;
    bit<8> int_num;
}

// The items a packet arrives with, carried whole: a hop only appends its own (label_new_item,
// emitted after them), so nothing reads them one by one. Up to MAX_LABEL_ITEMS of 256 bits; a
// header stack of typed items cost p4c about half a second more of its compile.
header label_items_t {
    varbit<LABEL_ITEMS_BITS> items;
}

// One hop's item, 32 bytes.
header label_item_t {
    bit<32> device_id;      // the switch's INT node id (int_node_id)
    bit<16> ingress_port;
    bit<16> egress_port;    // the labeling port: the index of Reg1 and Reg2
    bit<64> label_time;     // egress_global_timestamp, zero-extended (BMv2: microseconds)
    bit<32> hop_latency;    // egress minus ingress timestamp
    bit<8>  queue_id;       // always 0: v1model has one queue per port here
    bit<24> queue_depth;    // deq_qdepth, packets
    bit<32> tx_utilization; // LABEL_TX_UTIL_UNMEASURED: sonde.p4 does not measure it
    bit<8>  shift;          // S, the port's Reg2 when it labeled
    bit<8>  reason;         // LABEL_REASON_*: why this hop labeled
    bit<16> reserved;
}

#endif
