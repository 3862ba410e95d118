// SPDX-License-Identifier: Apache-2.0
// INT-label (paper 004 §2, §3, §5 Algorithm 5): distributed labeling. Each egress port labels a
// passing IPv4 packet when its interval T >> S has elapsed since it last did (Base A), or else, in
// Base B, with a probability that grows with the items the packet already carries; the last hop
// exports the items to the controller and restores the packet byte for byte. Specific flows
// (paper §3.3) are marked at their first hop and labeled at every hop. The decisions this file
// implements (wire format, ids, counters) are in p4-programs/README.md ("INT-label").
//
// As in probe.p4, the work is done in actions, where p4c turns an `if` into an expression (no
// BMv2 conditional, no extra table); an action's `if` may only assign, so header validity,
// counters, clones and recirculation stay in the apply blocks. Register cells an action must leave
// alone are written back unchanged.
#ifndef SONDE_LABEL_P4
#define SONDE_LABEL_P4

// Ingress stage 6: which packets INT-label may touch, and specific flows.
control LabelIngress(inout headers_t hdr, inout metadata_t meta,
                     inout standard_metadata_t standard_metadata) {
    // Per flow index: the ingress time of the flow's last sampled packet; 0 = none yet.
    @id(0x16002000) register<bit<48>>(LABEL_FLOWS) label_flow_last_time;

    @id(0x13002000) direct_counter(CounterType.packets_and_bytes) label_flows_counter;

    // A flow followed hop by hop: a packet becomes specific when sample_interval_us has passed
    // since the flow's last one (0: every packet). flow_index's low 10 bits pick the cell
    // (LABEL_FLOWS = 2^10); the control plane gives each flow its own index below that. A
    // specific packet gets int_num's bit 7, on an option of its own when it has none yet (then
    // with no items: the first hop's egress labels it).
    @id(0x01002000) action label_specific_flow(bit<16> flow_index, bit<32> sample_interval_us) {
        bit<32> cell = (bit<32>) flow_index[9:0];
        bit<48> now = standard_metadata.ingress_global_timestamp;
        bit<48> last;
        label_flow_last_time.read(last, cell);
        bit<1> sampled = 0;
        if (sample_interval_us == 0 || last == 0 || now - last > (bit<48>) sample_interval_us) {
            sampled = 1;
            last = now;
        }
        label_flow_last_time.write(cell, last);
        label_option_t option;
        option.setValid();
        option.nh = hdr.ipv4.protocol;
        option.int_num = LABEL_SPECIFIC_FLOW;
        bit<16> added = LABEL_OPTION_BYTES;
        if (hdr.label_option.isValid()) {
            option.nh = hdr.label_option.nh;
            option.int_num = hdr.label_option.int_num | LABEL_SPECIFIC_FLOW;
            added = 0;
        }
        if (sampled == 1) {
            hdr.label_option = option;
            hdr.ipv4.protocol = IP_PROTO_INT_LABEL;
            hdr.ipv4.total_len = hdr.ipv4.total_len + added;
            meta.label.specific = 1;
        }
    }

    @id(0x01002005) action not_specific_flow() {
    }

    // Keyed by the packet's own 5-tuple: the protocol is the option's nh when labels precede L4.
    @id(0x02002000) table label_flows {
        key = {
            meta.flow.ipv4_src    : exact @name("src_addr");
            meta.flow.ipv4_dst    : exact @name("dst_addr");
            meta.flow.ip_proto    : exact @name("protocol");
            meta.flow.l4_src_port : exact @name("src_port");
            meta.flow.l4_dst_port : exact @name("dst_port");
        }
        actions = {
            label_specific_flow;
            not_specific_flow;
        }
        default_action = not_specific_flow();
        size = LABEL_FLOWS_TABLE_SIZE;
        counters = label_flows_counter;
    }

    // INT-label applies to IPv4 user packets only: not to probes (they never get here), not to
    // what the CPU port sends or is sent, not to clones or recirculations (their metadata starts
    // at 0; sonde.p4 makes no multicast replicas). One whose option did not parse is left alone
    // and counted by egress.
    @id(0x01002006) action classify_label_packet() {
        meta.label.eligible = 0;
        meta.label.malformed = 0;
        if (hdr.ipv4.isValid() && standard_metadata.ingress_port != CPU_PORT
                && standard_metadata.egress_spec != CPU_PORT
                && standard_metadata.instance_type == PKT_INSTANCE_TYPE_NORMAL) {
            meta.label.eligible = 1;
            if (hdr.label_option.isValid() && meta.label.parsed == 0) {
                meta.label.eligible = 0;
                meta.label.malformed = 1;
            }
        }
    }

    apply {
        classify_label_packet();
        if (meta.label.eligible == 1) {
            label_flows.apply();
        }
    }
}

