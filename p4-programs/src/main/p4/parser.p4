// SPDX-License-Identifier: Apache-2.0
// Ethernet -> (802.1Q) -> IPv4 | IPv6 -> TCP | UDP -> INT shim (DSCP-marked) -> INT-MD header ->
// stack, the stack parsed hop by hop in a loop bounded by the header stacks (MAX_INT_HOPS); or
// IPv4 -> GPINT probe (protocol 253) -> SR count, top entry, the rest -> DLV count, entries -> MEA count;
// or IPv4 -> INT-label option (protocol 254) -> items -> TCP | UDP by the option's nh.
#ifndef SONDE_PARSER_P4
#define SONDE_PARSER_P4

parser SondeParser(packet_in packet, out headers_t hdr, inout metadata_t meta,
                   inout standard_metadata_t standard_metadata) {
    state start {
        transition select(standard_metadata.ingress_port) {
            CPU_PORT: parse_packet_out;
            default: parse_ethernet;
        }
    }

    state parse_packet_out {
        packet.extract(hdr.packet_out);
        transition parse_ethernet;
    }

    state parse_ethernet {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_VLAN: parse_vlan;
            ETHERTYPE_IPV4: parse_ipv4;
            ETHERTYPE_IPV6: parse_ipv6;
            default: accept;
        }
    }

    state parse_vlan {
        packet.extract(hdr.vlan);
        transition select(hdr.vlan.ether_type) {
            ETHERTYPE_IPV4: parse_ipv4;
            ETHERTYPE_IPV6: parse_ipv6;
            default: accept;
        }
    }

    // Only option-less first fragments go on to L4 or a probe: options or a later fragment would
    // put other bytes where TCP/UDP is expected. GPINT probes follow under protocol 253 and
    // INT-label's INT OPTION (paper 004 §2, §5) under 254, before the TCP/UDP branches where INT
    // is looked for.
    state parse_ipv4 {
        packet.extract(hdr.ipv4);
        meta.flow.ipv4_src = hdr.ipv4.src_addr;
        meta.flow.ipv4_dst = hdr.ipv4.dst_addr;
        meta.flow.ip_proto = hdr.ipv4.protocol;
        meta.flow.dscp = hdr.ipv4.dscp;
        transition select(hdr.ipv4.ihl, hdr.ipv4.frag_offset, hdr.ipv4.protocol) {
            (4w5, 13w0, IP_PROTO_GPINT_PROBE): parse_probe_meta;
            (4w5, 13w0, IP_PROTO_INT_LABEL): parse_label_option;
            (4w5, 13w0, IP_PROTO_TCP): parse_tcp;
            (4w5, 13w0, IP_PROTO_UDP): parse_udp;
            default: accept;
        }
    }

    // INT-label: the option, its items (newest last) whole into one variable-length header, then
    // L4 by nh, so forwarding, its ECMP hash and the flow tables see the packet's own 5-tuple
    // whether or not it carries labels. An option counting more than MAX_LABEL_ITEMS items stops
    // parsing there (error.LabelItemsOverflow), one cut short inside its items ends it too
    // (PacketTooShort): the packet leaves as it came, never labeled nor extracted, and is counted
    // malformed.
    state parse_label_option {
        packet.extract(hdr.label_option);
        meta.flow.ip_proto = hdr.label_option.nh;
        meta.label.items = hdr.label_option.int_num & LABEL_COUNT_MASK;
        meta.label.specific = hdr.label_option.int_num[7:7];
        verify(meta.label.items <= MAX_LABEL_ITEMS, error.LabelItemsOverflow);
        packet.extract(hdr.label_items, (bit<32>) meta.label.items * 256);
        meta.label.parsed = 1;
        transition select(hdr.label_option.nh) {
            IP_PROTO_TCP: parse_tcp;
            IP_PROTO_UDP: parse_udp;
            default: accept;
        }
    }

    // GPINT probe (paper 001 Fig. 4): Req META, then for a measurement probe the SR stack, the DLV
    // entries and the MEA count. The MEA values stay payload: a switch adds its own in front of them.
    // Feedback and recovery notifications are Req META only. The top SR entry is a header of its
    // own; the SR entries behind it and the DLV entries are each extracted whole into a varbit
    // header as long as their count says. More than MAX_PROBE_HOPS entries overrun the varbit's
    // width and end parsing with an error (P4-16 §12.8.2: HeaderTooShort), and the probe is dropped.
    state parse_probe_meta {
        packet.extract(hdr.probe_meta);
        transition select(hdr.ipv4.dscp) {
            PROBE_DSCP_MEASUREMENT: parse_probe_sr_count;
            default: accept;
        }
    }

    state parse_probe_sr_count {
        packet.extract(hdr.probe_sr_count);
        transition select(hdr.probe_sr_count.count) {
            16w0: parse_probe_dlv_count;
            default: parse_probe_sr;
        }
    }

    state parse_probe_sr {
        packet.extract(hdr.probe_sr);
        packet.extract(hdr.probe_sr_rest, ((bit<32>) hdr.probe_sr_count.count - 1) * 24);
        transition parse_probe_dlv_count;
    }

    state parse_probe_dlv_count {
        packet.extract(hdr.probe_dlv_count);
        packet.extract(hdr.probe_dlv_rest, (bit<32>) hdr.probe_dlv_count.count * 32);
        packet.extract(hdr.probe_mea_count);
        transition accept;
    }

    // Extension headers are not walked: INT is looked for right behind the fixed header.
    state parse_ipv6 {
        packet.extract(hdr.ipv6);
        meta.flow.ip_proto = hdr.ipv6.next_hdr;
        meta.flow.dscp = hdr.ipv6.dscp;
        transition select(hdr.ipv6.next_hdr) {
            IP_PROTO_TCP: parse_tcp;
            IP_PROTO_UDP: parse_udp;
            default: accept;
        }
    }

    state parse_tcp {
        packet.extract(hdr.tcp);
        meta.flow.l4_src_port = hdr.tcp.src_port;
        meta.flow.l4_dst_port = hdr.tcp.dst_port;
        transition select(meta.flow.dscp) {
            INT_DSCP &&& INT_DSCP_MASK: parse_int_shim;
            default: accept;
        }
    }

    state parse_udp {
        packet.extract(hdr.udp);
        meta.flow.l4_src_port = hdr.udp.src_port;
        meta.flow.l4_dst_port = hdr.udp.dst_port;
        transition select(meta.flow.dscp) {
            INT_DSCP &&& INT_DSCP_MASK: parse_int_shim;
            default: accept;
        }
    }

    // A Length below 3 words cannot hold the MD header (INT-2.1 §5.7.2): such a shim, or one of
    // another type or NPT, is left as it is and the rest of the packet stays payload.
    state parse_int_shim {
        packet.extract(hdr.int_shim);
        transition select(hdr.int_shim.int_type, hdr.int_shim.npt, hdr.int_shim.len) {
            (INT_TYPE_MD, INT_NPT_DSCP, 8w0): accept;
            (INT_TYPE_MD, INT_NPT_DSCP, 8w1): accept;
            (INT_TYPE_MD, INT_NPT_DSCP, 8w2): accept;
            (INT_TYPE_MD, INT_NPT_DSCP, _): parse_int_md;
            default: accept;
        }
    }

    // Stack words = Length - 3 (INT-2.1 §5.8). The per-hop size the bitmap implies is the sum of
    // int_hop_words() (int_headers.p4), written out because it is compared here, in a parser state.
    state parse_int_md {
        packet.extract(hdr.int_md);
        meta.int_meta.stack_words_left = (bit<9>) hdr.int_shim.len - (bit<9>) INT_MD_HEADER_WORDS;
        meta.int_meta.layout_mismatch = (bit<8>) hdr.int_md.hop_ml ^ (
              (bit<8>) hdr.int_md.instructions[15:15]
            + (bit<8>) hdr.int_md.instructions[14:14]
            + (bit<8>) hdr.int_md.instructions[13:13]
            + (bit<8>) hdr.int_md.instructions[12:12]
            + ((bit<8>) hdr.int_md.instructions[11:11] << 1)
            + ((bit<8>) hdr.int_md.instructions[10:10] << 1)
            + ((bit<8>) hdr.int_md.instructions[9:9] << 1)
            + (bit<8>) hdr.int_md.instructions[8:8]
            + (bit<8>) hdr.int_md.instructions[7:7]);
        transition select(hdr.int_md.version) {
            INT_VERSION: parse_int_stack;
            default: accept;
        }
    }

    // Typed hops when every item is one sonde.p4 knows and Hop ML matches them; words otherwise.
    // A Hop ML of 0 goes to words too: the hop loop would not advance.
    state parse_int_stack {
        transition select(meta.int_meta.stack_words_left, hdr.int_md.instructions,
                          hdr.int_md.ds_instructions, hdr.int_md.hop_ml, meta.int_meta.layout_mismatch) {
            (9w0, _, _, _, _): accept;
            (_, 16w0 &&& INT_INSTR_UNSUPPORTED, 16w0, 5w0, _): parse_int_word;
            (_, 16w0 &&& INT_INSTR_UNSUPPORTED, 16w0, _, 8w0): parse_int_hop;
            default: parse_int_word;
        }
    }

    // One hop: each item its bitmap bit selects, in bit order (INT-2.1 §5.8). A ninth hop finds
    // the header stacks full and ends parsing with error.StackOutOfBounds.
    state parse_int_hop {
        meta.int_meta.hop_count = meta.int_meta.hop_count + 1;
        transition select(hdr.int_md.instructions) {
            INT_INSTR_SWITCH_ID &&& INT_INSTR_SWITCH_ID: parse_int_switch_id;
            default: check_int_level1_port_ids;
        }
    }

    state parse_int_switch_id {
        packet.extract(hdr.int_switch_id.next);
        transition check_int_level1_port_ids;
    }

    state check_int_level1_port_ids {
        transition select(hdr.int_md.instructions) {
            INT_INSTR_L1_PORT_IDS &&& INT_INSTR_L1_PORT_IDS: parse_int_level1_port_ids;
            default: check_int_hop_latency;
        }
    }

    state parse_int_level1_port_ids {
        packet.extract(hdr.int_level1_port_ids.next);
        transition check_int_hop_latency;
    }

    state check_int_hop_latency {
        transition select(hdr.int_md.instructions) {
            INT_INSTR_HOP_LATENCY &&& INT_INSTR_HOP_LATENCY: parse_int_hop_latency;
            default: check_int_q_occupancy;
        }
    }

    state parse_int_hop_latency {
        packet.extract(hdr.int_hop_latency.next);
        transition check_int_q_occupancy;
    }

    state check_int_q_occupancy {
        transition select(hdr.int_md.instructions) {
            INT_INSTR_QUEUE &&& INT_INSTR_QUEUE: parse_int_q_occupancy;
            default: check_int_ingress_tstamp;
        }
    }

    state parse_int_q_occupancy {
        packet.extract(hdr.int_q_occupancy.next);
        transition check_int_ingress_tstamp;
    }

    state check_int_ingress_tstamp {
        transition select(hdr.int_md.instructions) {
            INT_INSTR_INGRESS_TSTAMP &&& INT_INSTR_INGRESS_TSTAMP: parse_int_ingress_tstamp;
            default: check_int_egress_tstamp;
        }
    }

    state parse_int_ingress_tstamp {
        packet.extract(hdr.int_ingress_tstamp.next);
        transition check_int_egress_tstamp;
    }

    state check_int_egress_tstamp {
        transition select(hdr.int_md.instructions) {
            INT_INSTR_EGRESS_TSTAMP &&& INT_INSTR_EGRESS_TSTAMP: parse_int_egress_tstamp;
            default: check_int_level2_port_ids;
        }
    }

    state parse_int_egress_tstamp {
        packet.extract(hdr.int_egress_tstamp.next);
        transition check_int_level2_port_ids;
    }

    state check_int_level2_port_ids {
        transition select(hdr.int_md.instructions) {
            INT_INSTR_L2_PORT_IDS &&& INT_INSTR_L2_PORT_IDS: parse_int_level2_port_ids;
            default: check_int_egress_tx_util;
        }
    }

    state parse_int_level2_port_ids {
        packet.extract(hdr.int_level2_port_ids.next);
        transition check_int_egress_tx_util;
    }

    state check_int_egress_tx_util {
        transition select(hdr.int_md.instructions) {
            INT_INSTR_TX_UTIL &&& INT_INSTR_TX_UTIL: parse_int_egress_tx_util;
            default: check_int_buffer;
        }
    }

    state parse_int_egress_tx_util {
        packet.extract(hdr.int_egress_tx_util.next);
        transition check_int_buffer;
    }

    state check_int_buffer {
        transition select(hdr.int_md.instructions) {
            INT_INSTR_BUFFER &&& INT_INSTR_BUFFER: parse_int_buffer;
            default: end_int_hop;
        }
    }

    state parse_int_buffer {
        packet.extract(hdr.int_buffer.next);
        transition end_int_hop;
    }

    // The words left must reach exactly 0 on a hop boundary: computed in 9 bits so running past
    // the end of the stack shows as bit 8 instead of wrapping to a long loop.
    state end_int_hop {
        meta.int_meta.stack_words_left = meta.int_meta.stack_words_left - (bit<9>) hdr.int_md.hop_ml;
        verify(meta.int_meta.stack_words_left[8:8] == 0, error.IntStackLengthMismatch);
        transition select(meta.int_meta.stack_words_left) {
            9w0: accept;
            default: parse_int_hop;
        }
    }

    // Word by word, at most MAX_INT_STACK_WORDS (then error.StackOutOfBounds).
    state parse_int_word {
        packet.extract(hdr.int_raw_stack.next);
        meta.int_meta.stack_words_left = meta.int_meta.stack_words_left - 1;
        transition select(meta.int_meta.stack_words_left) {
            9w0: accept;
            default: parse_int_word;
        }
    }
}

