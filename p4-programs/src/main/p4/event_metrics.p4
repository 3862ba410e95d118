// SPDX-License-Identifier: Apache-2.0
// What the event pre-filter (event_filter.p4) computes with: the value of one metadata type at one
// hop, and the arithmetic of its algorithms (paper 003 §III-C).
//
// Everything here is written to run inside actions, where p4c turns conditions into expressions
// (predication): the filter then costs a handful of tables instead of one table and one branch per
// hop and literal.
#ifndef SONDE_EVENT_METRICS_P4
#define SONDE_EVENT_METRICS_P4

// One hop's value of a metadata type; 0 when the hop does not carry it (the bitmap left it out, or
// the hop position is past the end of the stack) or the code is unknown.
#define HOP_METRIC(h, metric) \
    ((metric == EVENT_METRIC_HOP_LATENCY && hdr.int_hop_latency[h].isValid()) ? \
        hdr.int_hop_latency[h].hop_latency : \
    ((metric == EVENT_METRIC_QUEUE_OCCUPANCY && hdr.int_q_occupancy[h].isValid()) ? \
        (bit<32>) hdr.int_q_occupancy[h].q_occupancy : \
    ((metric == EVENT_METRIC_TX_UTILIZATION && hdr.int_egress_tx_util[h].isValid()) ? \
        hdr.int_egress_tx_util[h].egress_port_tx_util : \
    ((metric == EVENT_METRIC_BUFFER_OCCUPANCY && hdr.int_buffer[h].isValid()) ? \
        (bit<32>) hdr.int_buffer[h].buffer_occupancy : \
    32w0))))

bit<32> abs_diff(in bit<32> a, in bit<32> b) {
    return (a > b) ? a - b : b - a;
}

// Exponential moving average with the new sample weighted weight/256:
// (weight * sample + (256 - weight) * average) / 256, in 64 bits so the products cannot overflow.
bit<32> ema_step(in bit<32> average, in bit<32> sample, in bit<8> weight) {
    bit<64> weighted = (bit<64>) sample * (bit<64>) weight
        + (bit<64>) average * (64w256 - (bit<64>) weight);
    return (bit<32>) (weighted >> 8);
}

bool cnf_literal_holds(in bit<32> value, in bit<8> op, in bit<32> threshold) {
    return (op == CNF_OP_GREATER && value > threshold)
        || (op == CNF_OP_GREATER_OR_EQUAL && value >= threshold)
        || (op == CNF_OP_LESS && value < threshold)
        || (op == CNF_OP_LESS_OR_EQUAL && value <= threshold)
        || (op == CNF_OP_EQUAL && value == threshold)
        || (op == CNF_OP_NOT_EQUAL && value != threshold);
}

#endif
