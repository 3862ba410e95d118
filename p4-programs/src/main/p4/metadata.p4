// SPDX-License-Identifier: Apache-2.0
// The two structs v1model threads through every block: the packet's headers and our metadata.
#ifndef SONDE_METADATA_P4
#define SONDE_METADATA_P4

// The deparser decides the wire order (parser.p4); this struct only names the instances.
struct headers_t {
    // Between the CPU port and the controller only.
    packet_in_t           packet_in;
    packet_out_t          packet_out;
    ethernet_t            ethernet;
    vlan_t                vlan;
    // Telemetry report encapsulation, valid only on the sink's report clone.
    ipv4_t                report_ipv4;
    udp_t                 report_udp;
    report_group_t        report_group;
    report_individual_t   report_individual;
    report_int_contents_t report_int_contents;
    int_level1_port_ids_t report_level1_port_ids;
    int_hop_latency_t     report_hop_latency;
    int_ingress_tstamp_t  report_ingress_tstamp;
    int_egress_tstamp_t   report_egress_tstamp;
    int_level2_port_ids_t report_level2_port_ids;
    // The packet.
    ipv4_t                ipv4;
    ipv6_t                ipv6;
    tcp_t                 tcp;
    udp_t                 udp;
    int_shim_t            int_shim;
    int_md_t              int_md;
    // INT stack, one header stack per item: element h of each is hop h, 0 being the latest hop.
    int_switch_id_t[MAX_INT_HOPS]       int_switch_id;
    int_level1_port_ids_t[MAX_INT_HOPS] int_level1_port_ids;
    int_hop_latency_t[MAX_INT_HOPS]     int_hop_latency;
    int_q_occupancy_t[MAX_INT_HOPS]     int_q_occupancy;
    int_ingress_tstamp_t[MAX_INT_HOPS]  int_ingress_tstamp;
    int_egress_tstamp_t[MAX_INT_HOPS]   int_egress_tstamp;
    int_level2_port_ids_t[MAX_INT_HOPS] int_level2_port_ids;
    int_egress_tx_util_t[MAX_INT_HOPS]  int_egress_tx_util;
    int_buffer_t[MAX_INT_HOPS]          int_buffer;
    // The stack as words, when its layout has items sonde.p4 does not type (int_headers.p4).
    int_word_t[MAX_INT_STACK_WORDS]     int_raw_stack;
    // GPINT probe (probe_headers.p4), in wire order. Only the entries a switch reads or adds are
    // headers of their own: the top SR entry (popped), this switch's DLV entry and measurements
    // (pushed in front); the other SR and DLV entries are carried whole in one variable-length
    // header each, and the earlier hops' measurements stay payload.
    probe_meta_t                        probe_meta;
    probe_count_t                       probe_sr_count;
    probe_sr_t                          probe_sr;
    probe_sr_rest_t                     probe_sr_rest;
    probe_count_t                       probe_dlv_count;
    probe_dlv_t                         probe_dlv;
    probe_dlv_rest_t                    probe_dlv_rest;
    probe_count_t                       probe_mea_count;
    probe_mea_t[PROBE_MAX_MEASUREMENTS] probe_hop_mea;
    // INT-label (label_headers.p4), behind IPv4: the option, the items it arrived with (oldest
    // first, whole), and this hop's own item, which the deparser emits after them (newest last).
    label_option_t                      label_option;
    label_items_t                       label_items;
    label_item_t                        label_new_item;
}

// Flow identity, filled by the parser, so tables can match IPv4 and L4 fields whether or not the
// headers are there (absent fields stay 0). The sink's report clone keeps the 5-tuple: its UDP
// source port is a hash of it (int_report.p4), and a clone starts with every other field zeroed.
struct flow_meta_t {
    @field_list(FieldList.INT_REPORT)
    ipv4_addr_t ipv4_src;
    @field_list(FieldList.INT_REPORT)
    ipv4_addr_t ipv4_dst;
    @field_list(FieldList.INT_REPORT)
    bit<8>      ip_proto;
    @field_list(FieldList.INT_REPORT)
    bit<16>     l4_src_port;
    @field_list(FieldList.INT_REPORT)
    bit<16>     l4_dst_port;
    bit<6>      dscp;
}

// Forwarding's ECMP state: the group the route names and the flow's salted hash the selector
// picks a member by (forwarding.p4).
struct forwarding_meta_t {
    bit<1>           route_hit; // ipv4_lpm hit: the rule-hit register counts next_hop_group's cell
    next_hop_group_t next_hop_group;
    bit<32>          ecmp_hash;
}

