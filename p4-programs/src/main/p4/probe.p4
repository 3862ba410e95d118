// SPDX-License-Identifier: Apache-2.0
// GPINT probes with SQR data recovery (paper 001 §III-C Fig. 5 and 6, §IV). A measurement probe
// (DSCP 0x1D) is source-routed: each switch answers the hop before it with a feedback (DSCP 0x19),
// pops its SR entry, adds its DLV entry and the measurements its MEA range names, and sends the
// probe on, or to the CPU port when no entry is left. Unless it was the last hop it keeps a copy;
// the next hop's feedback discards the copy, and without one within t_f the copy goes to the CPU
// port as a recovery notification (DSCP 0x21) with the telemetry gathered so far.
//
// v1model has no timer, so the stored copy is a packet in a loop, as in the paper's own "artificial
// loop" (§III-C): an egress clone that recirculates, checks the feedback register in ingress and
// its deadline in egress, and leaves the loop when either says so. BMv2 spends a pipeline pass per
// turn on it while it waits. Registers belong to one control, so the measurement registers, the
// feedback register and the cells they read all live in ProbeIngress; egress adds the DLV entry,
// whose queue depth only egress knows.
#ifndef SONDE_PROBE_P4
#define SONDE_PROBE_P4

// Ingress stage 3, and the stored copy's ingress pass (SondeIngress applies it first for those).
control ProbeIngress(inout headers_t hdr, inout metadata_t meta,
                     inout standard_metadata_t standard_metadata) {
    // Measurement type 0 (rule-hit counters): one cell per next-hop group id of an ipv4_lpm hit,
    // cell 0 for routes with a direct next hop; misses are not counted.
    @id(0x16001000) register<bit<32>>(PROBE_RULE_HIT_CELLS) probe_rule_hits;
    // Measurement type 1 (port packet counters): one cell per ingress port, every packet counted.
    @id(0x16001001) register<bit<32>>(MAX_PORTS) probe_port_packets;
    // Per request id: the port its last feedback arrived on, plus one (0: none since the copy was
    // stored). A copy waiting on port p is answered when its cell holds p + 1.
    @id(0x16001002) register<bit<16>>(PROBE_REQUEST_IDS) probe_feedback_port;
    // Probes dropped, by reason (defines.p4 PROBE_DROP_*).
    @id(0x12001000) counter(PROBE_DROP_REASONS, CounterType.packets) probe_drops;

    @id(0x13001000) direct_counter(CounterType.packets_and_bytes) probe_settings_counter;

    // Per-switch settings in the default action of a keyless table (BMv2's PI server cannot write
    // registers; as int_node_id and ecmp_salt): SQR on or off, and t_f in microseconds.
    @id(0x01001000) action set_probe_settings(bit<1> recovery_enabled, bit<32> feedback_timeout_us) {
        meta.gpint.recovery_enabled = recovery_enabled;
        meta.gpint.feedback_timeout_us = feedback_timeout_us;
    }

    // Paper §IV-C: t_f = 1.5 s, recovery on.
    @id(0x02001000) table probe_settings {
        actions = {
            set_probe_settings;
        }
        default_action = set_probe_settings(1, 1500000);
        size = SWITCH_VALUE_TABLE_SIZE;
        counters = probe_settings_counter;
    }

    // The work is done in actions, where p4c turns a condition into an expression: each action
    // costs the BMv2 program one table and no conditional, where the same statements in the apply
    // block would cost a table per branch and a conditional per `if`. A register cell an action
    // must leave alone is read and written back unchanged.

    // The measurements: every packet counts on its ingress port, every route hit on its cell (a
    // miss, or a group past the register, writes cell 0 back as it was).
    @id(0x01001001) action count_measurements() {
        bit<32> port_packets;
        probe_port_packets.read(port_packets, (bit<32>) standard_metadata.ingress_port);
        probe_port_packets.write((bit<32>) standard_metadata.ingress_port, port_packets + 1);
        bit<32> cell = 0;
        bit<32> increment = 0;
        if (meta.forwarding.route_hit == 1 && meta.forwarding.next_hop_group < PROBE_RULE_HIT_CELLS) {
            cell = (bit<32>) meta.forwarding.next_hop_group;
            increment = 1;
        }
        bit<32> rule_hits;
        probe_rule_hits.read(rule_hits, cell);
        probe_rule_hits.write(cell, rule_hits + increment);
    }

    // SQR's stored copy, back from its egress pass: discarded once the next hop's feedback came
    // in on the port it waits on (mark_to_drop's two writes), reported once egress found its
    // deadline passed, else round again through the port it left by.
    @id(0x01001002) action release_copy() {
        bit<16> answered;
        probe_feedback_port.read(answered, (bit<32>) hdr.probe_meta.request_id);
        standard_metadata.egress_spec = meta.gpint.wait_port;
        if (answered == (bit<16>) meta.gpint.wait_port + 1) {
            standard_metadata.egress_spec = DROP_PORT;
            standard_metadata.mcast_grp = 0;
        } else if (meta.gpint.timed_out == 1) {
            // PacketIn names the port the lost probe left by: the link that failed.
            meta.gpint.is_copy = 0;
            meta.int_meta.ingress_port = meta.gpint.wait_port;
            hdr.ipv4.dscp = PROBE_DSCP_RECOVERY;
            standard_metadata.egress_spec = CPU_PORT;
        }
    }

    // Why a probe that is no feedback must be dropped, first reason first; PROBE_DROP_NONE when
    // it may be forwarded.
    @id(0x01001003) action check_probe() {
        meta.gpint.drop_reason = PROBE_DROP_NONE;
        if (hdr.probe_dlv_count.count == MAX_PROBE_HOPS) {
            meta.gpint.drop_reason = PROBE_DROP_DLV_FULL;
        }
        if (hdr.probe_sr.mea_count > PROBE_MAX_MEASUREMENTS) {
            meta.gpint.drop_reason = PROBE_DROP_TOO_MANY_MEASUREMENTS;
        }
        if (hdr.probe_sr_count.count == 0) {
            meta.gpint.drop_reason = PROBE_DROP_NO_SR_ENTRY;
        }
        if (standard_metadata.parser_error != error.NoError) {
            meta.gpint.drop_reason = PROBE_DROP_MALFORMED;
        }
        if (hdr.ipv4.dscp != PROBE_DSCP_MEASUREMENT) {
            meta.gpint.drop_reason = PROBE_DROP_UNKNOWN_KIND;
        }
    }

    // Measurement i of this switch's range, in index order: cell mea_first + i of the register
    // the request type names. Both registers hold every cell a MEA range can name (sizes.p4), so
    // the cells past the range are read too, and only the first mea_count values are kept.
#define PROBE_MEASURE(i) \
    probe_rule_hits.read(rule_hits, first + i); \
    probe_port_packets.read(port_packets, first + i); \
    measurement.value = (hdr.probe_meta.request_type == 0) ? rule_hits : port_packets; \
    if (meta.gpint.hop_mea_count > i) { \
        hdr.probe_hop_mea[i] = measurement; \
    }

    // This switch's measurements, then its SR entry popped: the next port, or the CPU port when
    // it was the last ("probe completed").
    @id(0x01001004) action measure_and_pop() {
        meta.gpint.insert = 1;
        meta.gpint.hop_mea_count = hdr.probe_sr.mea_count;
        bit<32> first = (bit<32>) hdr.probe_sr.mea_first;
        bit<32> rule_hits;
        bit<32> port_packets;
        probe_mea_t measurement;
        measurement.setValid();
        FOR_EACH_PROBE_MEASUREMENT(PROBE_MEASURE)
        standard_metadata.egress_spec = (port_t) hdr.probe_sr.next_port;
        hdr.probe_sr.setInvalid();
        hdr.probe_sr_count.count = hdr.probe_sr_count.count - 1;
        hdr.ipv4.total_len = hdr.ipv4.total_len - PROBE_SR_ENTRY_BYTES;
        if (hdr.probe_sr_count.count == 0) {
            standard_metadata.egress_spec = CPU_PORT;
        }
    }
#undef PROBE_MEASURE

    // With recovery on: the feedback, a clone of the probe as it came in, back out of its arrival
    // port; and unless this was the last hop, a copy will wait for the next hop's feedback, none
    // of which has come for it yet.
    @id(0x01001005) action answer_and_keep() {
        meta.gpint.is_feedback = 1;
        clone_preserving_field_list(CloneType.I2E,
            PROBE_CLONE_SESSION_BASE + (bit<32>) standard_metadata.ingress_port,
            (bit<8>) FieldList.PROBE_FEEDBACK);
        bit<16> answered;
        probe_feedback_port.read(answered, (bit<32>) hdr.probe_meta.request_id);
        if (hdr.probe_sr_count.count != 0) {
            meta.gpint.store = 1;
            answered = 0;
        }
        probe_feedback_port.write((bit<32>) hdr.probe_meta.request_id, answered);
    }

    apply {
        probe_settings.apply();
        if (meta.gpint.is_copy == 1) {
            release_copy();
            return;
        }
        count_measurements();
        if (!hdr.probe_meta.isValid()) {
            return;
        }
        if (hdr.ipv4.dscp == PROBE_DSCP_FEEDBACK) {
            // The next hop has the probe: the copy waiting for it may go. Consumed here.
            probe_feedback_port.write((bit<32>) hdr.probe_meta.request_id,
                                      (bit<16>) standard_metadata.ingress_port + 1);
            mark_to_drop(standard_metadata);
            return;
        }
        // A probe over a bound is dropped and counted, never forwarded half-written.
        check_probe();
        if (meta.gpint.drop_reason != PROBE_DROP_NONE) {
            probe_drops.count(meta.gpint.drop_reason);
            mark_to_drop(standard_metadata);
            return;
        }
        measure_and_pop();
        if (meta.gpint.recovery_enabled == 1) {
            answer_and_keep();
        }
    }
}

