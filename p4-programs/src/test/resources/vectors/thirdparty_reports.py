"""Reports whose header breaks its own specification, as two projects put them on the wire.

CableLabs transparent-security (its P4 switches, TNA and v1model):
  TR2.0 group header, then one individual report with RepType 0 (inner only) but followed by the
  12-byte block of its `telem_rpt_t` (RepMdBits, Domain Specific ID 0x5453, DSMdBits, DSMdstatus,
  one word of "variable optional metadata"); MD Length copies the reported packet's INT shim
  Length; Report Length is 10 for an IPv4 packet and 15 for an IPv6 one, whatever the packet's
  size, and the packet (from its Ethernet header, although InType says IPv4 / IPv6) runs to the
  end of the datagram. Its sequence counter sits in the upper 16 bits of the 22-bit field (6 bits
  of padding below). Reports go to UDP port 556 (0x022c), INT data packets to 555 (0x022b).

INTCollector's test generator (benchmark/INTReport.py, its v1.0 test):
  TR1.0 header whose Length nibble says 1 (its field default), switch id, sequence and hw_id 0,
  F set; the reported packet is Ethernet / IPv4 (DSCP 0) / UDP / INT with a v1.0 shim and a v1.0
  header whose Ver field is 0 (its default); every instruction is one 4-byte word and the queue
  words (bit 3, and bit 6 which it fills like v0.5's queue congestion word) hold a 16-bit queue id
  above a 16-bit value.

README.md says, per quirk, what sonde-decode does with it.
"""

import struct

import frames as fr
import intmd
import reports
import wire

TPS_REPORT_PORT = 556      # transparent-security TRPT_INT_DST_PORT
TPS_INT_PORT = 555         # transparent-security UDP_INT_DST_PORT
TPS_DOMAIN = 0x5453        # its INT and report Domain Specific ID ("TS")
TPS_REPORT_LENGTH = {4: 10, 6: 15}  # what its switches write, by the reported packet's IP version
INTCOLLECTOR_PORT = 54321


def _tps_packet(hops, transport, src, dst):
    """A data packet as a transparent-security source sends it: a UDP header to port 555 (source
    port 0, checksum 0) inserted before the original L4 header, INT-MD v2.1 with NPT 2, Hop ML 1
    (switch ids), its Domain Specific ID, and no DSCP marking. The shim Length here counts what
    INT-2.1 counts (README.md: their own counts the shim as well)."""
    protocol = wire.PROTO_TCP if transport == "tcp" else wire.PROTO_UDP
    int_bytes, int_json = intmd.v21(0x8000, hops, npt=2, shim_low16=protocol, ds=(TPS_DOMAIN, 0, 0))
    if transport == "tcp":
        sport, dport = fr.TCP_FLOW
        original = wire.tcp(src, dst, sport, dport, fr.APP_PAYLOAD)
    else:
        sport, dport = fr.UDP_FLOW
        original = wire.udp(src, dst, sport, dport, fr.APP_PAYLOAD)
    outer = wire.udp(src, dst, 0, TPS_INT_PORT, int_bytes + original, zero_checksum=True)
    ip_bytes = wire.ip(src, dst, wire.PROTO_UDP, outer, 0)
    return fr.Packet(ip_bytes, src, fr.flow(src, dst, sport, dport, protocol), int_json), int_bytes[1]


def tps_report(hops=2, transport="udp", counter=3, ip_version=4, block=(0, 0, 0, 0)):
    """A transparent-security sink's report about a packet of `hops` hops (module docstring)."""
    src, dst = (fr.HOST_A, fr.HOST_B) if ip_version == 4 else (fr.HOST6_A, fr.HOST6_B)
    packet, shim_length = _tps_packet(intmd.path_hops(hops), transport, src, dst)
    node_id = 10 + hops  # the last switch on the path, whose id it copies from the stack
    seq = counter << 6
    in_type = reports.IN_IPV4 if ip_version == 4 else reports.IN_IPV6
    header = struct.pack("!BBBB", in_type, TPS_REPORT_LENGTH[ip_version], shim_length, 0)
    rep_md_bits, ds_md_bits, ds_status, optional = block
    main = struct.pack("!HHHHI", rep_md_bits, TPS_DOMAIN, ds_md_bits, ds_status, optional)
    payload = reports.tr20_group(0, seq, node_id) + header + main + packet.ethernet(pad=False)
    # Its report leaves from the reported packet's source address, UDP source port 0.
    frame = fr.report_frame(payload, TPS_REPORT_PORT, src=src, dst=fr.COLLECTOR if ip_version == 4 else
                            fr.COLLECTOR6, sport=0)
    expected = fr.expected("TR2.0", packet.flow, packet.int, seq=seq, hw_id=0, node_id=node_id)
    quirk = ("transparent-security: TR2.0 RepType 0 with its 12-byte metadata block, MD Length = the INT shim "
             "Length, Report Length %d, InType %d over an Ethernet frame that runs to the end of the datagram, "
             "sequence counter %d << 6" % (TPS_REPORT_LENGTH[ip_version], in_type, counter))
    return frame, expected, quirk


