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

    // Per packet: each metric summed and maximised over the hops the packet carries (the
    // left-hand sides of CNF literals, and the flow sum of fast_detection).
    bit<32> latency_sum;
    bit<32> latency_max;
    bit<32> queue_sum;
    bit<32> queue_max;
    bit<32> tx_util_sum;
    bit<32> tx_util_max;
    bit<32> buffer_sum;
    bit<32> buffer_max;

// One metric over the path, an action per metric. The maximum is a tournament: p4c substitutes
// each value into every use, so a running maximum would double its expression at every hop.
#define HOP_ITEM(h, item, field) (hdr.item[h].isValid() ? (bit<32>) hdr.item[h].field : 32w0)
#define LARGER(a, b) ((a > b) ? a : b)
#define MEASURE_PATH(item, field, sum, max) \
    bit<32> v0 = HOP_ITEM(0, item, field); \
    bit<32> v1 = HOP_ITEM(1, item, field); \
    bit<32> v2 = HOP_ITEM(2, item, field); \
    bit<32> v3 = HOP_ITEM(3, item, field); \
    bit<32> v4 = HOP_ITEM(4, item, field); \
    bit<32> v5 = HOP_ITEM(5, item, field); \
    bit<32> v6 = HOP_ITEM(6, item, field); \
    bit<32> v7 = HOP_ITEM(7, item, field); \
    sum = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7; \
    bit<32> max01 = LARGER(v0, v1); \
    bit<32> max23 = LARGER(v2, v3); \
    bit<32> max45 = LARGER(v4, v5); \
    bit<32> max67 = LARGER(v6, v7); \
    bit<32> max0123 = LARGER(max01, max23); \
    bit<32> max4567 = LARGER(max45, max67); \
    max = LARGER(max0123, max4567);

    // Sums are modulo 2^32 (paper 003: "the sum of the INT metadata for all hops").
    @id(0x01000403) action measure_latency() {
        MEASURE_PATH(int_hop_latency, hop_latency, latency_sum, latency_max)
    }

    @id(0x01000404) action measure_queue() {
        MEASURE_PATH(int_q_occupancy, q_occupancy, queue_sum, queue_max)
    }

    @id(0x01000405) action measure_tx_util() {
        MEASURE_PATH(int_egress_tx_util, egress_port_tx_util, tx_util_sum, tx_util_max)
    }

    @id(0x01000406) action measure_buffer() {
        MEASURE_PATH(int_buffer, buffer_occupancy, buffer_sum, buffer_max)
    }

// A metric's sum over the path; unknown codes read 0.
#define PATH_SUM(metric) \
    (((metric) == EVENT_METRIC_HOP_LATENCY) ? latency_sum : \
    (((metric) == EVENT_METRIC_QUEUE_OCCUPANCY) ? queue_sum : \
    (((metric) == EVENT_METRIC_TX_UTILIZATION) ? tx_util_sum : \
    (((metric) == EVENT_METRIC_BUFFER_OCCUPANCY) ? buffer_sum : \
    32w0))))

// A CNF literal's metric code: the sum over the path, or with CNF_AGGREGATE_MAX the maximum.
#define PATH_VALUE(code) \
    ((((code) & CNF_AGGREGATE_MAX) == 0) ? PATH_SUM(code) : \
    (((code) == (CNF_AGGREGATE_MAX | EVENT_METRIC_HOP_LATENCY)) ? latency_max : \
    (((code) == (CNF_AGGREGATE_MAX | EVENT_METRIC_QUEUE_OCCUPANCY)) ? queue_max : \
    (((code) == (CNF_AGGREGATE_MAX | EVENT_METRIC_TX_UTILIZATION)) ? tx_util_max : \
    (((code) == (CNF_AGGREGATE_MAX | EVENT_METRIC_BUFFER_OCCUPANCY)) ? buffer_max : \
    32w0)))))

