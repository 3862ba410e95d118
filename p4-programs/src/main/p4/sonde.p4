// SPDX-License-Identifier: Apache-2.0
// sonde.p4: the Sonde data plane (v1model, BMv2 simple_switch_grpc).
// Placeholder pipeline of the foundation issue: L3 forwarding and port counters. The data-plane
// issue adds INT source/transit/sink with event pre-filtering; GPINT and INT-label follow as
// controls of their own, included here.
#include <core.p4>
#include <v1model.p4>

#include "headers.p4"
#include "sizes.p4"
#include "parser.p4"
#include "forwarding.p4"

control SondeVerifyChecksum(inout headers_t hdr, inout metadata_t meta) {
    apply { }
}

control SondeIngress(inout headers_t hdr, inout metadata_t meta,
                     inout standard_metadata_t standard_metadata) {
    counter(MAX_PORTS, CounterType.packets_and_bytes) ingress_port_counter;

    Forwarding() forwarding;

    apply {
        ingress_port_counter.count((bit<32>) standard_metadata.ingress_port);
        forwarding.apply(hdr, meta, standard_metadata);
    }
}

control SondeEgress(inout headers_t hdr, inout metadata_t meta,
                    inout standard_metadata_t standard_metadata) {
    counter(MAX_PORTS, CounterType.packets_and_bytes) egress_port_counter;

    apply {
        egress_port_counter.count((bit<32>) standard_metadata.egress_port);
    }
}

control SondeComputeChecksum(inout headers_t hdr, inout metadata_t meta) {
    apply {
        update_checksum(hdr.ipv4.isValid(),
            { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.dscp, hdr.ipv4.ecn, hdr.ipv4.total_len,
              hdr.ipv4.identification, hdr.ipv4.flags, hdr.ipv4.frag_offset, hdr.ipv4.ttl,
              hdr.ipv4.protocol, hdr.ipv4.src_addr, hdr.ipv4.dst_addr },
            hdr.ipv4.hdr_checksum, HashAlgorithm.csum16);
    }
}

V1Switch(SondeParser(), SondeVerifyChecksum(), SondeIngress(), SondeEgress(),
         SondeComputeChecksum(), SondeDeparser()) main;
