// SPDX-License-Identifier: Apache-2.0
// sonde.p4: the Sonde data plane (P4_16, v1model, BMv2 simple_switch_grpc). L3 forwarding, port
// counters, INT-MD v2.1 (source, transit, sink with event pre-filtering, Telemetry Report v2.0),
// GPINT probes with SQR data recovery (paper 001) and INT-label's distributed labeling (paper 004).
// Each feature is one control in its own file; the ingress and egress apply blocks below run them in
// numbered stages.
#include <core.p4>
#include <v1model.p4>

#include "defines.p4"
#include "sizes.p4"
#include "headers.p4"
#include "int_headers.p4"
#include "report_headers.p4"
#include "probe_headers.p4"
#include "label_headers.p4"
#include "metadata.p4"
#include "event_metrics.p4"
#include "parser.p4"
#include "forwarding.p4"
#include "int_source.p4"
#include "event_filter.p4"
#include "int_sink.p4"
#include "int_transit.p4"
#include "int_report.p4"
#include "probe.p4"
#include "label.p4"

control SondeVerifyChecksum(inout headers_t hdr, inout metadata_t meta) {
    apply { }
}

control SondeIngress(inout headers_t hdr, inout metadata_t meta,
                     inout standard_metadata_t standard_metadata) {
    @id(0x12000001) counter(MAX_PORTS, CounterType.packets_and_bytes) ingress_port_counter;

    Forwarding() forwarding;
    IntSink() int_sink;
    IntSource() int_source;
    ProbeIngress() probe_ingress;
    LabelIngress() label_ingress;

    apply {
        // INT-label's original, back from its last hop's export pass (label.p4): it leaves by the
        // port it was leaving by, and no stage counts or routes it again.
        if (meta.label.restore == 1) {
            standard_metadata.egress_spec = meta.label.out_port;
            exit;
        }

        // SQR's stored copy, back from egress (probe.p4), skips stages 0-2: only stage 3 looks at it.
        if (meta.gpint.is_copy == 0) {
            // 0. A controller's PacketOut leaves by the port it names, untouched by the pipeline;
            //    one that names the CPU port is injected instead: it runs through the pipeline as
            //    a packet that came in on the CPU port (how the monitoring module starts a probe).
            if (hdr.packet_out.isValid()) {
                if (hdr.packet_out.egress_port != (bit<16>) CPU_PORT) {
                    standard_metadata.egress_spec = (port_t) hdr.packet_out.egress_port;
                    hdr.packet_out.setInvalid();
                    exit;
                }
                hdr.packet_out.setInvalid();
            }

            // 1. Bookkeeping every packet gets. The sink's report needs when and where the packet
            //    came in, and its clone keeps these fields (FieldList.INT_REPORT).
            ingress_port_counter.count((bit<32>) standard_metadata.ingress_port);
            meta.int_meta.ingress_tstamp = standard_metadata.ingress_global_timestamp;
            meta.int_meta.ingress_port = standard_metadata.ingress_port;

            // 2. L3 forwarding: the egress port the INT roles below depend on. Probes are never
            //    routed by IP: stage 3 source-routes them.
            if (!hdr.probe_meta.isValid()) {
                forwarding.apply(hdr, meta, standard_metadata);
            }
        }

        // 3. GPINT probes (probe.p4, paper 001 §III-C Fig. 5): the measurement registers count
        //    every packet; a probe is answered with a feedback clone, measured and source-routed,
        //    a feedback consumed. INT does not apply to probes.
        probe_ingress.apply(hdr, meta, standard_metadata);
        if (hdr.probe_meta.isValid()) {
            exit;
        }

        // 4. INT sink: event pre-filter, report clone, INT stripped.
        int_sink.apply(hdr, meta, standard_metadata);

        // 5. INT source: watchlist flows get INT headers; their first hop is pushed in egress.
        int_source.apply(hdr, meta, standard_metadata);

        // 6. INT-label: which packets it may label, and specific flows' option (label.p4).
        label_ingress.apply(hdr, meta, standard_metadata);
    }
}

