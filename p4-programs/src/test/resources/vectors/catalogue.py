"""The list of golden vectors: name, frame, expected JSON, one-line description.

Names: <family>_<bitmap>_<hops>h, e.g. int_md_v2_1_udp_all_3h; malformed vectors start with
malformed_. Bitmap names: all (every defined value of the version), swid (switch id only),
mixed (a few values of different sizes), ts (switch id + ingress and egress timestamps: 8 bytes
each in v2.1, 4 bytes before). README.md explains each family.
"""

import intmd
import reports
import frames as fr
import wire

HOP_COUNTS = [0, 1, 3, 5, 8]

BITMAPS = {
    # v2.1 bits 0-8 (A.6); 0xD180 = switch id, L1 ports, queue, tx util, buffer.
    "v2.1": {"all": 0xFF80, "swid": 0x8000, "mixed": 0xD180, "ts": 0x8C00},
    # v1.0 bits 0-7 (bit 8 is reserved before v2.0).
    "v1.0": {"all": 0xFF00, "swid": 0x8000, "mixed": 0xD100, "ts": 0x8C00},
    # v0.5 bits 0-7, every value one word; bit 6 is queue id + congestion status.
    "v0.5": {"all": 0xFF00, "swid": 0x8000, "mixed": 0xD100, "ts": 0x8C00},
}


class Vector:

    def __init__(self, name, frame, expected_json, description, args=""):
        self.name, self.frame, self.expected, self.description = name, frame, expected_json, description
        # sonde-decode options this vector is decoded with (written to NAME.args when not empty)
        self.args = args


def _family(name, description, build, version, hop_counts=HOP_COUNTS, matrix_hops=3, bitmaps=None):
    """"all" at every hop count, the other bitmaps at matrix_hops hops (or every count if None)."""
    out = []
    for bitmap_name, bitmap in BITMAPS[version].items():
        if bitmaps is not None and bitmap_name not in bitmaps:
            continue
        counts = hop_counts if bitmap_name == "all" or matrix_hops is None else [matrix_hops]
        for hops in counts:
            frame, expected_json = build(bitmap, intmd.path_hops(hops))
            out.append(Vector("%s_%s_%dh" % (name, bitmap_name, hops), frame, expected_json,
                              "%s; bitmap 0x%04X, %d hops" % (description, bitmap, hops)))
    return out


def _data(packet):
    return packet.ethernet(), packet.expected()


