// SPDX-License-Identifier: Apache-2.0
// L3 forwarding: longest-prefix match on the IPv4 or IPv6 destination picks the egress port and
// the next hop's MAC address.
#ifndef SONDE_FORWARDING_P4
#define SONDE_FORWARDING_P4

control Forwarding(inout headers_t hdr, inout metadata_t meta,
                   inout standard_metadata_t standard_metadata) {
    // Rule-hit counters: v1model counts every hit of a table entry in its direct counter.
    @id(0x13000001) direct_counter(CounterType.packets_and_bytes) ipv4_lpm_counter;
    @id(0x13000002) direct_counter(CounterType.packets_and_bytes) ipv6_lpm_counter;

    @id(0x01000002) action drop() {
        mark_to_drop(standard_metadata);
    }

    @id(0x01000001) action set_next_hop(port_t port, mac_addr_t dmac) {
        standard_metadata.egress_spec = port;
        hdr.ethernet.src_addr = hdr.ethernet.dst_addr;
        hdr.ethernet.dst_addr = dmac;
        hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
    }

    @id(0x01000003) action set_next_hop_v6(port_t port, mac_addr_t dmac) {
        standard_metadata.egress_spec = port;
        hdr.ethernet.src_addr = hdr.ethernet.dst_addr;
        hdr.ethernet.dst_addr = dmac;
        hdr.ipv6.hop_limit = hdr.ipv6.hop_limit - 1;
    }

    @id(0x02000001) table ipv4_lpm {
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

    @id(0x02000002) table ipv6_lpm {
        key = {
            hdr.ipv6.dst_addr : lpm @name("dst_addr");
        }
        actions = {
            set_next_hop_v6;
            drop;
        }
        default_action = drop();
        size = IPV6_LPM_TABLE_SIZE;
        counters = ipv6_lpm_counter;
    }

    apply {
        if (hdr.ipv4.isValid()) {
            ipv4_lpm.apply();
        } else if (hdr.ipv6.isValid()) {
            ipv6_lpm.apply();
        }
    }
}

#endif