// Egress stage 3: the labeling decision per egress port (Algorithms 1, 2 and Pro's Reg2), this
// hop's item, and at a port toward a host the export and the restoration.
control LabelEgress(inout headers_t hdr, inout metadata_t meta,
                    inout standard_metadata_t standard_metadata) {
    // Reg1: per egress port, the time it last labeled (LT); 0 = never, so it labels at once.
    @id(0x16002001) register<bit<48>>(MAX_PORTS) label_last_time;
    // Reg2: per egress port, S: the port labels every T >> S (and T1 >> S). The controller's
    // adaptive loop writes it (at most 15); S >= 48 would label every packet.
    @id(0x16002002) register<bit<8>>(MAX_PORTS) label_shift;

    // Cell p * LABEL_REASONS + reason: labelings per port and reason, cell p * 4 + 0 the packets
    // port p found full.
    @id(0x12002000) counter(LABEL_DECISION_CELLS, CounterType.packets) label_decisions;
    // Cell p * LABEL_CARRIED_COUNTS + n: packets leaving by p with n items (0: without labels,
    // which is how a last hop's restored packets leave).
    @id(0x12002001) counter(LABEL_CARRIED_CELLS, CounterType.packets_and_bytes) label_carried;
    // Exports, by the last hop's egress port.
    @id(0x12002002) counter(MAX_PORTS, CounterType.packets_and_bytes) label_exports;
    // Packets whose option did not parse (more than MAX_LABEL_ITEMS items, or cut short).
    @id(0x12002003) counter(1, CounterType.packets) label_malformed;

    @id(0x13002001) direct_counter(CounterType.packets_and_bytes) label_settings_counter;
    @id(0x13002002) direct_counter(CounterType.packets_and_bytes) label_probability_counter;
    @id(0x13002003) direct_counter(CounterType.packets_and_bytes) label_sink_ports_counter;

    // Per-switch settings in the default action of a keyless table, as probe_settings: the mode
    // (LABEL_MODE_*), T and T1 in microseconds, MAX_hop.
    @id(0x01002001) action set_label_settings(bit<2> mode, bit<32> interval_us, bit<32> rest_us,
                                              bit<8> max_hop) {
        meta.label.mode = mode;
        meta.label.interval_us = interval_us;
        meta.label.rest_us = rest_us;
        meta.label.max_hop = max_hop;
    }

    // Off; T 50 ms, T1 0, MAX_hop 5 (paper §6.1).
    @id(0x02002001) table label_settings {
        actions = {
            set_label_settings;
        }
        default_action = set_label_settings(LABEL_MODE_OFF, 50000, 0, 5);
        size = SWITCH_VALUE_TABLE_SIZE;
        counters = label_settings_counter;
    }

    // Base B's f(n) as p = threshold / 65536, LABEL_PROBABILITY_ALWAYS meaning 1; with
    // scale_by_interval, times elapsed / (T >> S) (paper §6 F3).
    @id(0x01002002) action set_label_probability(bit<16> threshold, bit<1> scale_by_interval) {
        meta.label.threshold = threshold;
        meta.label.scale_by_interval = scale_by_interval;
    }

    @id(0x02002002) table label_probability {
        key = {
            meta.label.items : exact @name("int_num");
        }
        actions = {
            set_label_probability;
        }
        default_action = set_label_probability(0, 0);
        size = LABEL_PROBABILITY_TABLE_SIZE;
        counters = label_probability_counter;
    }

    @id(0x01002003) action mark_label_sink() {
        meta.label.sink = 1;
    }

    @id(0x01002004) action not_label_sink() {
        meta.label.sink = 0;
    }

    // Ports toward hosts: a packet leaving there is a labeled packet's last hop.
    @id(0x02002003) table label_sink_ports {
        key = {
            standard_metadata.egress_port : exact @name("egress_port");
        }
        actions = {
            mark_label_sink;
            not_label_sink;
        }
        default_action = not_label_sink();
        size = LABEL_SINK_PORTS_TABLE_SIZE;
        counters = label_sink_ports_counter;
    }

    // Algorithms 1 and 2 for egress port p: reason says why it labels (FULL: it does not),
    // decided whether label_decisions counts it; Reg1 takes the time when it labels. The packet
    // leaving by a sink port with labels is marked for export; label_carried counts the items it
    // leaves with (none past a last hop, whose packet leaves restored).
    @id(0x01002009) action label_packet() {
        bit<32> port = (bit<32>) standard_metadata.egress_port;
        bit<48> now = standard_metadata.egress_global_timestamp;
        bit<48> last;
        label_last_time.read(last, port);
        label_shift.read(meta.label.shift, port);
        bit<48> interval = ((bit<48>) meta.label.interval_us) >> meta.label.shift;
        bit<48> rest = ((bit<48>) meta.label.rest_us) >> meta.label.shift;
        bit<48> elapsed = now - last;
        bit<8> limit = meta.label.max_hop;
        if (limit > MAX_LABEL_ITEMS) {
            limit = MAX_LABEL_ITEMS;
        }
        // p = threshold / 65536 (65536 for ALWAYS), scaled by elapsed / interval: label when a
        // 16-bit draw r < 65536 p, that is r * interval < threshold * elapsed. Here elapsed is at
        // most interval < 2^48, so neither product overflows 64 bits.
        bit<32> drawn;
        random(drawn, 0, 32w0xFFFF);
        bit<64> threshold = (bit<64>) meta.label.threshold;
        if (meta.label.threshold == LABEL_PROBABILITY_ALWAYS) {
            threshold = 64w0x10000;
        }
        bit<64> draw = (bit<64>) drawn;
        if (meta.label.scale_by_interval == 1) {
            draw = draw * (bit<64>) interval;
            threshold = threshold * (bit<64>) elapsed;
        }
        meta.label.reason = LABEL_REASON_FULL;
        meta.label.decided = 0;
        if (meta.label.mode != LABEL_MODE_OFF) {
            meta.label.decided = 1;
            if (meta.label.specific == 1 && meta.label.items < limit) {
                meta.label.reason = LABEL_REASON_SPECIFIC_FLOW;
            } else if (meta.label.items >= limit) {
                meta.label.reason = LABEL_REASON_FULL;
            } else if (last == 0 || elapsed > interval) {
                meta.label.reason = LABEL_REASON_INTERVAL;
            } else if (meta.label.mode == LABEL_MODE_BASE_B && elapsed >= rest && draw < threshold) {
                meta.label.reason = LABEL_REASON_PROBABILITY;
            } else {
                meta.label.decided = 0;
            }
        }
        if (meta.label.reason != LABEL_REASON_FULL) {
            last = now;
        }
        label_last_time.write(port, last);

        // What leaves: the items it came with and this hop's, or none past a last hop.
        bit<32> carried = 0;
        bit<1> with_labels = 0;
        if (hdr.label_option.isValid()) {
            carried = (bit<32>) meta.label.items;
            with_labels = 1;
        }
        if (meta.label.reason != LABEL_REASON_FULL) {
            carried = carried + 1;
            with_labels = 1;
        }
        meta.label.export = 0;
        if (meta.label.sink == 1 && with_labels == 1) {
            meta.label.export = 1;
            carried = 0;
        }
        label_carried.count(port * LABEL_CARRIED_COUNTS + carried);
    }

    // This hop's item after the others; bit 7 of int_num is kept. The first label also puts the
    // option behind IPv4, which takes its protocol number.
    @id(0x0100200B) action push_label_item() {
        bit<8> nh = hdr.ipv4.protocol;
        bit<8> int_num = 0;
        bit<16> added = LABEL_OPTION_BYTES + LABEL_ITEM_BYTES;
        if (hdr.label_option.isValid()) {
            nh = hdr.label_option.nh;
            int_num = hdr.label_option.int_num;
            added = LABEL_ITEM_BYTES;
        }
        hdr.label_option.setValid();
        hdr.label_option.nh = nh;
        hdr.label_option.int_num = int_num + 1;
        hdr.ipv4.protocol = IP_PROTO_INT_LABEL;
        hdr.ipv4.total_len = hdr.ipv4.total_len + added;
        hdr.label_new_item.setValid();
        hdr.label_new_item.device_id = meta.int_meta.switch_id;
        hdr.label_new_item.ingress_port = (bit<16>) meta.int_meta.ingress_port;
        hdr.label_new_item.egress_port = (bit<16>) standard_metadata.egress_port;
        hdr.label_new_item.label_time = (bit<64>) standard_metadata.egress_global_timestamp;
        hdr.label_new_item.hop_latency = (bit<32>) (standard_metadata.egress_global_timestamp
            - meta.int_meta.ingress_tstamp);
        hdr.label_new_item.queue_id = 0;
        hdr.label_new_item.queue_depth = (bit<24>) standard_metadata.deq_qdepth;
        hdr.label_new_item.tx_utilization = LABEL_TX_UTIL_UNMEASURED;
        hdr.label_new_item.shift = meta.label.shift;
        hdr.label_new_item.reason = meta.label.reason;
        hdr.label_new_item.reserved = 0;
    }

    @id(0x0100200C) action count_decision() {
        label_decisions.count((bit<32>) standard_metadata.egress_port * LABEL_REASONS
                              + (bit<32>) meta.label.reason);
    }

    // The last hop: the frame as it would have left goes to the controller (an egress clone of
    // this pass's headers), and the original goes round once more to have its labels taken off
    // (LabelRestore), since this pass's headers are also the clone's.
    @id(0x0100200D) action export_and_restore() {
        label_exports.count((bit<32>) standard_metadata.egress_port);
        clone_preserving_field_list(CloneType.E2E, LABEL_EXPORT_CLONE_SESSION_ID,
                                    (bit<8>) FieldList.LABEL_EXPORT);
        meta.label.restore = 1;
        meta.label.out_port = standard_metadata.egress_port;
        recirculate_preserving_field_list((bit<8>) FieldList.LABEL_RESTORE);
    }

    // The export keeps what the controller reads: Ethernet, IPv4, the option and items, and the
    // first LABEL_EXPORT_L4_BYTES behind them.
    @id(0x0100200F) action cut_export() {
        bit<32> items = 0;
        if (hdr.label_option.isValid()) {
            items = (bit<32>) (hdr.label_option.int_num & LABEL_COUNT_MASK);
        }
        bit<32> length = (bit<32>) ETHERNET_HEADER_BYTES + (bit<32>) IPV4_HEADER_BYTES
            + (bit<32>) LABEL_OPTION_BYTES + (bit<32>) LABEL_ITEM_BYTES * items + LABEL_EXPORT_L4_BYTES;
        if (hdr.vlan.isValid()) {
            length = length + 4;
        }
        if (hdr.packet_in.isValid()) {
            length = length + 2;
        }
        truncate(length);
    }

    @id(0x01002010) action count_malformed() {
        label_malformed.count(0);
    }

    apply {
        if (meta.label.export == 1) {
            // The export clone, on its way to the CPU port.
            cut_export();
        } else if (meta.label.eligible == 1) {
            label_settings.apply();
            label_probability.apply();
            label_sink_ports.apply();
            label_packet();
            if (meta.label.reason != LABEL_REASON_FULL) {
                push_label_item();
            }
            if (meta.label.decided == 1) {
                count_decision();
            }
            if (meta.label.export == 1) {
                export_and_restore();
            }
        } else if (meta.label.malformed == 1) {
            count_malformed();
        }
    }
}

// Egress stage 0b: the original back from its last hop's export pass, its items re-parsed. It
// leaves as it came to that hop: protocol from nh, option and items gone, lengths as before (the
// checksum is recomputed in SondeComputeChecksum).
control LabelRestore(inout headers_t hdr, inout metadata_t meta) {
    @id(0x01002011) action restore_original() {
        hdr.ipv4.protocol = hdr.label_option.nh;
        hdr.ipv4.total_len = hdr.ipv4.total_len - LABEL_OPTION_BYTES
            - LABEL_ITEM_BYTES * (bit<16>) meta.label.items;
        hdr.label_option.setInvalid();
        hdr.label_items.setInvalid();
    }

    apply {
        restore_original();
    }
}

#endif