def int_md_v21():
    v = []
    v += _family("int_md_v2_1_udp", "INT-MD v2.1 over UDP/IPv4, DSCP 0x17, shim NPT 0",
                 lambda b, h: _data(fr.udp_with_int(*intmd.v21(b, h, shim_low16=0 << 2))), "v2.1", matrix_hops=None)
    v += _family("int_md_v2_1_tcp", "INT-MD v2.1 after TCP options (NOP NOP TS), DSCP 0x17, NPT 0",
                 lambda b, h: _data(fr.tcp_with_int(*intmd.v21(b, h))), "v2.1")
    v += _family("int_md_v2_1_tcp_before_options", "INT-MD v2.1 right after the fixed TCP header, before its "
                 "options (sonde.p4's and ONOS's placement), DSCP 0x17, NPT 0",
                 lambda b, h: _data(fr.tcp_with_int_before_options(*intmd.v21(b, h))), "v2.1",
                 hop_counts=[0, 3, 8], bitmaps=["all"])
    v += _family("int_md_v2_1_udp_npt1", "INT-MD v2.1, NPT 1: UDP dst port replaced, original saved in the shim",
                 lambda b, h: _data(fr.v21_udp_npt1(b, h)), "v2.1")
    v += _family("int_md_v2_1_tcp_npt2", "INT-MD v2.1, NPT 2: new UDP header, original TCP header after the stack",
                 lambda b, h: _data(fr.v21_npt2(b, h)), "v2.1")
    v += _family("int_md_v2_1_udp_npt2", "INT-MD v2.1, NPT 2: new UDP header, original UDP header after the stack",
                 lambda b, h: _data(fr.v21_npt2(b, h, wire.PROTO_UDP)), "v2.1", hop_counts=[3], bitmaps=["all"])
    one_tag = ((wire.TPID_8021Q, 3, 0, 100),)
    two_tags = ((wire.TPID_8021AD, 0, 0, 200), (wire.TPID_8021Q, 5, 1, 300))
    v += _family("int_md_v2_1_vlan1", "INT-MD v2.1 over UDP behind one 802.1Q tag (VID 100)",
                 lambda b, h: _data(fr.udp_with_int(*intmd.v21(b, h), vlans=one_tag)), "v2.1",
                 hop_counts=[0, 3, 8], bitmaps=["all"])
    v += _family("int_md_v2_1_vlan2", "INT-MD v2.1 over UDP behind 802.1ad (VID 200) + 802.1Q (VID 300) tags",
                 lambda b, h: _data(fr.udp_with_int(*intmd.v21(b, h), vlans=two_tags)), "v2.1",
                 hop_counts=[0, 3, 8], bitmaps=["all"])
    v += _family("int_md_v2_1_ipv6_udp", "INT-MD v2.1 over UDP/IPv6, traffic class DSCP 0x17, NPT 0",
                 lambda b, h: _data(fr.udp_with_int(*intmd.v21(b, h), src=fr.HOST6_A, dst=fr.HOST6_B)), "v2.1")
    v += _family("int_md_v2_1_ipv6_tcp", "INT-MD v2.1 after TCP options over IPv6, NPT 0",
                 lambda b, h: _data(fr.tcp_with_int(*intmd.v21(b, h), src=fr.HOST6_A, dst=fr.HOST6_B)), "v2.1",
                 hop_counts=[3], bitmaps=["all"])
    v += _family("int_md_v2_1_ipv6_tcp_npt2", "INT-MD v2.1 over IPv6, NPT 2 (new UDP header, original TCP after)",
                 lambda b, h: _data(fr.v21_npt2(b, h, src=fr.HOST6_A, dst=fr.HOST6_B)), "v2.1",
                 hop_counts=[0, 3], bitmaps=["all"])
    return v


def int_md_v21_edges():
    hops3 = intmd.path_hops(3)
    v = []
    frame, exp = _data(fr.udp_with_int(*intmd.v21(0xFF80, intmd.path_hops(3, unavailable_at=1))))
    v.append(Vector("int_md_v2_1_udp_unavailable_3h", frame, exp,
                    "INT-MD v2.1: the middle hop reports hop latency and both 8-byte timestamps as all ones "
                    "(unavailable, INT-2.1 §5.8); printed as unsigned values"))
    frame, exp = _data(fr.udp_with_int(*intmd.v21(0x8001, hops3)))
    v.append(Vector("int_md_v2_1_udp_checksum_complement_3h", frame, exp,
                    "INT-MD v2.1, bitmap 0x8001: switch id + Checksum Complement (bit 15), which is consumed "
                    "but not printed"))
    frame, exp = _data(fr.udp_with_int(*intmd.v21(0xC000, hops3, flags=(1, 1, 1), ds=(0x0001, 0, 0x00F0),
                                                  remaining=0)))
    v.append(Vector("int_md_v2_1_udp_flags_ds_3h", frame, exp,
                    "INT-MD v2.1 with D, E and M set, Remaining Hop Count 0, Domain Specific ID 1 and DS flags "
                    "(none of them printed)"))
    frame, exp = _data(fr.udp_with_int(*intmd.v21(0x8000, intmd.path_hops(16), initial_hops=16)))
    v.append(Vector("int_md_v2_1_udp_swid_16h", frame, exp,
                    "INT-MD v2.1 with 16 hops, exactly the default hop limit of the decoder"))
    frame, exp = _data(fr.udp_with_int(*intmd.v21(0xFF80, hops3), dscp=0x20))
    v.append(Vector("int_md_v2_1_udp_dscp20_3h", frame, exp,
                    "INT-MD v2.1 announced by DSCP 0x20 (GEANT's marking, WIRE_FACTS C.5)"))
    frame, exp = _data(fr.v10_packet(0x8001, hops3))
    v.append(Vector("int_md_v1_0_udp_checksum_complement_3h", frame, exp,
                    "INT-MD v1.0, bitmap 0x8001: switch id + Checksum Complement (consumed, not printed)"))
    return v


