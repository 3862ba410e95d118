"""Frames as the INT implementations of WIRE_FACTS C.5 put them on the wire, quirks included
(thirdparty_reports.py adds transparent-security's reports and INTCollector's test reports).

Each builder returns (frame, expected JSON, the quirk in one line). README.md says, per quirk,
what sonde-decode does with it.
"""

import frames as fr
import intmd
import reports
import thirdparty_reports
import wire

ONOS_REPORT_PORT = 32766      # ONOS tests and fabric PTF (WIRE_FACTS D)
INTCOLLECTOR_PORT = 54321     # INTCollector's original client
GEANT_COLLECTOR_PORT = 8086   # GEANT int-collector default
AFXDP_PORT = 4321             # int-afxdp-kafka, hard-coded


def onos_basic_report(hops=3, seq=0):
    """ONOS pipelines/basic: INT v1.0 data plane (4-byte timestamps, DSCP 0x17), report header
    "v1.0-like" with D, Q, F right after RepMdBits, hw_id 1, seq_no 0."""
    packet = fr.v10_packet(0xFC00, intmd.path_hops(hops))
    frame, exp = fr.tr10(packet, dport=ONOS_REPORT_PORT, switch_id=40 + hops, seq=seq, hw_id=1,
                         onos_flag_position=True, dqf=(0, 1, 1))
    return frame, exp, "ONOS basic: TR1.0-like header with D/Q/F at bits 17-19 (Q and F set), seq 0"


def onos_basic_data(hops=2):
    packet = fr.v10_packet(0xFC00, intmd.path_hops(hops))
    return packet.ethernet(), packet.expected(), "ONOS basic: INT v1.0 data packet between two switches"


def _fabric_int(bitmap, hops, protocol, dport, exceeded=True, max_hops=8):
    """ONOS fabric int_header_t: Ver 2 bits, Rep 2, C, E, Rsvd1 5, Ins Cnt 5, Max Hop 8, Total Hop 8,
    mask 16, Rsvd2 16; shim (type, rsvd, len_words incl. shim + header + tail, rsvd); tail
    (next_proto, dest_port, padding 2 + dscp 6)."""
    stack, json_int = intmd.v05(bitmap, hops, protocol, dport, max_hops=max_hops)
    body = bytearray(stack)
    # E sits at bit 5 in fabric's 2-bit-version layout; the v0.5 reading sees Rep = 1 there.
    if exceeded:
        body[4] |= 0x04
    # Tail: padding 2 bits + DSCP 6 bits = the original DSCP 0x0A (AF11) in the low 6 bits.
    body[-1] = 0x0A
    return bytes(body), json_int


def onos_fabric_report(nproto=0):
    hops = intmd.path_hops(3)
    int_bytes, int_json = _fabric_int(0xFD00, hops, wire.PROTO_UDP, fr.UDP_FLOW[1])
    # INT announced by DSCP bit 0x01 (fabric's INT_DSCP &&& INT_DSCP); 0x0B = AF11 + the INT bit.
    packet = fr.udp_with_int(int_bytes, int_json, dscp=0x0B)
    extra = b"" if nproto == 0 else reports.tr05_local_header(50, 3, 4, 1, 0x000200, 0x0BADCAFE)
    frame, exp = fr.tr05(packet, dport=ONOS_REPORT_PORT, nproto=nproto, extra=extra,
                         node_id=None if nproto == 0 else 50, seq=123 + nproto, hw_id=0)
    quirk = "ONOS fabric: pre-v0.5 INT header (2-bit Ver, E at bit 5), tail with 6-bit DSCP, DSCP bit 0x01; TR0.5"
    return frame, exp, quirk + (" with a Switch Local Report header" if nproto else "")


def onos_fabric_data():
    int_bytes, int_json = _fabric_int(0xFD00, intmd.path_hops(1), wire.PROTO_TCP, fr.TCP_FLOW[1], exceeded=False)
    packet = fr.tcp_with_int(int_bytes, int_json, dscp=0x01)
    return packet.ethernet(), packet.expected(), "ONOS fabric: INT data packet over TCP marked by DSCP 0x01"


def geant_report(bitmap=0xFF00, hops=3, seq=0x00010203):
    """GEANT int-platforms: v1.0 header with a sequence number in word 1's reserved half, 8-byte
    timestamps, 16+16-bit level-2 port ids, DSCP 0x20; TR1.0 header (nprot 0, F = 1, hw_id 0)."""
    packet = fr.v10_packet(bitmap, intmd.path_hops(hops), dscp=0x20, layout="geant", reserved16=0x0102)
    frame, exp = fr.tr10(packet, dport=GEANT_COLLECTOR_PORT, switch_id=60 + hops, seq=seq, hw_id=0)
    return frame, exp, "GEANT: v1.0 with seq in the reserved half, 8-byte timestamps, 16-bit L2 ports, DSCP 0x20"


