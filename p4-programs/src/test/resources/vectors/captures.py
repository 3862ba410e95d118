"""The golden captures in ../pcap/, each with the JSON Lines sonde-decode must print for it.

  int_md.pcap        classic pcap, microseconds, little-endian: INT-MD data packets of every
                     version and encapsulation, plus frames that are not telemetry and broken ones
  reports.pcapng     pcapng, two Ethernet interfaces, nanoseconds: reports of every version on
                     UDP ports 32766, 54321, 8086, 4321 and others, plus DNS, NTP and ARP noise
  third_party.pcap   classic pcap, nanoseconds: frames as the implementations of WIRE_FACTS C.5
                     emit them (see thirdparty.py)
"""

import os

import capfile
import frames as fr
import intmd
import thirdparty
import wire

# 2024-06-01T12:00:00Z, then one millisecond per frame.
BASE_NS = 1_717_243_200 * 1_000_000_000
NOT_TELEMETRY = "not telemetry"


class Capture:

    def __init__(self, name, kind):
        self.name, self.kind = name, kind
        self.expected_name = os.path.splitext(name)[0] + ".jsonl"
        self.records, self.expected = [], []

    def add(self, frame, expected_json, original_length=None, interface=0):
        number = len(self.records) + 1
        ts = BASE_NS + number * 1_000_000 + number * 1_234
        self.records.append((interface, ts, frame, original_length))
        line = dict(expected_json)
        line["frame"] = number
        self.expected.append(line)

    def write(self, directory):
        path = os.path.join(directory, self.name)
        if self.kind == "pcapng":
            # one snap length for both interfaces: libpcap (int-decode) refuses a pcapng whose interfaces differ in it
            capfile.write_pcapng(path, [65535, 65535], [(i, ts, data) for i, ts, data, _ in self.records])
        else:
            capfile.write_pcap(path, [(ts, data, original) for _, ts, data, original in self.records],
                               nanoseconds=self.kind == "pcap-ns")


def int_md_capture():
    c = Capture("int_md.pcap", "pcap-us")
    hops3 = intmd.path_hops(3)
    for packet in (fr.udp_with_int(*intmd.v21(0xFF80, hops3)),
                   fr.tcp_with_int(*intmd.v21(0xD180, hops3)),
                   fr.v21_udp_npt1(0x8C00, intmd.path_hops(5)),
                   fr.v21_npt2(0xFF80, intmd.path_hops(1)),
                   fr.udp_with_int(*intmd.v21(0xFF80, hops3),
                                   vlans=((wire.TPID_8021AD, 0, 0, 200), (wire.TPID_8021Q, 5, 1, 300))),
                   fr.udp_with_int(*intmd.v21(0xFF80, intmd.path_hops(8)), src=fr.HOST6_A, dst=fr.HOST6_B)):
        c.add(packet.ethernet(), packet.expected())
    plain = fr.plain_udp()
    c.add(plain.ethernet(), fr.error(NOT_TELEMETRY))
    for packet in (fr.v10_packet(0xFF00, hops3), fr.v05_packet(0xFF00, hops3, "tcp"),
                   fr.udp_with_int(*intmd.v21(0x8000, []))):
        c.add(packet.ethernet(), packet.expected())
    over = fr.udp_with_int(*intmd.v21(0x8000, intmd.path_hops(17), initial_hops=20))
    c.add(over.ethernet(), fr.error("hop_count_over_limit"))
    whole = fr.udp_with_int(*intmd.v21(0xFF80, hops3)).ethernet()
    c.add(whole[:100], fr.error("truncated"), original_length=len(whole))
    c.add(wire.arp_request(wire.MAC_HOST_A, fr.HOST_A, fr.HOST_B), fr.error(NOT_TELEMETRY))
    last = fr.v21_udp_npt1(0xFF80, intmd.path_hops(2))
    c.add(last.ethernet(), last.expected())
    return c


def _ntp_request():
    # RFC 5905 client request: LI 0, VN 4, Mode 3 -> first byte 0x23, the same nibble as TR2.0.
    return bytes([0x23, 0, 6, 0xEC]) + bytes(36) + bytes.fromhex("e9f1a2b3c4d5e6f7")


def reports_capture():
    c = Capture("reports.pcapng", "pcapng")
    hops3 = intmd.path_hops(3)
    c.add(*fr.tr20(fr.udp_with_int(*intmd.v21(0xFF80, hops3)), dport=32766))
    c.add(*fr.tr10(fr.v10_packet(0xFF00, hops3), dport=54321))
    c.add(*fr.tr05(fr.v05_packet(0xFF00, hops3), dport=8086), interface=1)
    c.add(*fr.tr10(fr.v10_packet(0xF000, intmd.path_hops(5), transport="tcp"), dport=4321), interface=1)
    dns = wire.udp(fr.HOST_A, "192.0.2.53", 53001, 53, wire.dns_query("example.com", ident=0x0001))
    c.add(wire.ethernet(wire.MAC_SWITCH, wire.MAC_HOST_A, wire.ETH_IPV4,
                        wire.ipv4(fr.HOST_A, "192.0.2.53", wire.PROTO_UDP, dns)), fr.error(NOT_TELEMETRY))
    c.add(wire.arp_request(wire.MAC_HOST_A, fr.HOST_A, "203.0.113.1"), fr.error(NOT_TELEMETRY))
    ntp = wire.udp(fr.HOST_A, "192.0.2.123", 123, 123, _ntp_request())
    c.add(wire.ethernet(wire.MAC_SWITCH, wire.MAC_HOST_A, wire.ETH_IPV4,
                        wire.ipv4(fr.HOST_A, "192.0.2.123", wire.PROTO_UDP, ntp)), fr.error(NOT_TELEMETRY))
    c.add(*fr.tr20(fr.plain_udp(), dport=9555, rep_md_bits=0x7F80, seq=42, hw_id=9))
    c.add(*fr.tr20(fr.udp_with_int(*intmd.v21(0xD180, intmd.path_hops(5))), outer=(fr.SWITCH6, fr.COLLECTOR6)),
          interface=1)
    answer = wire.dns_query("example.com", ident=0x0001)
    answer = answer[:2] + bytes([0x81, 0x80, 0, 1, 0, 1, 0, 0, 0, 0]) + answer[12:] + \
        bytes.fromhex("c00c000100010000012c0004c0000222")
    dns_answer = wire.udp("192.0.2.53", fr.HOST_A, 53, 53001, answer)
    c.add(wire.ethernet(wire.MAC_HOST_A, wire.MAC_SWITCH, wire.ETH_IPV4,
                        wire.ipv4("192.0.2.53", fr.HOST_A, wire.PROTO_UDP, dns_answer)), fr.error(NOT_TELEMETRY))
    c.add(*fr.tr20(fr.udp_with_int(*intmd.v21(0xFF80, hops3)), truncate_inner=14 + 20 + 8 + 16 + 3 * 48))
    over = fr.udp_with_int(*intmd.v21(0x8000, intmd.path_hops(17), initial_hops=20))
    c.add(fr.tr20(over, dport=54321)[0], fr.error("hop_count_over_limit"))
    return c


def third_party_capture():
    c = Capture("third_party.pcap", "pcap-ns")
    for _, frame, expected_json, _ in thirdparty.all_frames():
        c.add(frame, expected_json)
    return c


def all_captures():
    return [int_md_capture(), reports_capture(), third_party_capture()]