def int_md_older():
    v = []
    v += _family("int_md_v1_0_udp", "INT-MD v1.0 over UDP/IPv4, DSCP 0x17 (4-byte timestamps, 8-byte L2 ports)",
                 lambda b, h: _data(fr.v10_packet(b, h)), "v1.0")
    v += _family("int_md_v1_0_tcp", "INT-MD v1.0 after TCP options, DSCP 0x17",
                 lambda b, h: _data(fr.v10_packet(b, h, "tcp")), "v1.0", hop_counts=[0, 3, 8], bitmaps=["all"])
    v += _family("int_md_v0_5_udp", "INT-MD v0.5 over UDP/IPv4 with tail, DSCP 0x17 (every value one word)",
                 lambda b, h: _data(fr.v05_packet(b, h)), "v0.5")
    v += _family("int_md_v0_5_tcp", "INT-MD v0.5 after TCP options with tail, DSCP 0x17",
                 lambda b, h: _data(fr.v05_packet(b, h, "tcp")), "v0.5", hop_counts=[0, 3, 8], bitmaps=["all"])
    return v


def _v21(bitmap, hops, **kwargs):
    return fr.udp_with_int(*intmd.v21(bitmap, hops), **kwargs)


def tr20_vectors():
    v = []
    v += _family("tr2_0_eth", "TR2.0, one INT report (RepMdBits 0x3000: sink latency + queue), InType 3: inner "
                 "Ethernet frame carrying INT-MD v2.1 over UDP", lambda b, h: fr.tr20(_v21(b, h)), "v2.1")
    v += _family("tr2_0_ipv4", "TR2.0, InType 4: inner IPv4 packet carrying INT-MD v2.1",
                 lambda b, h: fr.tr20(_v21(b, h), in_type=reports.IN_IPV4), "v2.1",
                 hop_counts=[0, 3, 8], bitmaps=["all"])
    v += _family("tr2_0_ipv6", "TR2.0, InType 5: inner IPv6 packet carrying INT-MD v2.1 after TCP options",
                 lambda b, h: fr.tr20(fr.tcp_with_int(*intmd.v21(b, h), src=fr.HOST6_A, dst=fr.HOST6_B),
                                      in_type=reports.IN_IPV6), "v2.1", hop_counts=[3], bitmaps=["all"])
    v += _family("tr2_0_npt2", "TR2.0, inner Ethernet frame with INT-MD v2.1 NPT 2 (TR-2.0 §4.3 shape)",
                 lambda b, h: fr.tr20(fr.v21_npt2(b, h), rep_md_bits=0x4000), "v2.1", hop_counts=[1],
                 bitmaps=["all"])
    v += _family("tr2_0_outer_ipv6", "TR2.0 sent over IPv6 to the collector, inner INT-MD v2.1",
                 lambda b, h: fr.tr20(_v21(b, h), outer=(fr.SWITCH6, fr.COLLECTOR6)), "v2.1", hop_counts=[3],
                 bitmaps=["all"])
    plain = fr.plain_udp()
    for name, bits, text in (("all", 0x7F80, "every baseline value (L1 ports .. buffer, 8-byte timestamps)"),
                             ("mixed", 0x3000, "hop latency + queue"),
                             ("drop", 0x1001, "queue + the drop word of bit 15 (consumed, not printed)")):
        frame, exp = fr.tr20(plain, rep_md_bits=bits)
        v.append(Vector("tr2_0_md_%s" % name, frame, exp,
                        "TR2.0 whose inner packet has no INT: \"int\" is the report's own metadata as one hop; "
                        "RepMdBits 0x%04X, %s" % (bits, text)))
    packet = _v21(0xFF80, intmd.path_hops(3))
    frame, exp = fr.tr20(packet, truncate_inner=14 + 20 + 8 + 16 + 3 * 48)
    v.append(Vector("tr2_0_truncated_inner_3h", frame, exp,
                    "TR2.0 whose inner frame is cut right after the INT stack (IP and UDP lengths still count the "
                    "payload), as switches truncate reported packets"))
    v += _tr20_shapes()
    return v


