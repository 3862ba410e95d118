"""INT-MD in tunnel headers (WIRE_FACTS A.8, INT-2.1 §5.7.1, §5.7.3, §5.7.4): over GRE, over
VXLAN-GPE and as a Geneve option. Each carries the INT-MD v2.1 metadata header and stack of A.4
behind a shim of its own (GRE, VXLAN-GPE) or an option header (Geneve), then the packet the
tunnel carries; "flow" is that packet's 5-tuple (README.md).

Markers the specification leaves open get stand-ins:
  GRE Protocol Type TBD_INT: 0x88B5, an IEEE 802 local experimental EtherType
  VXLAN-GPE Next Protocol for INT: 0x82 (INT-2.1, "subject to change"); UDP port 4790 (IANA)
  Geneve Option Class 0x0103 (INT-2.1, tentatively assigned), Type = INT header type 1 (INT-MD);
  UDP port 6081 (IANA)
"""

import struct

import frames as fr
import intmd
import wire

PROTO_GRE = 47
GRE_TBD_INT = 0x88B5
ETH_TEB = 0x6558            # Transparent Ethernet Bridging: an Ethernet frame follows
GPE_PORT = 4790
GPE_NEXT_INT = 0x82
GPE_NEXT = {"ipv4": 0x01, "ipv6": 0x02, "ethernet": 0x03}
GENEVE_PORT = 6081
GENEVE_CLASS_INT = 0x0103
GENEVE_TYPE_INT_MD = 1
GENEVE_CLASS_EXPERIMENTAL = 0xFFF0  # RFC 8926 §7: 0xFFF0-0xFFFF are for experimental use
TUNNEL_SRC, TUNNEL_DST = "198.51.100.21", "198.51.100.22"
TUNNEL6_SRC, TUNNEL6_DST = "2001:db8:5e::21", "2001:db8:5e::22"
VNI = 0x00ABCD


def _metadata(bitmap, hops):
    """INT-MD v2.1 metadata header + stack without the TCP/UDP shim, and its JSON."""
    int_bytes, int_json = intmd.v21(bitmap, hops)
    return int_bytes[4:], int_json


def carried_packet(kind, transport="udp"):
    """The packet a tunnel carries: (bytes, its flow); kind ipv4, ipv6, ethernet (+ IPv4), or None
    for nothing (a stack cut short)."""
    if kind is None:
        return b"", None
    src, dst = (fr.HOST6_A, fr.HOST6_B) if kind == "ipv6" else (fr.HOST_A, fr.HOST_B)
    if transport == "tcp":
        sport, dport = fr.TCP_FLOW
        l4 = wire.tcp(src, dst, sport, dport, fr.APP_PAYLOAD)
    else:
        sport, dport = fr.UDP_FLOW
        l4 = wire.udp(src, dst, sport, dport, fr.APP_PAYLOAD)
    protocol = wire.PROTO_TCP if transport == "tcp" else wire.PROTO_UDP
    packet = wire.ip(src, dst, protocol, l4)
    if kind == "ethernet":
        packet = wire.ethernet(wire.MAC_HOST_B, wire.MAC_HOST_A, wire.ETH_IPV4, packet, pad=False)
    return packet, fr.flow(src, dst, sport, dport, protocol)


def _outer(payload, proto, ipv6=False):
    src, dst = (TUNNEL6_SRC, TUNNEL6_DST) if ipv6 else (TUNNEL_SRC, TUNNEL_DST)
    return fr.Packet(wire.ip(src, dst, proto, payload), src, None, None)


def gre(bitmap, hops, carried="ipv4", inserted=True, key=None, sequence=None, checksum=False, ipv6=False,
        transport="udp", metadata=None, shim_length=None):
    """IPv4/IPv6 / GRE (RFC 2784, RFC 2890 key and sequence) with Protocol Type TBD_INT / INT shim
    for GRE: Type 4, G 1, Rsvd 3, Length 8, Next Protocol 16 (EtherType of what follows the stack)
    / INT-MD header + stack / the carried packet."""
    body, int_json = metadata or _metadata(bitmap, hops)
    inner, flow = carried_packet(carried, transport)
    next_protocol = {"ipv4": wire.ETH_IPV4, "ipv6": wire.ETH_IPV6, "ethernet": ETH_TEB, None: wire.ETH_IPV4}[carried]
    length = len(body) // 4 if shim_length is None else shim_length
    shim = struct.pack("!BBH", (1 << 4) | (int(inserted) << 3), length, next_protocol)
    flags = (0x80 if checksum else 0) | (0x20 if key is not None else 0) | (0x10 if sequence is not None else 0)
    options = b""
    if checksum:
        options += bytes(4)  # checksum + reserved1, the checksum filled below
    if key is not None:
        options += struct.pack("!I", key)
    if sequence is not None:
        options += struct.pack("!I", sequence)
    segment = bytearray(struct.pack("!BBH", flags, 0, GRE_TBD_INT) + options + shim + body + inner)
    if checksum:
        # RFC 2784 §2.5: the one's complement checksum of the GRE header and payload.
        segment[4:6] = struct.pack("!H", wire.checksum(bytes(segment)))
    packet = _outer(bytes(segment), PROTO_GRE, ipv6)
    packet.flow, packet.int = flow, int_json
    return packet


def vxlan_gpe(bitmap, hops, carried="ethernet", was_vxlan=True, transport="udp", metadata=None):
    """IPv4 / UDP to 4790 / VXLAN-GPE header (flags I and P, Next Protocol INT) / INT shim for
    VXLAN-GPE: Type 4, Rsvd 4, Length 8, G 1, Reserved 7, Next Protocol 8 / INT-MD header + stack
    / the carried packet."""
    body, int_json = metadata or _metadata(bitmap, hops)
    inner, flow = carried_packet(carried, transport)
    gpe = struct.pack("!BBBBI", 0x0C, 0, 0, GPE_NEXT_INT, VNI << 8)
    shim = struct.pack("!BBBB", 1 << 4, len(body) // 4, 0x80 if was_vxlan else 0, GPE_NEXT[carried])
    l4 = wire.udp(TUNNEL_SRC, TUNNEL_DST, 49200, GPE_PORT, gpe + shim + body + inner)
    packet = _outer(l4, wire.PROTO_UDP)
    packet.flow, packet.int = flow, int_json
    return packet


def geneve(bitmap, hops, carried="ethernet", other_option=True, transport="udp", metadata=None):
    """IPv4 / UDP to 6081 / Geneve (RFC 8926) with an experimental option first, then the INT
    option (Option Class 0x0103, Type 1, R 3, Length 5 = words of INT-MD header + stack) / the
    carried packet."""
    body, int_json = metadata or _metadata(bitmap, hops)
    inner, flow = carried_packet(carried, transport)
    options = b""
    if other_option:
        options += struct.pack("!HBBI", GENEVE_CLASS_EXPERIMENTAL, 0x01, 1, 0x5EED0003)
    options += struct.pack("!HBB", GENEVE_CLASS_INT, GENEVE_TYPE_INT_MD, len(body) // 4) + body
    protocol = {"ipv4": wire.ETH_IPV4, "ipv6": wire.ETH_IPV6, "ethernet": ETH_TEB}[carried]
    header = struct.pack("!BBHI", len(options) // 4, 0, protocol, VNI << 8)
    l4 = wire.udp(TUNNEL_SRC, TUNNEL_DST, 49201, GENEVE_PORT, header + options + inner)
    packet = _outer(l4, wire.PROTO_UDP)
    packet.flow, packet.int = flow, int_json
    return packet