struct int_meta_t {
    // Where and when the packet came in, and where it was going: the sink's report is built from
    // its ingress-to-egress clone, which keeps only these fields of the original's metadata.
    @field_list(FieldList.INT_REPORT)
    bit<48> ingress_tstamp;
    // Also where a probe came in: its feedback leaves there, and PacketIn says it (for a recovery
    // notification, the port the lost probe left by).
    @field_list(FieldList.INT_REPORT, FieldList.PROBE_FEEDBACK, FieldList.PROBE_COPY, FieldList.LABEL_EXPORT)
    port_t  ingress_port;
    @field_list(FieldList.INT_REPORT)
    port_t  egress_port;
    bit<9>  stack_words_left; // parser: words not yet extracted; bit 8 flags an underflow
    bit<8>  layout_mismatch;  // parser: zero when Hop ML equals the bitmap's per-hop size
    bit<8>  hop_count;        // hops parsed into the typed stacks
    bit<1>  is_sink;          // the egress port faces a host: INT ends here
    bit<32> switch_id;        // this node's INT Node ID (int_node_id, set by the control plane)
}

// Event pre-filter parameters of the packet's flow (event_filter_flows) and its verdict.
struct event_meta_t {
    bit<2>                 mode;
    event_filter_index_t   filter_index;
    bit<8>                 algorithm;
    bit<8>                 metric;
    bit<32>                threshold;
    bit<8>                 ema_weight;
    cnf_expression_index_t expression_index;
    bit<1>                 report;
}

// GPINT probes (probe.p4). The feedback is an ingress clone and SQR's stored copy an egress clone
// that loops through recirculation; the field lists keep what they need of the original.
struct gpint_meta_t {
    @field_list(FieldList.PROBE_FEEDBACK)
    bit<1>  is_feedback;       // the ingress clone that becomes the feedback
    @field_list(FieldList.PROBE_COPY)
    bit<1>  is_copy;           // SQR's stored copy, waiting for the next hop's feedback
    @field_list(FieldList.PROBE_COPY)
    bit<1>  timed_out;         // the copy's egress pass found its deadline passed
    @field_list(FieldList.PROBE_COPY)
    bit<48> deadline;          // egress timestamp (us) after which the copy is reported
    @field_list(FieldList.PROBE_COPY)
    port_t  wait_port;         // the port the probe left by: its feedback must arrive there
    bit<1>  recovery_enabled;  // probe_settings
    bit<32> feedback_timeout_us;
    bit<1>  insert;            // a measurement probe this switch adds its hop to (egress)
    bit<1>  store;             // ... and keeps a copy of (not its last hop, recovery enabled)
    bit<8>  hop_mea_count;     // measurements this switch adds
    bit<32> drop_reason;       // probe_drops cell of a probe over a bound, else PROBE_DROP_NONE
}

// INT-label (label.p4). The export is an egress clone and the labeled original recirculates once
// to be restored (BMv2 copies an egress clone from the headers the original ends egress with, so
// the pass that clones cannot also strip); the field lists keep what those passes need.
struct label_meta_t {
    bit<1>  parsed;            // parser: the option and every item it counts were extracted
    bit<8>  items;             // parser: the item count on arrival (int_num & LABEL_COUNT_MASK)
    bit<1>  specific;          // a specific flow: int_num bit 7, from the parser or label_flows
    bit<1>  eligible;          // ingress: an IPv4 user packet, not from the CPU port, not a probe
    bit<1>  malformed;         // ingress: such a packet whose option did not parse
    bit<2>  mode;              // label_settings
    bit<32> interval_us;       // T
    bit<32> rest_us;           // T1
    bit<8>  max_hop;
    bit<16> threshold;         // label_probability: p = threshold / 65536
    bit<1>  scale_by_interval; // ... times elapsed / (T >> S) (paper §6 F3)
    bit<1>  sink;              // label_sink_ports: the egress port faces a host
    bit<8>  shift;             // S: the egress port's Reg2
    bit<8>  reason;            // LABEL_REASON_* of this hop's decision
    bit<1>  decided;           // this hop labeled, or found no room (label_decisions counts it)
    @field_list(FieldList.LABEL_EXPORT)
    bit<1>  export;            // the export clone, on its way to the CPU port
    @field_list(FieldList.LABEL_RESTORE)
    bit<1>  restore;           // the original, recirculated to have its labels removed
    @field_list(FieldList.LABEL_RESTORE)
    port_t  out_port;          // ... and the sink port it then leaves by
}

// Later features add their own struct here rather than reuse these.
struct metadata_t {
    flow_meta_t       flow;
    forwarding_meta_t forwarding;
    int_meta_t        int_meta;
    event_meta_t      event;
    gpint_meta_t      gpint;
    label_meta_t      label;
}

#endif
