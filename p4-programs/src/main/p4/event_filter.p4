// SPDX-License-Identifier: Apache-2.0
// Event pre-filter of "Programmable Event Detection for In-Band Network Telemetry" (paper 003
// §III-C), run by the sink on the hops the packet carries: only an event produces a telemetry
// report. The control plane picks, per flow, an algorithm with its metadata type and threshold
// (fast_detection) or a conjunctive-normal-form expression stored in registers (complex_detection).
//
// The paper runs the filter in egress; here it runs at the sink's ingress so that a packet that is
// no event is never cloned. The sink's own hop is therefore not among the values it filters on.
#ifndef SONDE_EVENT_FILTER_P4
#define SONDE_EVENT_FILTER_P4

control EventFilter(in headers_t hdr, inout metadata_t meta) {
    @id(0x13000400) direct_counter(CounterType.packets_and_bytes) event_filter_flows_counter;

    // fast_detection state. A value is stored when it makes an event, so a slow drift is reported
    // once it adds up to the threshold. Per-hop values are kept per hop position in the flow's path
    // (slot filter_index * MAX_INT_HOPS + position, 0 = the hop before the sink); the paper keys them
    // by switch id, which the bitmap may not carry.
    @id(0x16000400) register<bit<32>>(EVENT_HOP_SLOTS) event_last_hop_value;
    @id(0x16000401) register<bit<32>>(EVENT_FILTER_FLOWS) event_last_flow_sum;
    // The moving average follows every packet; the value it had at the last event is kept apart,
    // because comparing each new average with the previous one would only scale the threshold.
    @id(0x16000402) register<bit<32>>(EVENT_FILTER_FLOWS) event_flow_average;
    @id(0x16000403) register<bit<32>>(EVENT_FILTER_FLOWS) event_reported_average;

    // complex_detection expressions, after FastReact's CNF tables (paper 003 ref. 21). Literal
    // (clause c, literal l) of expression e is slot (e * EVENT_CNF_CLAUSES + c) * EVENT_CNF_LITERALS + l:
    // "path value of metric <operator> threshold". A clause holds when one of its literals does and
    // is ignored when all its operators are CNF_OP_NONE; the expression holds when every clause does.
    @id(0x16000404) register<bit<8>>(EVENT_CNF_SLOTS) event_cnf_metric;
    @id(0x16000405) register<bit<8>>(EVENT_CNF_SLOTS) event_cnf_operator;
    @id(0x16000406) register<bit<32>>(EVENT_CNF_SLOTS) event_cnf_threshold;

    // algorithm: EVENT_ALGO_*; metric: EVENT_METRIC_* (unknown codes read 0); ema_weight: weight of
    // the new sample in 1/256 (EVENT_ALGO_MOVING_AVERAGE only).
    @id(0x01000400) action fast_detection(event_filter_index_t filter_index, bit<2> algorithm,
                                          bit<8> metric, bit<32> threshold, bit<8> ema_weight) {
        meta.event.mode = EVENT_MODE_FAST;
        meta.event.filter_index = filter_index;
        meta.event.algorithm = (bit<8>) algorithm;
        meta.event.metric = metric;
        meta.event.threshold = threshold;
        meta.event.ema_weight = ema_weight;
    }

    @id(0x01000401) action complex_detection(cnf_expression_index_t expression_index) {
        meta.event.mode = EVENT_MODE_COMPLEX;
        meta.event.expression_index = expression_index;
    }

    // Flows without a filter are reported on every packet, as a sink without the pre-filter would.
    @id(0x01000402) action report_every_packet() {
        meta.event.mode = EVENT_MODE_REPORT_ALL;
    }

    @id(0x02000400) table event_filter_flows {
        key = {
            meta.flow.ipv4_src    : ternary @name("ipv4_src");
            meta.flow.ipv4_dst    : ternary @name("ipv4_dst");
            meta.flow.ip_proto    : ternary @name("ip_proto");
            meta.flow.l4_src_port : range @name("l4_src_port");
            meta.flow.l4_dst_port : range @name("l4_dst_port");
        }
        actions = {
            fast_detection;
            complex_detection;
            report_every_packet;
        }
        default_action = report_every_packet();
        size = EVENT_FILTER_TABLE_SIZE;
        counters = event_filter_flows_counter;
    }

#define CHECK_HOP_CHANGE(h) \
    if (meta.int_meta.hop_count > h) { \
        hop_value = HOP_METRIC(h, meta.event.metric); \
        hop_slot = (bit<32>) meta.event.filter_index * MAX_INT_HOPS + h; \
        event_last_hop_value.read(last_value, hop_slot); \
        if (abs_diff(hop_value, last_value) > meta.event.threshold) { \
            event_last_hop_value.write(hop_slot, hop_value); \
            meta.event.report = 1; \
        } \
    }

#define CNF_LITERAL(c, l) \
    literal_slot = expression_base + (c * EVENT_CNF_LITERALS + l); \
    event_cnf_metric.read(literal_metric, literal_slot); \
    event_cnf_operator.read(literal_operator, literal_slot); \
    event_cnf_threshold.read(literal_threshold, literal_slot); \
    if (literal_operator != CNF_OP_NONE) { \
        clause_used = true; \
        if (cnf_literal_holds(path_value(hdr, literal_metric), literal_operator, literal_threshold)) { \
            clause_holds = true; \
        } \
    }

// EVENT_CNF_LITERALS literals per clause.
#define CNF_CLAUSE(c) \
    clause_used = false; \
    clause_holds = false; \
    CNF_LITERAL(c, 0) \
    CNF_LITERAL(c, 1) \
    if (clause_used && !clause_holds) { \
        expression_holds = false; \
    }

    apply {
        meta.event.report = 0;
        event_filter_flows.apply();
        bit<32> flow_slot = (bit<32>) meta.event.filter_index;
        bit<32> last_value;
        if (meta.event.mode == EVENT_MODE_REPORT_ALL) {
            meta.event.report = 1;
        } else if (meta.event.mode == EVENT_MODE_FAST) {
            if (meta.event.algorithm == EVENT_ALGO_NOOP) {
                meta.event.report = 1;
            } else if (meta.event.algorithm == EVENT_ALGO_PER_HOP_CHANGE) {
                bit<32> hop_value;
                bit<32> hop_slot;
                FOR_EACH_INT_HOP(CHECK_HOP_CHANGE)
            } else if (meta.event.algorithm == EVENT_ALGO_FLOW_SUM_CHANGE) {
                bit<32> flow_sum = path_sum(hdr, meta.event.metric);
                event_last_flow_sum.read(last_value, flow_slot);
                if (abs_diff(flow_sum, last_value) > meta.event.threshold) {
                    event_last_flow_sum.write(flow_slot, flow_sum);
                    meta.event.report = 1;
                }
            } else if (meta.event.algorithm == EVENT_ALGO_MOVING_AVERAGE) {
                bit<32> average;
                event_flow_average.read(average, flow_slot);
                average = ema_step(average, path_sum(hdr, meta.event.metric), meta.event.ema_weight);
                event_flow_average.write(flow_slot, average);
                event_reported_average.read(last_value, flow_slot);
                if (abs_diff(average, last_value) > meta.event.threshold) {
                    event_reported_average.write(flow_slot, average);
                    meta.event.report = 1;
                }
            }
        } else if (meta.event.mode == EVENT_MODE_COMPLEX) {
            // EVENT_CNF_CLAUSES clauses; an expression with no literal at all holds.
            bit<32> expression_base =
                (bit<32>) meta.event.expression_index * (EVENT_CNF_CLAUSES * EVENT_CNF_LITERALS);
            bit<32> literal_slot;
            bit<8> literal_metric;
            bit<8> literal_operator;
            bit<32> literal_threshold;
            bool clause_used;
            bool clause_holds;
            bool expression_holds = true;
            CNF_CLAUSE(0)
            CNF_CLAUSE(1)
            CNF_CLAUSE(2)
            CNF_CLAUSE(3)
            if (expression_holds) {
                meta.event.report = 1;
            }
        }
    }
}

#endif
