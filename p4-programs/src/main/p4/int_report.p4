// SPDX-License-Identifier: Apache-2.0
// Telemetry Report v2.0 from the sink's report clone (int_sink.p4), in egress: the clone arrives
// re-parsed as the sink received it, INT stack included, and leaves as
//   Ethernet / IPv4 / UDP / group header / individual report (RepType INT, InType IPv4 or IPv6) /
//   main contents with the sink's own metadata / inner packet from IP through the INT stack, without
//   INT-label's option and items
// (TR-2.0 §3, §4.3: the stack stays in the inner packet, the sink's metadata goes in the report).
#ifndef SONDE_INT_REPORT_P4
#define SONDE_INT_REPORT_P4

control IntReport(inout headers_t hdr, inout metadata_t meta,
                  inout standard_metadata_t standard_metadata) {
    @id(0x13000500) direct_counter(CounterType.packets_and_bytes) int_report_collectors_counter;

    // Sequence numbers per hw_id toward the collector, for loss detection (TR-2.0 §3.2).
    @id(0x16000500) register<bit<32>>(REPORT_HW_IDS) report_sequence_number;

    // Addresses of this switch and of the collector reached through the report's egress port.
    @id(0x01000500) action send_report(mac_addr_t src_mac, mac_addr_t collector_mac, ipv4_addr_t src_ip,
                                       ipv4_addr_t collector_ip, bit<16> collector_port,
                                       report_hw_id_t hw_id) {
        hdr.vlan.setInvalid();
        hdr.ethernet.src_addr = src_mac;
        hdr.ethernet.dst_addr = collector_mac;
        hdr.ethernet.ether_type = ETHERTYPE_IPV4;

        hdr.report_ipv4.setValid();
        hdr.report_ipv4.version = 4;
        hdr.report_ipv4.ihl = 5;
        hdr.report_ipv4.dscp = 0;
        hdr.report_ipv4.ecn = 0;
        hdr.report_ipv4.identification = 0;
        hdr.report_ipv4.flags = IPV4_FLAGS_DONT_FRAGMENT;
        hdr.report_ipv4.frag_offset = 0;
        hdr.report_ipv4.ttl = REPORT_IPV4_TTL;
        hdr.report_ipv4.protocol = IP_PROTO_UDP;
        hdr.report_ipv4.src_addr = src_ip;
        hdr.report_ipv4.dst_addr = collector_ip;

        hdr.report_udp.setValid();
        hdr.report_udp.dst_port = collector_port;
        hdr.report_udp.checksum = 0;

        hdr.report_group.setValid();
        hdr.report_group.version = REPORT_VERSION;
        hdr.report_group.hw_id = hw_id;
        hdr.report_group.node_id = meta.int_meta.switch_id;
    }

    // No collector behind this port: the clone goes nowhere.
    @id(0x01000501) action drop_report() {
        mark_to_drop(standard_metadata);
    }

    @id(0x02000500) table int_report_collectors {
        key = {
            standard_metadata.egress_port : exact @name("egress_port");
        }
        actions = {
            send_report;
            drop_report;
        }
        default_action = drop_report();
        size = INT_REPORT_TABLE_SIZE;
        counters = int_report_collectors_counter;
    }

    apply {
        switch (int_report_collectors.apply().action_run) {
            send_report: {
                bit<32> sequence_number;
                report_sequence_number.read(sequence_number, (bit<32>) hdr.report_group.hw_id);
                report_sequence_number.write((bit<32>) hdr.report_group.hw_id, sequence_number + 1);
                hdr.report_group.sequence_number = sequence_number[21:0];

                // UDP source port from the inner flow, so one flow's reports keep one path (TR-2.0 §3.1).
                hash(hdr.report_udp.src_port, HashAlgorithm.crc16, 16w0,
                     { meta.flow.ipv4_src, meta.flow.ipv4_dst, meta.flow.ip_proto,
                       meta.flow.l4_src_port, meta.flow.l4_dst_port },
                     32w65536);

                // The sink's metadata, for the instruction bits it can answer (SINK_REPORTED_METADATA).
                bit<16> rep_md_bits = hdr.int_md.instructions & SINK_REPORTED_METADATA;
                bit<8> md_words = 0;
                if ((rep_md_bits & INT_INSTR_L1_PORT_IDS) != 0) {
                    hdr.report_level1_port_ids.setValid();
                    hdr.report_level1_port_ids.ingress_port_id = (bit<16>) meta.int_meta.ingress_port;
                    hdr.report_level1_port_ids.egress_port_id = (bit<16>) meta.int_meta.egress_port;
                    md_words = md_words + 1;
                }
                if ((rep_md_bits & INT_INSTR_HOP_LATENCY) != 0) {
                    hdr.report_hop_latency.setValid();
                    hdr.report_hop_latency.hop_latency =
                        (bit<32>) (standard_metadata.egress_global_timestamp - meta.int_meta.ingress_tstamp);
                    md_words = md_words + 1;
                }
                if ((rep_md_bits & INT_INSTR_INGRESS_TSTAMP) != 0) {
                    hdr.report_ingress_tstamp.setValid();
                    hdr.report_ingress_tstamp.ingress_tstamp = (bit<64>) meta.int_meta.ingress_tstamp;
                    md_words = md_words + 2;
                }
                if ((rep_md_bits & INT_INSTR_EGRESS_TSTAMP) != 0) {
                    hdr.report_egress_tstamp.setValid();
                    hdr.report_egress_tstamp.egress_tstamp = (bit<64>) standard_metadata.egress_global_timestamp;
                    md_words = md_words + 2;
                }
                if ((rep_md_bits & INT_INSTR_L2_PORT_IDS) != 0) {
                    hdr.report_level2_port_ids.setValid();
                    hdr.report_level2_port_ids.ingress_port_id = (bit<32>) meta.int_meta.ingress_port;
                    hdr.report_level2_port_ids.egress_port_id = (bit<32>) meta.int_meta.egress_port;
                    md_words = md_words + 2;
                }

                // INT-label's option and items are the last hop's, not the report's: the inner
                // packet is the one INT-MD carries, as a collector that knows no INT-label reads it
                // (restored as label.p4's LabelRestore does; the deparser recomputes its checksum).
                if (hdr.label_option.isValid()) {
                    hdr.ipv4.protocol = hdr.label_option.nh;
                    hdr.ipv4.total_len = hdr.ipv4.total_len - LABEL_OPTION_BYTES
                        - LABEL_ITEM_BYTES * (bit<16>) (hdr.label_option.int_num & LABEL_COUNT_MASK);
                    hdr.label_option.setInvalid();
                    hdr.label_items.setInvalid();
                }

                // Inner contents: IP header, L4 header, shim and Length words (INT-2.1 §5.7.2).
                bit<16> inner_bytes = ((bit<16>) hdr.int_shim.len + 1) << 2;
                bit<4> in_type = REPORT_IN_TYPE_IPV4;
                if (hdr.ipv4.isValid()) {
                    inner_bytes = inner_bytes + IPV4_HEADER_BYTES;
                } else {
                    inner_bytes = inner_bytes + IPV6_HEADER_BYTES;
                    in_type = REPORT_IN_TYPE_IPV6;
                }
                if (hdr.tcp.isValid()) {
                    inner_bytes = inner_bytes + TCP_HEADER_BYTES;
                } else {
                    inner_bytes = inner_bytes + UDP_HEADER_BYTES;
                }

                hdr.report_individual.setValid();
                hdr.report_individual.rep_type = REPORT_TYPE_INT;
                hdr.report_individual.in_type = in_type;
                hdr.report_individual.report_length =
                    REPORT_FIXED_CONTENT_WORDS + md_words + (bit<8>) (inner_bytes >> 2);
                hdr.report_individual.md_length = md_words;
                hdr.report_individual.d = 0;
                hdr.report_individual.q = 0;
                hdr.report_individual.f = 1;
                hdr.report_individual.i = 0;
                hdr.report_individual.reserved = 0;

                hdr.report_int_contents.setValid();
                hdr.report_int_contents.rep_md_bits = rep_md_bits;
                hdr.report_int_contents.domain_specific_id = 0;
                hdr.report_int_contents.ds_md_bits = 0;
                hdr.report_int_contents.ds_md_status = 0;

                bit<16> report_ip_bytes = REPORT_HEADERS_BYTES + ((bit<16>) md_words << 2) + inner_bytes;
                hdr.report_ipv4.total_len = report_ip_bytes;
                hdr.report_udp.length = report_ip_bytes - IPV4_HEADER_BYTES;
                // The payload behind the INT stack is not part of the report.
                truncate((bit<32>) (ETHERNET_HEADER_BYTES + report_ip_bytes));
            }
        }
    }
}

#endif