def _tr20_shapes():
    v = []
    sink = intmd.path_hops(9)[8]
    # InType 0: metadata only, no inner packet, so no flow.
    individual, md_json = reports.tr20_individual(1, reports.IN_NONE, b"", 0x7000, sink)
    payload = reports.tr20_group(1, 77, sink["switch_id"]) + individual
    v.append(Vector("tr2_0_no_inner", fr.report_frame(payload, 32766),
                    fr.expected("TR2.0", None, md_json, seq=77, hw_id=1, node_id=sink["switch_id"]),
                    "TR2.0 INT report with InType 0 (no inner packet): flow is null, int is the report metadata; "
                    "content recognition wants an inner packet, so it is decoded with --report-port 32766",
                    "--report-port 32766"))
    # RepType 0: inner only, no main contents.
    packet = _v21(0xFF80, intmd.path_hops(3))
    individual, _ = reports.tr20_individual(0, reports.IN_ETHERNET, packet.ethernet(pad=False))
    payload = reports.tr20_group(0, 4194303, 0xFFFFFFFF) + individual
    v.append(Vector("tr2_0_inner_only_3h", fr.report_frame(payload, 32766),
                    fr.expected("TR2.0", packet.flow, packet.int, seq=4194303, hw_id=0, node_id=0xFFFFFFFF),
                    "TR2.0 RepType 0 (inner only, MD Length 0) carrying INT-MD v2.1; largest sequence number and "
                    "node id"))
    # Inner packets that are not TCP/UDP over IP: the report still prints, int from its metadata.
    arp = wire.arp_request(wire.MAC_HOST_A, fr.HOST_A, fr.HOST_B)[:42]
    individual, md_json = reports.tr20_individual(1, reports.IN_ETHERNET, arp, 0x3000, sink)
    payload = reports.tr20_group(4, 5, sink["switch_id"]) + individual
    v.append(Vector("tr2_0_inner_arp", fr.report_frame(payload, 32766),
                    fr.expected("TR2.0", None, md_json, seq=5, hw_id=4, node_id=sink["switch_id"]),
                    "TR2.0 about a dropped ARP frame (not IP): flow null, int is the report metadata; content "
                    "recognition wants an IP packet inside, so it is decoded with --report-port 32766",
                    "--report-port 32766"))
    icmp = wire.ipv4(fr.HOST_A, fr.HOST_B, 1, bytes.fromhex("0800f7fe00010001") + b"ping")
    individual, md_json = reports.tr20_individual(1, reports.IN_IPV4, icmp, 0x2000, sink)
    payload = reports.tr20_group(4, 6, sink["switch_id"]) + individual
    v.append(Vector("tr2_0_inner_icmp", fr.report_frame(payload, 32766),
                    fr.expected("TR2.0", fr.flow(fr.HOST_A, fr.HOST_B, None, None, 1), md_json, seq=6, hw_id=4,
                                node_id=sink["switch_id"]),
                    "TR2.0 with an inner ICMP echo (InType 4): ports null, int is the report metadata"))
    # Two individual reports in one packet: the first one is printed.
    first_packet = _v21(0xD180, intmd.path_hops(3))
    second_packet = fr.tcp_with_int(*intmd.v21(0x8000, intmd.path_hops(5)))
    first, first_md = reports.tr20_individual(1, reports.IN_ETHERNET, first_packet.ethernet(pad=False), 0x2000, sink)
    second, _ = reports.tr20_individual(1, reports.IN_ETHERNET, second_packet.ethernet(pad=False), 0x2000, sink)
    payload = reports.tr20_group(63, 1, sink["switch_id"]) + first + second
    v.append(Vector("tr2_0_two_reports", fr.report_frame(payload, 32766),
                    fr.expected("TR2.0", first_packet.flow,
                                dict(first_packet.int, hops=first_packet.int["hops"] + first_md["hops"]), seq=1, hw_id=63,
                                node_id=sink["switch_id"]),
                    "TR2.0 packet with two individual reports; sonde-decode prints the first one"))
    return v


