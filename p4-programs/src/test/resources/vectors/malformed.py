"""Malformed vectors: frames that look like telemetry but break a layout. Their JSON is the error
object sonde-decode prints; the reason is the typed error's name (README.md lists them).

A report that breaks its own layout can not be recognised by content (its lengths do not fit),
so those vectors come with NAME.args: the sonde-decode options to decode them with
(--report-port forces report decoding on the collector port).
"""

import struct

import frames as fr
import intmd
import reports
import thirdparty_reports
import tunnels
import wire
from catalogue import Vector

FORCED = "--report-port 32766"


def _udp_int(int_bytes, dscp=fr.INT_DSCP, payload=b""):
    return fr.udp_with_int(int_bytes, None, dscp=dscp, payload=payload).ethernet()


def _int_md():
    v = []
    whole, _ = intmd.v21(0xFF80, intmd.path_hops(3))
    v.append(Vector("malformed_int_md_v2_1_truncated_header", _udp_int(whole[:10]), fr.error("truncated"),
                    "INT-MD v2.1: the UDP payload ends 6 bytes into the 12-byte metadata header"))
    v.append(Vector("malformed_int_md_v2_1_truncated_stack", _udp_int(whole[:16 + 2 * 48]), fr.error("truncated"),
                    "INT-MD v2.1: shim Length announces 3 hops of 12 words, the UDP payload holds 2"))
    frame = fr.udp_with_int(whole, None).ethernet()
    v.append(Vector("malformed_int_md_v2_1_snapped", frame[:14 + 20 + 8 + 16 + 60], fr.error("truncated"),
                    "INT-MD v2.1 frame cut by the capture's snap length in the middle of the stack (IP and UDP "
                    "lengths count bytes that are not there)"))
    bad_ml, _ = intmd.v21(0xFF80, intmd.path_hops(1), hop_ml=2)
    v.append(Vector("malformed_int_md_v2_1_bad_hop_ml", _udp_int(bad_ml), fr.error("bad_length"),
                    "INT-MD v2.1: bitmap 0xFF80 needs 12 words per hop, Hop ML says 2"))
    over, _ = intmd.v21(0x8000, intmd.path_hops(17), initial_hops=20)
    v.append(Vector("malformed_int_md_v2_1_hop_count_over_limit", _udp_int(over), fr.error("hop_count_over_limit"),
                    "INT-MD v2.1 with 17 hops, one over the decoder's default limit of 16"))
    v1, _ = intmd.v10(0xFF00, intmd.path_hops(3))
    v.append(Vector("malformed_int_md_v1_0_truncated_stack", _udp_int(v1[:12 + 36 + 8]), fr.error("truncated"),
                    "INT-MD v1.0: shim Length announces 3 hops of 9 words, the payload ends inside the second"))
    v05_over, _ = intmd.v05(0x8000, intmd.path_hops(17), wire.PROTO_UDP, fr.UDP_FLOW[1], max_hops=20)
    v.append(Vector("malformed_int_md_v0_5_hop_count_over_limit", _udp_int(v05_over),
                    fr.error("hop_count_over_limit"), "INT-MD v0.5 with Total Hop Count 17 and 17 hops"))
    v05_bad, _ = intmd.v05(0x8000, intmd.path_hops(2), wire.PROTO_UDP, fr.UDP_FLOW[1], total_hops=3)
    v.append(Vector("malformed_int_md_v0_5_bad_length", _udp_int(v05_bad), fr.error("bad_length"),
                    "INT-MD v0.5: Total Hop Count 3 x Ins Cnt 1 disagrees with the 2 stack words of shim Length"))
    return v


def _reports():
    v = []
    packet = fr.udp_with_int(*intmd.v21(0xFF80, intmd.path_hops(3)))
    sink = intmd.path_hops(9)[8]
    inner = packet.ethernet(pad=False)
    individual, _ = reports.tr20_individual(1, reports.IN_ETHERNET, inner, 0x3000, sink)
    group = reports.tr20_group(5, 10, sink["switch_id"])
    frame = fr.report_frame(group + individual[:40], 32766)
    v.append(Vector("malformed_tr2_0_truncated", frame, fr.error("truncated"),
                    "TR2.0 whose individual report announces more words than the UDP payload holds "
                    "(decoded with %s)" % FORCED, FORCED))
    bad = bytearray(group + individual)
    bad[8 + 2] = bad[8 + 1] - 1  # MD Length above Report Length - 2 (B.3)
    v.append(Vector("malformed_tr2_0_bad_length", fr.report_frame(bytes(bad), 32766), fr.error("bad_length"),
                    "TR2.0 individual report whose MD Length exceeds its Report Length minus the 2 fixed words "
                    "(decoded with %s)" % FORCED, FORCED))
    ver3 = bytearray(group + individual)
    ver3[0] = (3 << 4) | (ver3[0] & 0x0F)
    v.append(Vector("malformed_report_unknown_version", fr.report_frame(bytes(ver3), 32766),
                    fr.error("unknown_version"),
                    "a TR2.0 packet with Ver 3 in the group header (decoded with %s)" % FORCED, FORCED))
    v1 = reports.tr10(3, 21, 1, 2, fr.v10_packet(0xFF00, intmd.path_hops(3)).ethernet(pad=False))
    v.append(Vector("malformed_tr1_0_truncated", fr.report_frame(v1[:10], 32766), fr.error("truncated"),
                    "TR1.0 fixed header cut after 10 of its 16 bytes (decoded with %s)" % FORCED, FORCED))
    over = fr.udp_with_int(*intmd.v21(0x8000, intmd.path_hops(17), initial_hops=20))
    frame, _ = fr.tr20(over)
    v.append(Vector("malformed_tr2_0_inner_hop_count_over_limit", frame, fr.error("hop_count_over_limit"),
                    "a well-formed TR2.0 report whose inner packet carries 17 INT hops"))
    tps = "--report-port %d" % thirdparty_reports.TPS_REPORT_PORT
    v.append(Vector("malformed_tr2_0_tps_block_cut", thirdparty_reports.tps_short_block(), fr.error("bad_length"),
                    "RepType 0 with MD Length 1 (transparent-security's signature) whose datagram ends 8 bytes into "
                    "the 12-byte metadata block (decoded with %s)" % tps, tps))
    return v