// Hop h of the stack: its items in bitmap bit order (INT-2.1 §5.8). Invalid items emit nothing.
#define EMIT_INT_HOP(h) \
    packet.emit(hdr.int_switch_id[h]); \
    packet.emit(hdr.int_level1_port_ids[h]); \
    packet.emit(hdr.int_hop_latency[h]); \
    packet.emit(hdr.int_q_occupancy[h]); \
    packet.emit(hdr.int_ingress_tstamp[h]); \
    packet.emit(hdr.int_egress_tstamp[h]); \
    packet.emit(hdr.int_level2_port_ids[h]); \
    packet.emit(hdr.int_egress_tx_util[h]); \
    packet.emit(hdr.int_buffer[h]);

control SondeDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.packet_in);
        packet.emit(hdr.ethernet);
        packet.emit(hdr.vlan);
        // Report encapsulation (TR-2.0 §3): outer IPv4/UDP, group, individual report, main contents
        // with the sink's metadata in RepMdBits order; the inner packet follows from its IP header.
        packet.emit(hdr.report_ipv4);
        packet.emit(hdr.report_udp);
        packet.emit(hdr.report_group);
        packet.emit(hdr.report_individual);
        packet.emit(hdr.report_int_contents);
        packet.emit(hdr.report_level1_port_ids);
        packet.emit(hdr.report_hop_latency);
        packet.emit(hdr.report_ingress_tstamp);
        packet.emit(hdr.report_egress_tstamp);
        packet.emit(hdr.report_level2_port_ids);
        packet.emit(hdr.ipv4);
        // INT-label: the items the packet came with, then this hop's.
        packet.emit(hdr.label_option);
        packet.emit(hdr.label_items);
        packet.emit(hdr.label_new_item);
        // GPINT probe: this switch's measurements go in front of the earlier hops' (payload).
        packet.emit(hdr.probe_meta);
        packet.emit(hdr.probe_sr_count);
        packet.emit(hdr.probe_sr);
        packet.emit(hdr.probe_sr_rest);
        packet.emit(hdr.probe_dlv_count);
        packet.emit(hdr.probe_dlv);
        packet.emit(hdr.probe_dlv_rest);
        packet.emit(hdr.probe_mea_count);
        packet.emit(hdr.probe_hop_mea);
        packet.emit(hdr.ipv6);
        packet.emit(hdr.tcp);
        packet.emit(hdr.udp);
        packet.emit(hdr.int_shim);
        packet.emit(hdr.int_md);
        FOR_EACH_INT_HOP(EMIT_INT_HOP)
        packet.emit(hdr.int_raw_stack);
    }
}

#endif