// Register state is read and written back on every hop position, changed or not: conditions in
// an action become expressions, extern calls cannot.
#define CHECK_HOP_CHANGE(h) \
    hop_value = HOP_METRIC(h, meta.event.metric); \
    hop_slot = (bit<32>) meta.event.filter_index * MAX_INT_HOPS + h; \
    event_last_hop_value.read(last_value, hop_slot); \
    if (meta.int_meta.hop_count > h && abs_diff(hop_value, last_value) > meta.event.threshold) { \
        last_value = hop_value; \
        meta.event.report = 1; \
    } \
    event_last_hop_value.write(hop_slot, last_value);

    @id(0x01000407) action check_hop_changes() {
        bit<32> hop_value;
        bit<32> hop_slot;
        bit<32> last_value;
        FOR_EACH_INT_HOP(CHECK_HOP_CHANGE)
    }

    @id(0x01000408) action check_flow_sum() {
        bit<32> flow_slot = (bit<32>) meta.event.filter_index;
        bit<32> flow_sum = PATH_SUM(meta.event.metric);
        bit<32> last_value;
        event_last_flow_sum.read(last_value, flow_slot);
        if (abs_diff(flow_sum, last_value) > meta.event.threshold) {
            last_value = flow_sum;
            meta.event.report = 1;
        }
        event_last_flow_sum.write(flow_slot, last_value);
    }

    @id(0x01000409) action check_moving_average() {
        bit<32> flow_slot = (bit<32>) meta.event.filter_index;
        bit<32> average;
        bit<32> last_value;
        event_flow_average.read(average, flow_slot);
        average = ema_step(average, PATH_SUM(meta.event.metric), meta.event.ema_weight);
        event_flow_average.write(flow_slot, average);
        event_reported_average.read(last_value, flow_slot);
        if (abs_diff(average, last_value) > meta.event.threshold) {
            last_value = average;
            meta.event.report = 1;
        }
        event_reported_average.write(flow_slot, last_value);
    }

#define CNF_LITERAL(c, l) \
    literal_slot = expression_base + (c * EVENT_CNF_LITERALS + l); \
    event_cnf_metric.read(literal_metric, literal_slot); \
    event_cnf_operator.read(literal_operator, literal_slot); \
    event_cnf_threshold.read(literal_threshold, literal_slot); \
    clause_used = clause_used || literal_operator != CNF_OP_NONE; \
    clause_holds = clause_holds \
        || cnf_literal_holds(PATH_VALUE(literal_metric & (CNF_AGGREGATE_MAX | CNF_METRIC_MASK)), \
                             literal_operator, literal_threshold);

// EVENT_CNF_LITERALS literals per clause; a clause whose literals are all empty is skipped.
#define CNF_CLAUSE(c) \
    clause_used = false; \
    clause_holds = false; \
    CNF_LITERAL(c, 0) \
    CNF_LITERAL(c, 1) \
    expression_holds = expression_holds && (!clause_used || clause_holds);

    // EVENT_CNF_CLAUSES clauses; an expression with no literal at all holds.
    @id(0x0100040A) action evaluate_cnf() {
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
        meta.event.report = expression_holds ? 1w1 : 1w0;
    }

    apply {
        meta.event.report = 0;
        event_filter_flows.apply();
        measure_latency();
        measure_queue();
        measure_tx_util();
        measure_buffer();
        if (meta.event.mode == EVENT_MODE_REPORT_ALL) {
            meta.event.report = 1;
        } else if (meta.event.mode == EVENT_MODE_FAST) {
            if (meta.event.algorithm == EVENT_ALGO_NOOP) {
                meta.event.report = 1;
            } else if (meta.event.algorithm == EVENT_ALGO_PER_HOP_CHANGE) {
                check_hop_changes();
            } else if (meta.event.algorithm == EVENT_ALGO_FLOW_SUM_CHANGE) {
                check_flow_sum();
            } else if (meta.event.algorithm == EVENT_ALGO_MOVING_AVERAGE) {
                check_moving_average();
            }
        } else if (meta.event.mode == EVENT_MODE_COMPLEX) {
            evaluate_cnf();
        }
    }
}

#endif