def _tunnels():
    v = []
    body, _ = intmd.v21(0xFF80, intmd.path_hops(3))
    cut = tunnels.gre(0xFF80, [], carried=None, metadata=(body[4:4 + 12 + 60], None), shim_length=3 + 36)
    v.append(Vector("malformed_int_md_v2_1_gre_truncated_stack", cut.ethernet(), fr.error("truncated"),
                    "INT-MD v2.1 over GRE: the shim Length announces 3 hops of 12 words, the IP packet ends inside "
                    "the second"))
    bad_ml = intmd.v21(0xFF80, intmd.path_hops(1), hop_ml=2)[0][4:]
    frame = tunnels.vxlan_gpe(0xFF80, [], metadata=(bad_ml, None)).ethernet()
    v.append(Vector("malformed_int_md_v2_1_vxlan_gpe_bad_hop_ml", frame, fr.error("bad_length"),
                    "INT-MD v2.1 over VXLAN-GPE: bitmap 0xFF80 needs 12 words per hop, Hop ML says 2"))
    return v


def _unrecognised():
    """INT-MD is recognised by content: a shim of a known version, announced by the DSCP or by
    NPT 1/2, followed by a header of the same version (WIRE_FACTS C.6). Bytes that fail this are
    not INT, whatever they were meant to be; these vectors pin that down."""
    v = []
    ver3, _ = intmd.v21(0x8000, intmd.path_hops(2), version=3)
    v.append(Vector("unrecognised_int_md_v2_1_version3", _udp_int(ver3), fr.error("not telemetry"),
                    "DSCP 0x17 and a v2.x shim, but a metadata header with Ver 3: not recognised as INT"))
    short, _ = intmd.v21(0x8000, intmd.path_hops(1), length=2)
    v.append(Vector("unrecognised_int_md_v2_1_shim_length2", _udp_int(short), fr.error("not telemetry"),
                    "DSCP 0x17 and a v2.x shim whose Length 2 cannot hold the metadata header: not INT"))
    bad_inner, _ = intmd.v10(0x8000, intmd.path_hops(2))
    bad_inner = bad_inner[:4] + bytes([(7 << 4) | (bad_inner[4] & 0x0F)]) + bad_inner[5:]
    inner_packet = fr.udp_with_int(bad_inner, None)
    frame = fr.report_frame(reports.tr10(3, 21, 2, 3, inner_packet.ethernet(pad=False)), 54321)
    v.append(Vector("unrecognised_tr1_0_inner_version7", frame,
                    fr.expected("TR1.0", inner_packet.flow, None, seq=2, hw_id=3, node_id=21),
                    "TR1.0 whose inner packet has a v1.0 shim and a header with Ver 7: the report prints, "
                    "its inner packet carries no INT (int null)"))
    plain, _ = tunnels.carried_packet("ethernet")
    gpe = struct.pack("!BBBBI", 0x0C, 0, 0, tunnels.GPE_NEXT["ethernet"], tunnels.VNI << 8)
    l4 = wire.udp(tunnels.TUNNEL_SRC, tunnels.TUNNEL_DST, 49200, tunnels.GPE_PORT, gpe + plain)
    frame = wire.ethernet(wire.MAC_HOST_B, wire.MAC_SWITCH, wire.ETH_IPV4,
                          wire.ipv4(tunnels.TUNNEL_SRC, tunnels.TUNNEL_DST, wire.PROTO_UDP, l4))
    v.append(Vector("unrecognised_vxlan_gpe_without_int", frame, fr.error("not telemetry"),
                    "VXLAN-GPE whose Next Protocol is Ethernet (no INT in the tunnel header): not telemetry"))
    inner, _ = tunnels.carried_packet("ipv4")
    gre = struct.pack("!BBH", 0, 0, wire.ETH_IPV4) + inner
    frame = wire.ethernet(wire.MAC_HOST_B, wire.MAC_SWITCH, wire.ETH_IPV4,
                          wire.ipv4(tunnels.TUNNEL_SRC, tunnels.TUNNEL_DST, tunnels.PROTO_GRE, gre))
    v.append(Vector("unrecognised_gre_ipv4", frame, fr.error("not telemetry"),
                    "GRE carrying a plain IPv4 packet (Protocol Type 0x0800): not telemetry"))
    return v


def vectors():
    return _int_md() + _tunnels() + _reports() + _unrecognised()