def tr10_vectors():
    v = []
    v += _family("tr1_0_eth", "TR1.0 (16-byte header, NProt 0) carrying an Ethernet frame with INT-MD v1.0",
                 lambda b, h: fr.tr10(fr.v10_packet(b, h)), "v1.0")
    v += _family("tr1_0_ipv4", "TR1.0 with NProt 1: inner IPv4 packet carrying INT-MD v1.0",
                 lambda b, h: fr.tr10(fr.v10_packet(b, h), nprot=1), "v1.0", hop_counts=[3], bitmaps=["all"])
    v += _family("tr1_0_md", "TR1.0 with optional metadata (RepMdBits 0x30: ports + hop latency, Length 6)",
                 lambda b, h: fr.tr10(fr.v10_packet(b, h), rep_md_bits=0x30,
                                      md_words=bytes.fromhex("00650066") + bytes.fromhex("00000bb8")), "v1.0",
                 hop_counts=[3], bitmaps=["all"])
    v += _family("tr1_0_v2_inner", "TR1.0 carrying INT-MD v2.1 (the report and INT versions are independent)",
                 lambda b, h: fr.tr10(_v21(b, h)), "v2.1", hop_counts=[3], bitmaps=["all"])
    frame, exp = fr.tr10(fr.plain_udp())
    v.append(Vector("tr1_0_no_int", frame, exp, "TR1.0 whose inner packet has no INT: int is null"))
    return v


def tr05_vectors():
    v = []
    v += _family("tr0_5_eth", "TR0.5 (12-byte header, NProto 0) carrying an Ethernet frame with INT-MD v0.5",
                 lambda b, h: fr.tr05(fr.v05_packet(b, h)), "v0.5")
    drop = reports.tr05_drop_header(31, 1, 2, 3, 0x44)
    frame, exp = fr.tr05(fr.v05_packet(0xFF00, intmd.path_hops(3)), nproto=1, extra=drop, node_id=31)
    v.append(Vector("tr0_5_drop_3h", frame, exp, "TR0.5 NProto 1: Drop Report header (switch 31) then Ethernet "
                                                 "with INT-MD v0.5; node_id from the drop header"))
    local = reports.tr05_local_header(32, 1, 2, 3, 0x000456, 0x12345678)
    frame, exp = fr.tr05(fr.v05_packet(0xFF00, intmd.path_hops(3)), nproto=2, extra=local, node_id=32)
    v.append(Vector("tr0_5_local_3h", frame, exp, "TR0.5 NProto 2: Switch Local Report header (switch 32) then "
                                                  "Ethernet with INT-MD v0.5"))
    frame, exp = fr.tr05(fr.v10_packet(0xFF00, intmd.path_hops(3)))
    v.append(Vector("tr0_5_v1_inner_3h", frame, exp, "TR0.5 carrying INT-MD v1.0"))
    return v


