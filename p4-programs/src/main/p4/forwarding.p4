// SPDX-License-Identifier: Apache-2.0
// L3 forwarding: longest-prefix match on the IPv4 destination.
#ifndef SONDE_FORWARDING_P4
#define SONDE_FORWARDING_P4

control Forwarding(inout headers_t hdr, inout metadata_t meta,
                   inout standard_metadata_t standard_metadata) {
    direct_counter(CounterType.packets_and_bytes) ipv4_lpm_counter;

    action drop() {
        mark_to_drop(standard_metadata);
        ipv4_lpm_counter.count();
    }

    action set_next_hop(port_t port, mac_addr_t dmac) {
        standard_metadata.egress_spec = port;
        hdr.ethernet.src_addr = hdr.ethernet.dst_addr;
        hdr.ethernet.dst_addr = dmac;
        hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
        ipv4_lpm_counter.count();
    }

    table ipv4_lpm {
        key = {
            hdr.ipv4.dst_addr : lpm @name("dst_addr");
        }
        actions = {
            set_next_hop;
            drop;
        }
        default_action = drop();
        size = IPV4_LPM_TABLE_SIZE;
        counters = ipv4_lpm_counter;
    }

    apply {
        if (hdr.ipv4.isValid()) {
            ipv4_lpm.apply();
        }
    }
}

#endif
