// SPDX-License-Identifier: Apache-2.0
// L2-L4 headers: enough of Ethernet, 802.1Q, IPv4, IPv6, TCP and UDP to forward packets and to find
// the INT shim behind TCP/UDP.
#ifndef SONDE_HEADERS_P4
#define SONDE_HEADERS_P4

header ethernet_t {
    mac_addr_t dst_addr;
    mac_addr_t src_addr;
    bit<16>    ether_type;
}

// IEEE 802.1Q tag; ether_type is the type of what follows the tag.
header vlan_t {
    bit<3>  pcp;
    bit<1>  dei;
    bit<12> vid;
    bit<16> ether_type;
}

header ipv4_t {
    bit<4>      version;
    bit<4>      ihl;
    bit<6>      dscp;
    bit<2>      ecn;
    bit<16>     total_len;
    bit<16>     identification;
    bit<3>      flags;
    bit<13>     frag_offset;
    bit<8>      ttl;
    bit<8>      protocol;
    bit<16>     hdr_checksum;
    ipv4_addr_t src_addr;
    ipv4_addr_t dst_addr;
}

// The traffic class is split like IPv4's DS field: INT marks the DSCP part (INT-2.1 §5.7.2).
header ipv6_t {
    bit<4>      version;
    bit<6>      dscp;
    bit<2>      ecn;
    bit<20>     flow_label;
    bit<16>     payload_len;
    bit<8>      next_hdr;
    bit<8>      hop_limit;
    ipv6_addr_t src_addr;
    ipv6_addr_t dst_addr;
}

// Fixed 20 bytes. Options are not parsed: the INT shim sits right behind this header.
header tcp_t {
    bit<16> src_port;
    bit<16> dst_port;
    bit<32> seq_no;
    bit<32> ack_no;
    bit<4>  data_offset;
    bit<4>  reserved;
    bit<8>  flags;
    bit<16> window;
    bit<16> checksum;
    bit<16> urgent_ptr;
}

header udp_t {
    bit<16> src_port;
    bit<16> dst_port;
    bit<16> length;
    bit<16> checksum;
}

// P4Runtime packet I/O (P4Runtime §16.1): what travels in front of the Ethernet header between the
// CPU port and the controller, as PacketIn and PacketOut metadata id 1. 16 bits wide so the header
// is whole bytes without a padding field the controller would have to send.
@controller_header("packet_in") @id(0x04000001)
header packet_in_t {
    bit<16> ingress_port; // the port the packet came in on
}

@controller_header("packet_out") @id(0x04000002)
header packet_out_t {
    bit<16> egress_port;  // the port the controller sends the frame out of
}

#endif