// Egress stage 4: the probe's DLV entry and counts, the copy kept; or the feedback clone cut down.
control ProbeEgress(inout headers_t hdr, inout metadata_t meta,
                    inout standard_metadata_t standard_metadata) {
    // Ethernet + IPv4 + Req META of the probe it answers, back toward its sender. Truncation
    // after Req META cuts the rest: the SR and DLV entries and the measurements.
    @id(0x01001010) action cut_to_feedback() {
        mac_addr_t sender = hdr.ethernet.src_addr;
        hdr.ethernet.src_addr = hdr.ethernet.dst_addr;
        hdr.ethernet.dst_addr = sender;
        hdr.ipv4.dscp = PROBE_DSCP_FEEDBACK;
        hdr.ipv4.total_len = PROBE_FEEDBACK_IPV4_LENGTH;
        bit<32> length = PROBE_FEEDBACK_FRAME_BYTES;
        if (hdr.packet_in.isValid()) {
            length = PROBE_FEEDBACK_PACKET_IN_BYTES;
        }
        truncate(length);
    }

    // This switch's DLV entry in front, the counts and the IPv4 length updated.
    @id(0x01001011) action push_dlv_entry() {
        hdr.probe_dlv.setValid();
        hdr.probe_dlv.switch_id = meta.int_meta.switch_id[7:0];
        hdr.probe_dlv.queue_depth = (bit<8>) standard_metadata.deq_qdepth;
        if (standard_metadata.deq_qdepth > 255) {
            hdr.probe_dlv.queue_depth = 255;
        }
        hdr.probe_dlv.mea_count = (bit<16>) meta.gpint.hop_mea_count;
        hdr.probe_dlv_count.count = hdr.probe_dlv_count.count + 1;
        hdr.probe_mea_count.count = hdr.probe_mea_count.count + (bit<16>) meta.gpint.hop_mea_count;
        hdr.ipv4.total_len = hdr.ipv4.total_len + PROBE_DLV_ENTRY_BYTES
            + PROBE_MEA_BYTES * (bit<16>) meta.gpint.hop_mea_count;
    }

    apply {
        if (meta.gpint.is_feedback == 1 && standard_metadata.instance_type == PKT_INSTANCE_TYPE_INGRESS_CLONE) {
            cut_to_feedback();
        } else if (meta.gpint.insert == 1) {
            push_dlv_entry();
            if (meta.gpint.store == 1) {
                // SQR's copy of the probe as it leaves, waiting until the deadline for the next
                // hop's feedback on this port.
                meta.gpint.is_copy = 1;
                meta.gpint.timed_out = 0;
                meta.gpint.wait_port = standard_metadata.egress_port;
                meta.gpint.deadline = standard_metadata.egress_global_timestamp
                    + (bit<48>) meta.gpint.feedback_timeout_us;
                clone_preserving_field_list(CloneType.E2E,
                    PROBE_CLONE_SESSION_BASE + (bit<32>) standard_metadata.egress_port,
                    (bit<8>) FieldList.PROBE_COPY);
            }
        }
    }
}

// The stored copy's egress pass (SondeEgress applies it before anything else): past its deadline
// it is marked for the CPU port, and it goes back to ingress either way.
control ProbeHold(inout headers_t hdr, inout metadata_t meta,
                  inout standard_metadata_t standard_metadata) {
    apply {
        if (standard_metadata.egress_global_timestamp > meta.gpint.deadline) {
            meta.gpint.timed_out = 1;
        }
        recirculate_preserving_field_list((bit<8>) FieldList.PROBE_COPY);
    }
}

#endif