control SondeEgress(inout headers_t hdr, inout metadata_t meta,
                    inout standard_metadata_t standard_metadata) {
    @id(0x12000002) counter(MAX_PORTS, CounterType.packets_and_bytes) egress_port_counter;

    @id(0x13000200) direct_counter(CounterType.packets_and_bytes) int_node_id_counter;

    // This node's INT Node ID (INT-2.1 §5.8 bit 0, TR-2.0 §3.2), read once per packet and shared
    // by transit and reports so they cannot disagree. A keyless table holds it in its default
    // action, which the control plane sets with a P4Runtime default-entry MODIFY (BMv2's PI server
    // cannot write registers).
    @id(0x01000210) action set_int_node_id(bit<32> node_id) {
        meta.int_meta.switch_id = node_id;
    }

    @id(0x02000200) table int_node_id {
        actions = {
            set_int_node_id;
        }
        default_action = set_int_node_id(0);
        size = SWITCH_VALUE_TABLE_SIZE;
        counters = int_node_id_counter;
    }

    IntTransit() int_transit;
    IntReport() int_report;
    ProbeEgress() probe_egress;
    ProbeHold() probe_hold;
    LabelEgress() label_egress;
    LabelRestore() label_restore;

    apply {
        // 0. SQR's stored copy (probe.p4) only loops back to ingress: no counter sees it.
        if (meta.gpint.is_copy == 1) {
            probe_hold.apply(hdr, meta, standard_metadata);
            exit;
        }
        // 0b. INT-label's original after its export: the labels come off (label.p4); it was
        //     counted in the pass that exported it.
        if (meta.label.restore == 1) {
            label_restore.apply(hdr, meta);
            exit;
        }

        // 1. Bookkeeping.
        egress_port_counter.count((bit<32>) standard_metadata.egress_port);
        int_node_id.apply();

        // A packet for the controller says where it came in (PacketIn metadata id 1).
        if (standard_metadata.egress_port == CPU_PORT) {
            hdr.packet_in.setValid();
            hdr.packet_in.ingress_port = (bit<16>) meta.int_meta.ingress_port;
        }

        if (hdr.probe_meta.isValid()) {
            // 4. GPINT probes, paper 001 §III-C Fig. 6, §IV: the DLV entry and counts, SQR's
            //    stored copy; or the feedback clone cut down to Req META.
            probe_egress.apply(hdr, meta, standard_metadata);
        } else if (standard_metadata.instance_type == PKT_INSTANCE_TYPE_INGRESS_CLONE) {
            // 2a. The sink's report clone becomes a Telemetry Report; nothing else applies to it.
            int_report.apply(hdr, meta, standard_metadata);
        } else {
            // 2b. INT transit (and the source's own hop): this node's metadata onto the stack.
            if (hdr.int_md.isValid() && standard_metadata.parser_error == error.NoError) {
                int_transit.apply(hdr, meta, standard_metadata);
            }

            // 3. INT-label, paper 004 §2, §3, §5: the labeling decision per egress port, this
            //    hop's item behind IPv4, and at a port toward a host the export to the controller
            //    and the original's restoration; or the export itself, cut down.
            label_egress.apply(hdr, meta, standard_metadata);
        }
    }
}

control SondeComputeChecksum(inout headers_t hdr, inout metadata_t meta) {
    apply {
        update_checksum(hdr.ipv4.isValid(),
            { hdr.ipv4.version, hdr.ipv4.ihl, hdr.ipv4.dscp, hdr.ipv4.ecn, hdr.ipv4.total_len,
              hdr.ipv4.identification, hdr.ipv4.flags, hdr.ipv4.frag_offset, hdr.ipv4.ttl,
              hdr.ipv4.protocol, hdr.ipv4.src_addr, hdr.ipv4.dst_addr },
            hdr.ipv4.hdr_checksum, HashAlgorithm.csum16);
        update_checksum(hdr.report_ipv4.isValid(),
            { hdr.report_ipv4.version, hdr.report_ipv4.ihl, hdr.report_ipv4.dscp, hdr.report_ipv4.ecn,
              hdr.report_ipv4.total_len, hdr.report_ipv4.identification, hdr.report_ipv4.flags,
              hdr.report_ipv4.frag_offset, hdr.report_ipv4.ttl, hdr.report_ipv4.protocol,
              hdr.report_ipv4.src_addr, hdr.report_ipv4.dst_addr },
            hdr.report_ipv4.hdr_checksum, HashAlgorithm.csum16);
    }
}

// The P4Info names the program and its version (P4Runtime PkgInfo).
@pkginfo(name="sonde.p4", version="0.5.0")
V1Switch(SondeParser(), SondeVerifyChecksum(), SondeIngress(), SondeEgress(),
         SondeComputeChecksum(), SondeDeparser()) main;
