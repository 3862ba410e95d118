// SPDX-License-Identifier: Apache-2.0
// INT source: flows on the watchlist get the INT shim and INT-MD header behind their TCP/UDP header
// and the INT DSCP (INT-2.1 §5.7.2 option 2, §5.8). The source's own hop metadata is pushed in
// egress by IntTransit like any other hop's: INT-2.1 §5.8 counts the source as a pushing node.
#ifndef SONDE_INT_SOURCE_P4
#define SONDE_INT_SOURCE_P4

control IntSource(inout headers_t hdr, inout metadata_t meta,
                  inout standard_metadata_t standard_metadata) {
    @id(0x13000100) direct_counter(CounterType.packets_and_bytes) int_watchlist_counter;

    // hop_ml must be the per-hop size of the instructions (int_hop_words); transit nodes that find
    // otherwise add nothing. The original DSCP is kept in the shim for the sink to restore.
    @id(0x01000100) action insert_int(bit<16> instructions, bit<5> hop_ml, bit<8> remaining_hop_count) {
        hdr.int_shim.setValid();
        hdr.int_shim.int_type = INT_TYPE_MD;
        hdr.int_shim.npt = INT_NPT_DSCP;
        hdr.int_shim.reserved = 0;
        hdr.int_shim.len = INT_MD_HEADER_WORDS;
        hdr.int_shim.reserved_byte = 0;
        hdr.int_shim.original_dscp = hdr.ipv4.dscp;
        hdr.int_shim.reserved_bits = 0;

        hdr.int_md.setValid();
        hdr.int_md.version = INT_VERSION;
        hdr.int_md.d = 0;
        hdr.int_md.e = 0;
        hdr.int_md.m = 0;
        hdr.int_md.reserved = 0;
        hdr.int_md.hop_ml = hop_ml;
        hdr.int_md.remaining_hop_count = remaining_hop_count;
        hdr.int_md.instructions = instructions;
        hdr.int_md.domain_specific_id = 0;
        hdr.int_md.ds_instructions = 0;
        hdr.int_md.ds_flags = 0;

        hdr.ipv4.dscp = INT_DSCP;
        hdr.ipv4.total_len = hdr.ipv4.total_len + INT_FIXED_HEADER_BYTES;
    }

    @id(0x01000101) action skip_int() {
    }

    @id(0x02000100) table int_watchlist {
        key = {
            meta.flow.ipv4_src    : ternary @name("ipv4_src");
            meta.flow.ipv4_dst    : ternary @name("ipv4_dst");
            meta.flow.ip_proto    : ternary @name("ip_proto");
            meta.flow.l4_src_port : range @name("l4_src_port");
            meta.flow.l4_dst_port : range @name("l4_dst_port");
        }
        actions = {
            insert_int;
            skip_int;
        }
        default_action = skip_int();
        size = INT_WATCHLIST_TABLE_SIZE;
        counters = int_watchlist_counter;
    }

    // IPv4 TCP/UDP packets without INT whose egress port is not a sink port: on a one-switch path
    // the sink's report clone would carry the packet as received, without the INT just inserted.
    apply {
        if (hdr.ipv4.isValid() && (hdr.tcp.isValid() || hdr.udp.isValid())
                && !hdr.int_shim.isValid() && meta.int_meta.is_sink == 0) {
            // An entry may also name skip_int, to keep a flow out of a wider match: only an
            // insertion changes the UDP length.
            switch (int_watchlist.apply().action_run) {
                insert_int: {
                    if (hdr.udp.isValid()) {
                        hdr.udp.length = hdr.udp.length + INT_FIXED_HEADER_BYTES;
                    }
                }
            }
        }
    }
}

#endif