def tps_short_block():
    """RepType 0 with MD Length 1 whose datagram ends 8 bytes into the 12-byte block: bad_length."""
    payload = reports.tr20_group(0, 1 << 6, 12) + struct.pack("!BBBB", reports.IN_IPV4, 10, 1, 0) + \
        struct.pack("!HHHH", 0, TPS_DOMAIN, 0, 0)
    return fr.report_frame(payload, TPS_REPORT_PORT, sport=0)


def _intcollector_hop(bitmap, hop):
    """One hop as INTCollector's generator writes it: one word per instruction bit 0-7."""
    ts_mask = 0xFFFFFFFF
    words = {0: hop["switch_id"], 1: hop["ingress_port"] << 16 | hop["egress_port"], 2: hop["hop_latency"],
             3: hop["queue_id"] << 16 | hop["queue_occupancy"] & 0xFFFF, 4: hop["ingress_ts"] & ts_mask,
             5: hop["egress_ts"] & ts_mask, 6: hop["queue_id"] << 16 | (700 + hop["switch_id"]),
             7: hop["egress_tx_util"]}
    printed = {0: {"switch_id": words[0]}, 1: {"ingress_port": hop["ingress_port"], "egress_port": hop["egress_port"]},
               2: {"hop_latency": words[2]},
               3: {"queue_id": hop["queue_id"], "queue_occupancy": hop["queue_occupancy"] & 0xFFFF},
               4: {"ingress_ts": words[4]}, 5: {"egress_ts": words[5]}, 6: {}, 7: {"egress_tx_util": words[7]}}
    data, json_hop = b"", {}
    for bit in range(8):
        if bitmap & (0x8000 >> bit):
            data += struct.pack("!I", words[bit])
            json_hop.update(printed[bit])
    return data, {key: json_hop[key] for key in intmd.HOP_KEYS if key in json_hop}


def intcollector_test_int(bitmap, hops, remaining=3):
    """v1.0 shim (Length counts the shim) + v1.0 header with Ver 0 + one word per bit and hop."""
    encoded = [_intcollector_hop(bitmap, hop) for hop in hops]
    stack = b"".join(data for data, _ in reversed(encoded))  # newest hop first (A.7)
    hop_ml = bin(bitmap & 0xFF00).count("1")
    shim = struct.pack("!BBBB", 1, 0, 3 + len(stack) // 4, 0)
    header = struct.pack("!IHH", (0 << 28) | (hop_ml << 8) | remaining, bitmap, 0)
    json_int = {"version": 0, "instructions": bitmap, "hop_ml": hop_ml, "remaining_hop_count": remaining,
                "hops": [json_hop for _, json_hop in encoded]}
    return shim + header + stack, json_int


def intcollector_test_report(bitmap=0xFF00, hops=3):
    """A report of INTCollector's generator (module docstring) about a UDP packet it made up."""
    int_bytes, int_json = intcollector_test_int(bitmap, intmd.path_hops(hops))
    packet = fr.udp_with_int(int_bytes, int_json, dscp=0, payload=b"")
    word0 = (1 << 28) | (1 << 24) | (1 << 6)  # Ver 1, Length 1, NProt 0, RepMdBits 0, F, hw_id 0
    payload = struct.pack("!IIII", word0, 0, 0, 1524138290) + packet.ethernet(pad=False)
    l4 = wire.udp(fr.SWITCH, fr.COLLECTOR, 5000, INTCOLLECTOR_PORT, payload)
    frame = wire.ethernet(wire.MAC_COLLECTOR, wire.MAC_SWITCH, wire.ETH_IPV4,
                          wire.ipv4(fr.SWITCH, fr.COLLECTOR, wire.PROTO_UDP, l4, dscp=fr.INT_DSCP))
    expected = fr.expected("TR1.0", packet.flow, int_json, seq=0, hw_id=0, node_id=0)
    quirk = ("INTCollector's test generator: TR1.0 with Length 1, INT v1.0 header with Ver 0 and one word per "
             "instruction, queue words 16/16, inner DSCP 0; bitmap 0x%04X" % bitmap)
    return frame, expected, quirk


def all_frames():
    """(name, frame, expected JSON, quirk), appended to thirdparty.all_frames()."""
    return [("thirdparty_tps_report_ipv4_2h",) + tps_report(),
            ("thirdparty_tps_report_ipv4_tcp_3h",) + tps_report(3, "tcp", counter=0x1234),
            ("thirdparty_tps_report_ipv6_2h",) + tps_report(2, "udp", counter=0xFFFF, ip_version=6),
            ("thirdparty_intcollector_test_report_3h",) + intcollector_test_report(),
            ("thirdparty_intcollector_test_report_mixed_4h",) + intcollector_test_report(0xB400, 4)]
