"""Ethernet, VLAN, IPv4, IPv6, UDP and TCP builders for the golden vectors.

Standard library only. Every length and checksum is computed here, so a vector is a frame a real
NIC could have captured: IPv4 header checksum (RFC 791), UDP and TCP checksums over the pseudo
header (RFC 768, RFC 793, RFC 8200 section 8.1), Ethernet frames padded to the 60-byte minimum
(IEEE 802.3) so that decoders must trim by the IP length instead of reading the padding.
"""

import ipaddress
import struct

ETH_IPV4 = 0x0800
ETH_IPV6 = 0x86DD
ETH_ARP = 0x0806
TPID_8021Q = 0x8100
TPID_8021AD = 0x88A8
PROTO_TCP = 6
PROTO_UDP = 17

# Locally administered unicast MACs (second-lowest bit of the first octet set).
MAC_HOST_A = "02:00:00:00:0a:01"
MAC_HOST_B = "02:00:00:00:0b:01"
MAC_SWITCH = "02:00:00:00:5e:01"
MAC_COLLECTOR = "02:00:00:00:c0:01"
MAC_BROADCAST = "ff:ff:ff:ff:ff:ff"

MIN_FRAME = 60


def mac(text):
    return bytes(int(part, 16) for part in text.split(":"))


def ethernet(dst, src, ethertype, payload, vlans=(), pad=True):
    """vlans: outermost first, each (tpid, pcp, dei, vid) (IEEE 802.1Q / 802.1ad)."""
    frame = mac(dst) + mac(src)
    for tpid, pcp, dei, vid in vlans:
        frame += struct.pack("!HH", tpid, (pcp << 13) | (dei << 12) | vid)
    frame += struct.pack("!H", ethertype) + payload
    if pad and len(frame) < MIN_FRAME:
        frame += bytes(MIN_FRAME - len(frame))
    return frame


def checksum(data):
    if len(data) % 2:
        data += b"\x00"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def _pseudo_header(src, dst, proto, length):
    s = ipaddress.ip_address(src).packed
    d = ipaddress.ip_address(dst).packed
    if len(s) == 4:
        return s + d + struct.pack("!BBH", 0, proto, length)
    return s + d + struct.pack("!IxxxB", length, proto)


def udp(src_ip, dst_ip, sport, dport, payload, zero_checksum=False):
    length = 8 + len(payload)
    header = struct.pack("!HHHH", sport, dport, length, 0)
    if zero_checksum:
        return header + payload
    value = checksum(_pseudo_header(src_ip, dst_ip, PROTO_UDP, length) + header + payload)
    # RFC 768: a computed zero is sent as all ones.
    return struct.pack("!HHHH", sport, dport, length, value or 0xFFFF) + payload


def tcp_options_timestamps():
    """NOP, NOP, Timestamps (kind 8, length 10): 12 bytes, data offset becomes 8 words."""
    return bytes([1, 1, 8, 10]) + struct.pack("!II", 0x01020304, 0x05060708)


def tcp(src_ip, dst_ip, sport, dport, payload, options=b"", seq=1000, ack=2000, flags=0x18):
    if len(options) % 4:
        raise ValueError("TCP options must fill whole words")
    offset_words = 5 + len(options) // 4
    header = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, offset_words << 4, flags, 0xFFFF, 0, 0)
    segment = header + options + payload
    value = checksum(_pseudo_header(src_ip, dst_ip, PROTO_TCP, len(segment)) + segment)
    return segment[:16] + struct.pack("!H", value) + segment[18:]


def ipv4(src, dst, proto, payload, dscp=0, ecn=0, ttl=64, ident=0x1234, dont_fragment=True):
    total = 20 + len(payload)
    flags = 0x4000 if dont_fragment else 0
    header = struct.pack("!BBHHHBBH4s4s", 0x45, (dscp << 2) | ecn, total, ident, flags, ttl, proto, 0,
                         ipaddress.IPv4Address(src).packed, ipaddress.IPv4Address(dst).packed)
    value = checksum(header)
    return header[:10] + struct.pack("!H", value) + header[12:] + payload


def ipv6(src, dst, next_header, payload, dscp=0, ecn=0, hop_limit=64, flow_label=0x12345):
    traffic_class = (dscp << 2) | ecn
    first = (6 << 28) | (traffic_class << 20) | flow_label
    return struct.pack("!IHBB16s16s", first, len(payload), next_header, hop_limit,
                       ipaddress.IPv6Address(src).packed, ipaddress.IPv6Address(dst).packed) + payload


def ip(src, dst, proto, payload, dscp=0):
    """IPv4 or IPv6 by the address family of src."""
    if ipaddress.ip_address(src).version == 4:
        return ipv4(src, dst, proto, payload, dscp=dscp)
    return ipv6(src, dst, proto, payload, dscp=dscp)


def ethertype_of(src):
    return ETH_IPV4 if ipaddress.ip_address(src).version == 4 else ETH_IPV6


def arp_request(sender_mac, sender_ip, target_ip):
    """RFC 826 request for IPv4 over Ethernet."""
    body = struct.pack("!HHBBH", 1, ETH_IPV4, 6, 4, 1) + mac(sender_mac) + \
        ipaddress.IPv4Address(sender_ip).packed + bytes(6) + ipaddress.IPv4Address(target_ip).packed
    return ethernet(MAC_BROADCAST, sender_mac, ETH_ARP, body)


def dns_query(name, ident=0x4D2):
    """RFC 1035 standard query for an A record, recursion desired."""
    question = b"".join(bytes([len(label)]) + label.encode() for label in name.split(".")) + b"\x00"
    return struct.pack("!HHHHHH", ident, 0x0100, 1, 0, 0, 0) + question + struct.pack("!HH", 1, 1)