def int_md_tunnels():
    """INT-MD v2.1 in GRE, VXLAN-GPE and Geneve headers (tunnels.py)."""
    import tunnels
    v = []
    v += _family("int_md_v2_1_gre", "INT-MD v2.1 over IPv4/GRE (Protocol Type TBD_INT stand-in 0x88B5, shim G 1, "
                 "Next Protocol IPv4) carrying IPv4/UDP", lambda b, h: _data(tunnels.gre(b, h)), "v2.1",
                 hop_counts=[0, 3, 8], bitmaps=["all", "mixed"])
    frame, exp = _data(tunnels.gre(0xD180, intmd.path_hops(3), carried="ethernet", inserted=False, key=0x0A0B0C0D,
                                   sequence=77, checksum=True, transport="tcp"))
    v.append(Vector("int_md_v2_1_gre_options_mixed_3h", frame, exp,
                    "INT-MD v2.1 over GRE with checksum, key and sequence number (RFC 2784, RFC 2890), shim G 0, "
                    "Next Protocol 0x6558 (an Ethernet frame with IPv4/TCP follows the stack)"))
    frame, exp = _data(tunnels.gre(0x8000, intmd.path_hops(3), carried="ipv6", ipv6=True))
    v.append(Vector("int_md_v2_1_ipv6_gre_swid_3h", frame, exp,
                    "INT-MD v2.1 over IPv6/GRE carrying IPv6/UDP; bitmap 0x8000, 3 hops"))
    v += _family("int_md_v2_1_vxlan_gpe", "INT-MD v2.1 over VXLAN-GPE (UDP 4790, Next Protocol 0x82, shim G 1) "
                 "carrying an Ethernet frame with IPv4/UDP", lambda b, h: _data(tunnels.vxlan_gpe(b, h)), "v2.1",
                 hop_counts=[0, 3, 8], bitmaps=["all", "ts"])
    frame, exp = _data(tunnels.vxlan_gpe(0xD180, intmd.path_hops(3), carried="ipv6", was_vxlan=False,
                                         transport="tcp"))
    v.append(Vector("int_md_v2_1_vxlan_gpe_ipv6_mixed_3h", frame, exp,
                    "INT-MD v2.1 over VXLAN-GPE, shim G 0 and Next Protocol IPv6 (IPv6/TCP follows the stack)"))
    v += _family("int_md_v2_1_geneve", "INT-MD v2.1 as a Geneve option (UDP 6081, Option Class 0x0103, Type 1) "
                 "after an experimental option, carrying an Ethernet frame with IPv4/UDP",
                 lambda b, h: _data(tunnels.geneve(b, h)), "v2.1", hop_counts=[0, 1, 2],
                 bitmaps=["all", "swid", "mixed", "ts"])
    frame, exp = _data(tunnels.geneve(0x8000, intmd.path_hops(5), carried="ipv4", other_option=False,
                                      transport="tcp"))
    v.append(Vector("int_md_v2_1_geneve_ipv4_swid_5h", frame, exp,
                    "INT-MD v2.1 as the only Geneve option, Protocol Type IPv4 (IPv4/TCP follows the options)"))
    frame, exp = fr.tr20(tunnels.vxlan_gpe(0xFF80, intmd.path_hops(3)))
    v.append(Vector("tr2_0_vxlan_gpe_all_3h", frame, exp,
                    "TR2.0 about a VXLAN-GPE packet carrying INT-MD v2.1 (3 hops), the sink's hop appended"))
    return v


def third_party_vectors():
    import thirdparty
    return [Vector(name, frame, exp, quirk) for name, frame, exp, quirk in thirdparty.all_frames()]


def all_vectors():
    import malformed
    return (int_md_v21() + int_md_v21_edges() + int_md_older() + int_md_tunnels() + tr20_vectors() + tr10_vectors()
            + tr05_vectors() + third_party_vectors() + malformed.vectors())