def geant_ambiguous_report(hops=2):
    """GEANT with bitmap 0x8A00 (switch id, ingress timestamp, level-2 ports): its 4 + 8 + 4 bytes
    per hop equal the specification's 4 + 4 + 8, so Hop ML cannot tell them apart and the stack
    is read by the specification (the values come out as the spec reads those bytes)."""
    bitmap = 0x8A00
    packet = fr.v10_packet(bitmap, intmd.path_hops(hops), dscp=0x20, layout="geant", reserved16=0x0103)
    frame, exp = fr.tr10(packet, dport=GEANT_COLLECTOR_PORT, switch_id=64, seq=0x00010205, hw_id=0)
    geant_hops = [intmd.encode_hop("geant", bitmap, hop)[0] for hop in intmd.path_hops(hops)]
    exp["int"]["hops"] = [intmd.decode_hop("v1.0", bitmap, data) for data in geant_hops]
    return frame, exp, "GEANT, bitmap 0x8A00: its layout has the specification's size, so the spec reading stands"


def geant_data():
    packet = fr.v10_packet(0xCC00, intmd.path_hops(2), transport="tcp", dscp=0x20, layout="geant",
                           reserved16=0x0007)
    return packet.ethernet(), packet.expected(), "GEANT: INT data packet over TCP, 8-byte timestamps, DSCP 0x20"


def intcollector_report(hops=4, version="v1.0"):
    """INTCollector: TR1.0 to 54321 carrying INT v1.0 (or v0.5, its older README) over UDP."""
    if version == "v1.0":
        packet = fr.v10_packet(0xFD00, intmd.path_hops(hops))
    else:
        packet = fr.v05_packet(0xFD00, intmd.path_hops(hops))
    frame, exp = fr.tr10(packet, dport=INTCOLLECTOR_PORT, switch_id=70 + hops, seq=5000 + hops, hw_id=0)
    return frame, exp, "INTCollector: TR1.0 on port 54321 carrying INT %s" % version


def afxdp_report(hops=3):
    """int-afxdp-kafka: 16-byte telemetry header, then Ethernet + IPv4 + TCP without options
    (20 bytes) + v1.0 shim + INT header + stack, to UDP port 4321."""
    int_bytes, int_json = intmd.v10(0xF000, intmd.path_hops(hops))
    sport, dport = fr.TCP_FLOW
    l4 = wire.tcp(fr.HOST_A, fr.HOST_B, sport, dport, int_bytes + fr.APP_PAYLOAD)
    packet = fr.Packet(wire.ipv4(fr.HOST_A, fr.HOST_B, wire.PROTO_TCP, l4, dscp=fr.INT_DSCP), fr.HOST_A,
                       fr.flow(fr.HOST_A, fr.HOST_B, sport, dport, 6), int_json)
    frame, exp = fr.tr10(packet, dport=AFXDP_PORT, switch_id=80, seq=1, hw_id=0)
    return frame, exp, "int-afxdp-kafka: TR1.0 on port 4321, inner Eth + IPv4 + TCP (20 bytes) + v1.0 INT"


def all_frames():
    """(name, frame, expected JSON, quirk) in capture order; the names are also vector names."""
    return [("thirdparty_onos_basic_report_3h",) + onos_basic_report(3),
            ("thirdparty_onos_basic_report_5h",) + onos_basic_report(5),
            ("thirdparty_onos_basic_data_2h",) + onos_basic_data(),
            ("thirdparty_onos_fabric_report_3h",) + onos_fabric_report(0),
            ("thirdparty_onos_fabric_local_report_3h",) + onos_fabric_report(2),
            ("thirdparty_onos_fabric_data_1h",) + onos_fabric_data(),
            ("thirdparty_geant_report_3h",) + geant_report(),
            ("thirdparty_geant_report_ts_2h",) + geant_report(0xCC00, 2, 0x00010204),
            ("thirdparty_geant_ambiguous_report_2h",) + geant_ambiguous_report(),
            ("thirdparty_geant_data_2h",) + geant_data(),
            ("thirdparty_intcollector_report_4h",) + intcollector_report(4),
            ("thirdparty_intcollector_v0_5_report_2h",) + intcollector_report(2, "v0.5"),
            ("thirdparty_afxdp_report_3h",) + afxdp_report(3)] + thirdparty_reports.all_frames()

