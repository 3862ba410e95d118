"""Whole frames for the vectors and captures: data packets carrying INT-MD, reports carrying them,
and the expected sonde-decode JSON object of each (see README.md for the decisions encoded here).
"""

import ipaddress

import intmd
import reports
import wire

# Documentation addresses only (RFC 5737, RFC 3849).
HOST_A, HOST_B = "203.0.113.10", "203.0.113.20"
HOST6_A, HOST6_B = "2001:db8:a::10", "2001:db8:b::20"
SWITCH, SWITCH6 = "198.51.100.1", "2001:db8:5e::1"
COLLECTOR, COLLECTOR6 = "192.0.2.100", "2001:db8:c0::100"

INT_DSCP = 0x17            # the DSCP of the INT specifications' examples (WIRE_FACTS D)
INT_UDP_PORT = 7557        # stand-in for INT_TBD, which no INT specification assigns (A.2)
UDP_FLOW = (40001, 5201)
TCP_FLOW = (40002, 443)
APP_PAYLOAD = b"sonde golden vector payload"


def flow(src, dst, sport, dport, protocol):
    return {"src_ip": str(ipaddress.ip_address(src)), "dst_ip": str(ipaddress.ip_address(dst)),
            "src_port": sport, "dst_port": dport, "protocol": protocol}


def expected(fmt, flow_json, int_json, seq=None, hw_id=None, node_id=None, frame=1):
    return {"frame": frame, "format": fmt, "seq": seq, "hw_id": hw_id, "node_id": node_id, "flow": flow_json,
            "int": int_json}


def error(reason, frame=1):
    return {"frame": frame, "error": reason}


class Packet:
    """An IP packet with INT-MD (or without), its flow and its "int" JSON."""

    def __init__(self, ip_bytes, src, flow_json, int_json, vlans=()):
        self.ip_bytes, self.src, self.flow, self.int, self.vlans = ip_bytes, src, flow_json, int_json, vlans

    def ethernet(self, pad=True):
        return wire.ethernet(wire.MAC_HOST_B, wire.MAC_SWITCH, wire.ethertype_of(self.src), self.ip_bytes,
                             self.vlans, pad=pad)

    def expected(self):
        return expected("INT-MD", self.flow, self.int)


def udp_with_int(int_bytes, int_json, src=HOST_A, dst=HOST_B, dscp=INT_DSCP, vlans=(), payload=APP_PAYLOAD):
    """INT-MD right after the UDP header, announced by DSCP (INT-2.1 §5.7.2 option 2; NPT 0)."""
    sport, dport = UDP_FLOW
    l4 = wire.udp(src, dst, sport, dport, int_bytes + payload)
    return Packet(wire.ip(src, dst, wire.PROTO_UDP, l4, dscp), src, flow(src, dst, sport, dport, 17), int_json, vlans)


def tcp_with_int(int_bytes, int_json, src=HOST_A, dst=HOST_B, dscp=INT_DSCP, vlans=(), payload=APP_PAYLOAD):
    """INT-MD after the TCP header and its options (INT-2.1 §5.7.2: "after TCP options")."""
    sport, dport = TCP_FLOW
    l4 = wire.tcp(src, dst, sport, dport, int_bytes + payload, options=wire.tcp_options_timestamps())
    return Packet(wire.ip(src, dst, wire.PROTO_TCP, l4, dscp), src, flow(src, dst, sport, dport, 6), int_json, vlans)


def tcp_with_int_before_options(int_bytes, int_json, src=HOST_A, dst=HOST_B, dscp=INT_DSCP):
    """INT-MD right after the fixed 20-byte TCP header, before its options (INT-2.1 §5.7.2 allows
    either place per domain; sonde.p4, ONOS and fabric-tna insert here). The data offset still
    counts the options, which now follow the INT stack."""
    sport, dport = TCP_FLOW
    l4 = wire.tcp(src, dst, sport, dport, payload=APP_PAYLOAD, options=wire.tcp_options_timestamps())
    l4 = l4[:20] + int_bytes + l4[20:]
    return Packet(wire.ip(src, dst, wire.PROTO_TCP, l4, dscp), src, flow(src, dst, sport, dport, 6), int_json)


def v21_udp_npt1(bitmap, hops, src=HOST_A, dst=HOST_B):
    """NPT 1: the UDP destination port becomes INT_TBD, the original is saved in the shim (A.3)."""
    sport, dport = UDP_FLOW
    int_bytes, int_json = intmd.v21(bitmap, hops, npt=1, shim_low16=dport)
    l4 = wire.udp(src, dst, sport, INT_UDP_PORT, int_bytes + APP_PAYLOAD)
    return Packet(wire.ip(src, dst, wire.PROTO_UDP, l4, 0), src, flow(src, dst, sport, dport, 17), int_json)


