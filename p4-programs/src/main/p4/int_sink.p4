// SPDX-License-Identifier: Apache-2.0
// INT sink, at ingress of the last INT hop (the egress port faces a host): decide with the event
// pre-filter whether this packet is worth a report, mirror it to the report session if so, then
// strip INT and restore the packet the source saw (INT-2.1 §5.8; paper 003 §III-A).
//
// The report is an ingress-to-egress clone: BMv2 clones the packet as received, INT included,
// whereas an egress-to-egress clone would copy the headers after this node stripped them.
// IntReport (int_report.p4) turns the clone into a Telemetry Report in egress.
#ifndef SONDE_INT_SINK_P4
#define SONDE_INT_SINK_P4

control IntSink(inout headers_t hdr, inout metadata_t meta,
                inout standard_metadata_t standard_metadata) {
    @id(0x13000300) direct_counter(CounterType.packets_and_bytes) int_sink_ports_counter;

    EventFilter() event_filter;

    @id(0x01000300) action mark_sink_port() {
        meta.int_meta.is_sink = 1;
    }

    @id(0x01000301) action not_sink_port() {
        meta.int_meta.is_sink = 0;
    }

    @id(0x02000300) table int_sink_ports {
        key = {
            standard_metadata.egress_spec : exact @name("egress_port");
        }
        actions = {
            mark_sink_port;
            not_sink_port;
        }
        default_action = not_sink_port();
        size = INT_SINK_PORTS_TABLE_SIZE;
        counters = int_sink_ports_counter;
    }

    apply {
        int_sink_ports.apply();
        // A stack that did not parse cannot be stripped: such a packet leaves as it came.
        if (meta.int_meta.is_sink == 1 && hdr.int_md.isValid() && hdr.int_md.version == INT_VERSION
                && standard_metadata.parser_error == error.NoError) {
            event_filter.apply(hdr, meta);
            if (meta.event.report == 1) {
                meta.int_meta.egress_port = standard_metadata.egress_spec;
                clone_preserving_field_list(CloneType.I2E, INT_REPORT_CLONE_SESSION_ID,
                                            (bit<8>) FieldList.INT_REPORT);
            }

            // What the source and the transit hops changed: DSCP (kept in the shim) and the lengths,
            // which grew by the shim and Length words (INT-2.1 §5.7.2).
            bit<16> int_bytes = ((bit<16>) hdr.int_shim.len + 1) << 2;
            if (hdr.ipv4.isValid()) {
                hdr.ipv4.dscp = hdr.int_shim.original_dscp;
                hdr.ipv4.total_len = hdr.ipv4.total_len - int_bytes;
            }
            if (hdr.ipv6.isValid()) {
                hdr.ipv6.dscp = hdr.int_shim.original_dscp;
                hdr.ipv6.payload_len = hdr.ipv6.payload_len - int_bytes;
            }
            if (hdr.udp.isValid()) {
                hdr.udp.length = hdr.udp.length - int_bytes;
            }
            if (hdr.int_md.d == 1) {
                mark_to_drop(standard_metadata);
            }
            hdr.int_shim.setInvalid();
            hdr.int_md.setInvalid();
            hdr.int_switch_id.pop_front(MAX_INT_HOPS);
            hdr.int_level1_port_ids.pop_front(MAX_INT_HOPS);
            hdr.int_hop_latency.pop_front(MAX_INT_HOPS);
            hdr.int_q_occupancy.pop_front(MAX_INT_HOPS);
            hdr.int_ingress_tstamp.pop_front(MAX_INT_HOPS);
            hdr.int_egress_tstamp.pop_front(MAX_INT_HOPS);
            hdr.int_level2_port_ids.pop_front(MAX_INT_HOPS);
            hdr.int_egress_tx_util.pop_front(MAX_INT_HOPS);
            hdr.int_buffer.pop_front(MAX_INT_HOPS);
            hdr.int_raw_stack.pop_front(MAX_INT_STACK_WORDS);
        }
    }
}

#endif
