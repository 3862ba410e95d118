// SPDX-License-Identifier: Apache-2.0
// L3 forwarding: longest-prefix match on the IPv4 or IPv6 destination picks the egress port and
// the next hop's MAC address, directly (set_next_hop) or, for IPv4, through a group of equal-cost
// next hops (set_next_hop_group) whose member a hash of the flow's 5-tuple picks (ECMP): every
// packet of a flow takes one path, and the flows of one destination spread over all of them.
#ifndef SONDE_FORWARDING_P4
#define SONDE_FORWARDING_P4

control Forwarding(inout headers_t hdr, inout metadata_t meta,
                   inout standard_metadata_t standard_metadata) {
    // Rule-hit counters: v1model counts every hit of a table entry in its direct counter.
    @id(0x13000001) direct_counter(CounterType.packets_and_bytes) ipv4_lpm_counter;
    @id(0x13000002) direct_counter(CounterType.packets_and_bytes) ipv6_lpm_counter;
    @id(0x13000010) direct_counter(CounterType.packets_and_bytes) next_hop_counter;
    @id(0x13000011) direct_counter(CounterType.packets_and_bytes) ecmp_salt_counter;

    // The equal-cost next hops: members are set_next_hop(port, dmac) actions, groups sets of them
    // (P4Runtime ActionProfileMember / ActionProfileGroup); a group picks member ecmp_hash mod its
    // size (BMv2: CRC16 of the field, members in the order the switch holds them).
    @id(0x11000010) @max_group_size(NEXT_HOP_MAX_GROUP_SIZE)
    action_selector(HashAlgorithm.crc16, NEXT_HOP_SELECTOR_SIZE, 32w16) next_hop_selector;

    @id(0x01000002) action drop() {
        mark_to_drop(standard_metadata);
    }

    @id(0x01000001) action set_next_hop(port_t port, mac_addr_t dmac) {
        meta.forwarding.route_hit = 1;
        standard_metadata.egress_spec = port;
        hdr.ethernet.src_addr = hdr.ethernet.dst_addr;
        hdr.ethernet.dst_addr = dmac;
        hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
    }

    // Drops unless next_hop then runs a member's set_next_hop: a group the table does not bind, or
    // one without members, forwards nothing.
    @id(0x01000010) action set_next_hop_group(next_hop_group_t group_id) {
        meta.forwarding.route_hit = 1;
        meta.forwarding.next_hop_group = group_id;
        mark_to_drop(standard_metadata);
    }

    @id(0x01000011) action set_ecmp_salt(bit<32> salt) {
        meta.forwarding.ecmp_hash = meta.forwarding.ecmp_hash + salt;
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
            set_next_hop_group;
            drop;
        }
        default_action = drop();
        size = IPV4_LPM_TABLE_SIZE;
        counters = ipv4_lpm_counter;
    }

    // P4Runtime allows an indirect table only the const NoAction default (spec §9.1.3); p4c 1.2.4.8
    // still warns that BMv2 runs no default action here, which on a miss is the same thing.
    @id(0x02000010) table next_hop {
        key = {
            meta.forwarding.next_hop_group : exact @name("group_id");
            meta.forwarding.ecmp_hash      : selector;
        }
        actions = {
            set_next_hop;
            @defaultonly NoAction;
        }
        const default_action = NoAction();
        implementation = next_hop_selector;
        size = NEXT_HOP_TABLE_SIZE;
        counters = next_hop_counter;
    }

    // A per-switch hash seed, added to the 5-tuple's CRC32 before the selector's CRC16. The same
    // hash at every switch would repeat a flow's choice at the next tier (in a FatTree the
    // aggregation switch would send every flow an edge switch gave it to one core: polarization);
    // the seed makes each switch's choice its own. A keyless table holds it in its default
    // action, which the control plane sets with a P4Runtime default-entry MODIFY (BMv2's PI
    // server cannot write registers).
    @id(0x02000011) table ecmp_salt {
        actions = {
            set_ecmp_salt;
        }
        default_action = set_ecmp_salt(0);
        size = SWITCH_VALUE_TABLE_SIZE;
        counters = ecmp_salt_counter;
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
            switch (ipv4_lpm.apply().action_run) {
                set_next_hop_group: {
                    hash(meta.forwarding.ecmp_hash, HashAlgorithm.crc32, 32w0,
                         { meta.flow.ipv4_src, meta.flow.ipv4_dst, meta.flow.ip_proto,
                           meta.flow.l4_src_port, meta.flow.l4_dst_port },
                         64w0x100000000);
                    ecmp_salt.apply();
                    next_hop.apply();
                }
            }
        } else if (hdr.ipv6.isValid()) {
            ipv6_lpm.apply();
        }
    }
}

#endif
