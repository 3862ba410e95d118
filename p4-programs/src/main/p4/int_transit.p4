// SPDX-License-Identifier: Apache-2.0
// INT transit (also the source's own hop): push this node's metadata as the new hop 0, one item per
// instruction bit 0-8, in bit order (INT-2.1 §5.8), then count the hop in the headers.
// Time is BMv2's: microseconds since the switch started (INT-2.1 §4 leaves units to the device).
#ifndef SONDE_INT_TRANSIT_P4
#define SONDE_INT_TRANSIT_P4

control IntTransit(inout headers_t hdr, inout metadata_t meta,
                   inout standard_metadata_t standard_metadata) {
    @id(0x01000200) action push_switch_id() {
        hdr.int_switch_id.push_front(1);
        hdr.int_switch_id[0].setValid();
        hdr.int_switch_id[0].switch_id = meta.int_meta.switch_id;
    }

    @id(0x01000201) action push_level1_port_ids() {
        hdr.int_level1_port_ids.push_front(1);
        hdr.int_level1_port_ids[0].setValid();
        hdr.int_level1_port_ids[0].ingress_port_id = (bit<16>) standard_metadata.ingress_port;
        hdr.int_level1_port_ids[0].egress_port_id = (bit<16>) standard_metadata.egress_port;
    }

    // Ingress to egress, queueing included.
    @id(0x01000202) action push_hop_latency() {
        hdr.int_hop_latency.push_front(1);
        hdr.int_hop_latency[0].setValid();
        hdr.int_hop_latency[0].hop_latency =
            (bit<32>) (standard_metadata.egress_global_timestamp - standard_metadata.ingress_global_timestamp);
    }

    // BMv2 has one queue per port: queue 0, depth in packets when the packet left it.
    @id(0x01000203) action push_q_occupancy() {
        hdr.int_q_occupancy.push_front(1);
        hdr.int_q_occupancy[0].setValid();
        hdr.int_q_occupancy[0].q_id = 0;
        hdr.int_q_occupancy[0].q_occupancy = (bit<24>) standard_metadata.deq_qdepth;
    }

    @id(0x01000204) action push_ingress_tstamp() {
        hdr.int_ingress_tstamp.push_front(1);
        hdr.int_ingress_tstamp[0].setValid();
        hdr.int_ingress_tstamp[0].ingress_tstamp = (bit<64>) standard_metadata.ingress_global_timestamp;
    }

    @id(0x01000205) action push_egress_tstamp() {
        hdr.int_egress_tstamp.push_front(1);
        hdr.int_egress_tstamp[0].setValid();
        hdr.int_egress_tstamp[0].egress_tstamp = (bit<64>) standard_metadata.egress_global_timestamp;
    }

    // v1model has no logical ports (LAGs): the level-2 ids are the physical ports, widened.
    @id(0x01000206) action push_level2_port_ids() {
        hdr.int_level2_port_ids.push_front(1);
        hdr.int_level2_port_ids[0].setValid();
        hdr.int_level2_port_ids[0].ingress_port_id = (bit<32>) standard_metadata.ingress_port;
        hdr.int_level2_port_ids[0].egress_port_id = (bit<32>) standard_metadata.egress_port;
    }

    // BMv2 measures neither link utilization nor a shared buffer: both are "unavailable".
    @id(0x01000207) action push_egress_tx_util() {
        hdr.int_egress_tx_util.push_front(1);
        hdr.int_egress_tx_util[0].setValid();
        hdr.int_egress_tx_util[0].egress_port_tx_util = INT_UNAVAILABLE_32;
    }

    @id(0x01000208) action push_buffer() {
        hdr.int_buffer.push_front(1);
        hdr.int_buffer[0].setValid();
        hdr.int_buffer[0].buffer_id = INT_UNAVAILABLE_8;
        hdr.int_buffer[0].buffer_occupancy = INT_UNAVAILABLE_24;
    }

    apply {
        // A node adds exactly Hop ML words or nothing (INT-2.1 §5.8): nothing when the bitmap asks
        // for items it does not write, when Hop ML disagrees with the bitmap, or for domain-specific
        // instructions. Then it leaves Remaining Hop Count alone.
        bool writable = (hdr.int_md.instructions & INT_INSTR_UNSUPPORTED) == 0
            && hdr.int_md.ds_instructions == 0
            && hdr.int_md.hop_ml != 0
            && int_hop_words(hdr.int_md.instructions) == (bit<8>) hdr.int_md.hop_ml;
        if (hdr.int_md.version != INT_VERSION || !writable) {
            return;
        }
        if (hdr.int_md.remaining_hop_count == 0) {
            hdr.int_md.e = 1;
        } else if (meta.int_meta.hop_count == MAX_INT_HOPS) {
            // The stacks are full: a push would drop the oldest hop, and no sonde.p4 node could parse
            // a deeper stack. M tells the collector that a node did not insert its metadata.
            hdr.int_md.m = 1;
        } else {
            if ((hdr.int_md.instructions & INT_INSTR_SWITCH_ID) != 0) { push_switch_id(); }
            if ((hdr.int_md.instructions & INT_INSTR_L1_PORT_IDS) != 0) { push_level1_port_ids(); }
            if ((hdr.int_md.instructions & INT_INSTR_HOP_LATENCY) != 0) { push_hop_latency(); }
            if ((hdr.int_md.instructions & INT_INSTR_QUEUE) != 0) { push_q_occupancy(); }
            if ((hdr.int_md.instructions & INT_INSTR_INGRESS_TSTAMP) != 0) { push_ingress_tstamp(); }
            if ((hdr.int_md.instructions & INT_INSTR_EGRESS_TSTAMP) != 0) { push_egress_tstamp(); }
            if ((hdr.int_md.instructions & INT_INSTR_L2_PORT_IDS) != 0) { push_level2_port_ids(); }
            if ((hdr.int_md.instructions & INT_INSTR_TX_UTIL) != 0) { push_egress_tx_util(); }
            if ((hdr.int_md.instructions & INT_INSTR_BUFFER) != 0) { push_buffer(); }

            bit<16> pushed_bytes = (bit<16>) hdr.int_md.hop_ml << 2;
            hdr.int_md.remaining_hop_count = hdr.int_md.remaining_hop_count - 1;
            hdr.int_shim.len = hdr.int_shim.len + (bit<8>) hdr.int_md.hop_ml;
            if (hdr.ipv4.isValid()) {
                hdr.ipv4.total_len = hdr.ipv4.total_len + pushed_bytes;
            }
            if (hdr.ipv6.isValid()) {
                hdr.ipv6.payload_len = hdr.ipv6.payload_len + pushed_bytes;
            }
            if (hdr.udp.isValid()) {
                hdr.udp.length = hdr.udp.length + pushed_bytes;
            }
        }
    }
}

#endif
