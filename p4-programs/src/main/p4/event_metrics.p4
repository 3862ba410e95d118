// SPDX-License-Identifier: Apache-2.0
// Functions the event pre-filter (event_filter.p4) computes with: the value of one metadata type at
// one hop or over the whole path, and the arithmetic of its algorithms (paper 003 §III-C).
#ifndef SONDE_EVENT_METRICS_P4
#define SONDE_EVENT_METRICS_P4

// One hop's value of a metadata type; 0 when the hop does not carry it (the bitmap left it out, or
// the hop position is past the end of the stack).
bit<32> hop_metric(in int_hop_latency_t latency, in int_q_occupancy_t queue,
                   in int_egress_tx_util_t tx_util, in int_buffer_t buffer, in bit<8> metric) {
    bit<32> value = 0;
    if (metric == EVENT_METRIC_HOP_LATENCY && latency.isValid()) {
        value = latency.hop_latency;
    } else if (metric == EVENT_METRIC_QUEUE_OCCUPANCY && queue.isValid()) {
        value = (bit<32>) queue.q_occupancy;
    } else if (metric == EVENT_METRIC_TX_UTILIZATION && tx_util.isValid()) {
        value = tx_util.egress_port_tx_util;
    } else if (metric == EVENT_METRIC_BUFFER_OCCUPANCY && buffer.isValid()) {
        value = (bit<32>) buffer.buffer_occupancy;
    }
    return value;
}

#define HOP_METRIC(h, metric) \
    hop_metric(hdr.int_hop_latency[h], hdr.int_q_occupancy[h], hdr.int_egress_tx_util[h], hdr.int_buffer[h], metric)

// Sum over the path, modulo 2^32 (paper 003: "the sum of the INT metadata for all hops").
#define ADD_HOP_METRIC(h) sum = sum + HOP_METRIC(h, metric);
bit<32> path_sum(in headers_t hdr, in bit<8> metric) {
    bit<32> sum = 0;
    FOR_EACH_INT_HOP(ADD_HOP_METRIC)
    return sum;
}

#define MAX_HOP_METRIC(h) if (HOP_METRIC(h, metric) > largest) { largest = HOP_METRIC(h, metric); }
bit<32> path_max(in headers_t hdr, in bit<8> metric) {
    bit<32> largest = 0;
    FOR_EACH_INT_HOP(MAX_HOP_METRIC)
    return largest;
}

// A complex_detection literal's left-hand side: its metric summed or maximised over the path.
bit<32> path_value(in headers_t hdr, in bit<8> literal_metric) {
    bit<32> value;
    if ((literal_metric & CNF_AGGREGATE_MAX) != 0) {
        value = path_max(hdr, literal_metric & CNF_METRIC_MASK);
    } else {
        value = path_sum(hdr, literal_metric & CNF_METRIC_MASK);
    }
    return value;
}

bit<32> abs_diff(in bit<32> a, in bit<32> b) {
    bit<32> diff;
    if (a > b) {
        diff = a - b;
    } else {
        diff = b - a;
    }
    return diff;
}

// Exponential moving average with the new sample weighted weight/256:
// (weight * sample + (256 - weight) * average) / 256, in 64 bits so the products cannot overflow.
bit<32> ema_step(in bit<32> average, in bit<32> sample, in bit<8> weight) {
    bit<64> weighted = (bit<64>) sample * (bit<64>) weight
        + (bit<64>) average * (64w256 - (bit<64>) weight);
    return (bit<32>) (weighted >> 8);
}

bool cnf_literal_holds(in bit<32> value, in bit<8> op, in bit<32> threshold) {
    bool holds = false;
    if (op == CNF_OP_GREATER) {
        holds = value > threshold;
    } else if (op == CNF_OP_GREATER_OR_EQUAL) {
        holds = value >= threshold;
    } else if (op == CNF_OP_LESS) {
        holds = value < threshold;
    } else if (op == CNF_OP_LESS_OR_EQUAL) {
        holds = value <= threshold;
    } else if (op == CNF_OP_EQUAL) {
        holds = value == threshold;
    } else if (op == CNF_OP_NOT_EQUAL) {
        holds = value != threshold;
    }
    return holds;
}

#endif