def v21_npt2(bitmap, hops, original_protocol=wire.PROTO_TCP, src=HOST_A, dst=HOST_B):
    """NPT 2: a new UDP header between IP and the original L4 header, which follows the INT stack;
    the IP protocol becomes UDP and the original one is saved in shim byte 3 (A.2, A.3)."""
    int_bytes, int_json = intmd.v21(bitmap, hops, npt=2, shim_low16=original_protocol)
    if original_protocol == wire.PROTO_TCP:
        sport, dport = TCP_FLOW
        original = wire.tcp(src, dst, sport, dport, APP_PAYLOAD, options=wire.tcp_options_timestamps())
    else:
        sport, dport = UDP_FLOW
        original = wire.udp(src, dst, sport, dport, APP_PAYLOAD)
    # UDP source port: flow entropy (A.2), checksum 0 as the specification recommends.
    outer = wire.udp(src, dst, 0xC000 | (sport ^ dport) & 0x3FFF, INT_UDP_PORT, int_bytes + original,
                     zero_checksum=ipaddress.ip_address(src).version == 4)
    return Packet(wire.ip(src, dst, wire.PROTO_UDP, outer, 0), src,
                  flow(src, dst, sport, dport, original_protocol), int_json)


def v10_packet(bitmap, hops, transport="udp", dscp=INT_DSCP, layout="v1.0", reserved16=0, src=HOST_A, dst=HOST_B):
    int_bytes, int_json = intmd.v10(bitmap, hops, layout=layout, reserved16=reserved16)
    build = udp_with_int if transport == "udp" else tcp_with_int
    return build(int_bytes, int_json, src=src, dst=dst, dscp=dscp)


def v05_packet(bitmap, hops, transport="udp", dscp=INT_DSCP, src=HOST_A, dst=HOST_B):
    sport, dport = UDP_FLOW if transport == "udp" else TCP_FLOW
    protocol = wire.PROTO_UDP if transport == "udp" else wire.PROTO_TCP
    int_bytes, int_json = intmd.v05(bitmap, hops, tail_protocol=protocol, tail_port=dport)
    build = udp_with_int if transport == "udp" else tcp_with_int
    return build(int_bytes, int_json, src=src, dst=dst, dscp=dscp)


def plain_udp(src=HOST_A, dst=HOST_B, payload=APP_PAYLOAD, ports=UDP_FLOW):
    l4 = wire.udp(src, dst, ports[0], ports[1], payload)
    return Packet(wire.ip(src, dst, wire.PROTO_UDP, l4, 0), src, flow(src, dst, ports[0], ports[1], 17), None)


def report_frame(udp_payload, dport, src=SWITCH, dst=COLLECTOR, sport=49152):
    """Ethernet / IP / UDP from the reporting switch to the collector (TR-2.0 §3.1)."""
    l4 = wire.udp(src, dst, sport, dport, udp_payload)
    return wire.ethernet(wire.MAC_COLLECTOR, wire.MAC_SWITCH, wire.ethertype_of(src),
                         wire.ip(src, dst, wire.PROTO_UDP, l4, 0))


def tr20(packet, dport=32766, in_type=reports.IN_ETHERNET, rep_md_bits=0x3000, sink=None, seq=0x2ABCDE, hw_id=5,
         node_id=None, outer=(SWITCH, COLLECTOR), truncate_inner=None):
    """A TR-2.0 packet with one INT report (RepType 1) about `packet`.

    The sink's own metadata goes in the report (TR-2.0 §4.3); "int" comes from the inner packet's
    stack when it has one, with the sink's metadata appended as the last hop when RepMdBits select
    any baseline value (bits 1-8), else from the report metadata as one hop.
    """
    sink = sink or intmd.path_hops(9)[8]
    node_id = sink["switch_id"] if node_id is None else node_id
    inner = packet.ethernet(pad=False) if in_type == reports.IN_ETHERNET else packet.ip_bytes
    if truncate_inner is not None:
        inner = inner[:truncate_inner]
    individual, md_json = reports.tr20_individual(1, in_type, inner, rep_md_bits, sink)
    payload = reports.tr20_group(hw_id, seq, node_id) + individual
    frame = report_frame(payload, dport, *outer)
    int_json = packet.int if packet.int is not None else md_json
    if packet.int is not None and rep_md_bits & 0x7F80:
        int_json = dict(packet.int, hops=packet.int["hops"] + md_json["hops"])
    return frame, expected("TR2.0", packet.flow, int_json, seq=seq, hw_id=hw_id, node_id=node_id)


def tr10(packet, dport=54321, nprot=0, switch_id=21, seq=7001, hw_id=3, rep_md_bits=0, md_words=b"",
         onos_flag_position=False, dqf=(0, 0, 1)):
    inner = packet.ethernet(pad=False) if nprot == 0 else packet.ip_bytes
    payload = reports.tr10(hw_id, switch_id, seq, 0x5EED0001, inner, nprot=nprot, rep_md_bits=rep_md_bits,
                           md_words=md_words, onos_flag_position=onos_flag_position, dqf=dqf)
    return report_frame(payload, dport), expected("TR1.0", packet.flow, packet.int, seq=seq, hw_id=hw_id,
                                                  node_id=switch_id)


def tr05(packet, dport=8086, nproto=0, extra=b"", node_id=None, seq=9001, hw_id=2):
    payload = reports.tr05(hw_id, seq, 0x5EED0002, packet.ethernet(pad=False), nproto=nproto, extra=extra)
    return report_frame(payload, dport), expected("TR0.5", packet.flow, packet.int, seq=seq, hw_id=hw_id,
                                                  node_id=node_id)
