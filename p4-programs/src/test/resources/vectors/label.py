"""INT-label packets (Song et al., INT-label, Fig. 2 and Fig. 4) as INTLABEL-DECISIONS.md lays them
out, written from that text alone, and the golden vectors of label/ (label/NAME.hex +
label/NAME.json, and NAME.field for the malformed ones).

Frame: Ethernet / IPv4 (IHL 5, protocol 254) / INT OPTION / items / the original L4 header and
payload. All fields big-endian.

  INT OPTION  nh (8 bits: the original IPv4 protocol) | int_num (8 bits); int_num bit 7 (0x80)
              marks a specific flow, int_num & 0x7F counts the items (at most 8)
  item        32 bytes, newest last (path order):
              device id (32) | ingress port (16) | egress port (16) | label time (64) |
              hop latency (32) | queue id (8) | queue depth (24) | tx utilization (32) |
              S (8) | reason (8: 1 interval, 2 probability, 3 specific flow) | reserved (16, 0)

The IPv4 total length counts the option and the items; the header checksum covers the changed
protocol and total length. Every labeled frame here is built twice, once as the original packet and
once labeled, with the same IPv4 identification, TTL and addresses: a decoder that restores the
labeled frame must give back the original byte for byte.

A NAME.field file names the header a decoder must blame for a malformed vector (MalformedTelemetry's
header): the option, an item by its 1-based position, or the L4 ports after the items.
"""

import struct

import frames as fr
import wire

PROTO_INT_LABEL = 254        # RFC 3692's second experimentation number
PROTO_ICMP = 1
SPECIFIC_FLOW = 0x80
MAX_LABEL_ITEMS = 8
TX_NOT_MEASURED = 0xFFFFFFFF
REASONS = {1: "interval", 2: "probability", 3: "specific_flow"}

SRC, DST = "10.0.1.1", "10.0.8.1"   # server1 -> server8 of the 4-spine / 4-leaf / 4-ToR fabric
UDP_PORTS = (40001, 5201)
TCP_PORTS = (40002, 443)
PAYLOAD = b"sonde INT-label golden vector payload"


def item(device_id, ingress, egress, label_time, latency, depth, shift, reason, queue_id=0,
         tx_util=TX_NOT_MEASURED, reserved=0):
    return {"device_id": device_id, "ingress_port": ingress, "egress_port": egress, "label_time": label_time,
            "hop_latency": latency, "queue_id": queue_id, "queue_depth": depth, "tx_utilization": tx_util,
            "shift": shift, "reason": reason, "reserved": reserved}


def item_bytes(it):
    return struct.pack("!IHHQIIIBBH", it["device_id"], it["ingress_port"], it["egress_port"], it["label_time"],
                       it["hop_latency"], (it["queue_id"] << 24) | it["queue_depth"], it["tx_utilization"],
                       it["shift"], it["reason"], it["reserved"])


def hop(n, reason=1, shift=0):
    """Hop n of a path: values differ per hop and field so one read from the wrong place shows."""
    return item(0x0A000000 + n, 10 + n, 20 + n, 0x0001_0000_0000 + n * 1_000_003, 100 + 7 * n, 3 * n, shift, reason)


def l4(protocol):
    if protocol == wire.PROTO_UDP:
        return wire.udp(SRC, DST, UDP_PORTS[0], UDP_PORTS[1], PAYLOAD)
    if protocol == wire.PROTO_TCP:
        return wire.tcp(SRC, DST, TCP_PORTS[0], TCP_PORTS[1], PAYLOAD)
    # ICMP echo request, identifier 7, sequence 1
    body = struct.pack("!BBHHH", 8, 0, 0, 7, 1) + PAYLOAD
    return body[:2] + struct.pack("!H", wire.checksum(body)) + body[4:]


def ports(protocol):
    return {wire.PROTO_UDP: UDP_PORTS, wire.PROTO_TCP: TCP_PORTS}.get(protocol, (None, None))


def original(protocol):
    return wire.ethernet(wire.MAC_HOST_B, wire.MAC_SWITCH, wire.ETH_IPV4, wire.ipv4(SRC, DST, protocol, l4(protocol)))


def labeled(protocol, items, specific=False, int_num=None, cut_after=None):
    """The frame with the option and items; int_num overrides the count field; cut_after keeps
    that many bytes of the IPv4 payload after the items (a truncated export: the IPv4 total
    length still counts the whole packet)."""
    count = (SPECIFIC_FLOW if specific else 0) | len(items)
    option = struct.pack("!BB", protocol, count if int_num is None else int_num)
    body = option + b"".join(item_bytes(it) for it in items) + l4(protocol)
    packet = wire.ipv4(SRC, DST, PROTO_INT_LABEL, body)
    if cut_after is not None:
        packet = packet[:20 + 2 + 32 * len(items) + cut_after]
    return wire.ethernet(wire.MAC_HOST_B, wire.MAC_SWITCH, wire.ETH_IPV4, packet)


def expected(protocol, items, specific=False):
    sport, dport = ports(protocol)
    return {"frame": 1, "format": "INT-label", "src_ip": SRC, "dst_ip": DST, "protocol": protocol,
            "src_port": sport, "dst_port": dport, "specific_flow": specific,
            "items": [{"device_id": it["device_id"], "ingress_port": it["ingress_port"],
                       "egress_port": it["egress_port"], "label_time": it["label_time"],
                       "hop_latency": it["hop_latency"], "queue_id": it["queue_id"],
                       "queue_depth": it["queue_depth"], "tx_utilization": it["tx_utilization"],
                       "shift": it["shift"], "reason": REASONS[it["reason"]]} for it in items]}


def vectors():
    from catalogue import Vector
    v = []

    def add(name, protocol, items, description, specific=False):
        v.append(Vector(name, labeled(protocol, items, specific), expected(protocol, items, specific), description))

    add("label_udp_first_1i", wire.PROTO_UDP, [hop(1)],
        "first label: a UDP packet labeled once by interval (nh 17, int_num 1)")
    add("label_tcp_3i", wire.PROTO_TCP, [hop(1), hop(2, reason=2, shift=1), hop(3, shift=15)],
        "TCP labeled by three hops: interval, probability with S 1, interval with S 15")
    add("label_udp_5i", wire.PROTO_UDP, [hop(n, reason=1 + (n % 2)) for n in range(1, 6)],
        "UDP across the five hops of a FatTree path, interval and probability alternating")
    add("label_udp_8i", wire.PROTO_UDP, [hop(n) for n in range(1, MAX_LABEL_ITEMS + 1)],
        "8 items: MAX_LABEL_ITEMS, the parser's header stack full")
    add("label_icmp_2i", PROTO_ICMP, [hop(1), hop(2)],
        "ICMP (a protocol without ports: src_port and dst_port null) labeled twice")
    add("label_specific_flow_5i", wire.PROTO_UDP, [hop(n, reason=3) for n in range(1, 6)],
        "specific flow (int_num 0x85): every one of five hops labeled, reason specific flow", specific=True)
    add("label_specific_flow_0i", wire.PROTO_TCP, [],
        "specific flow marked at ingress that left a hop with labeling off: int_num 0x80, no items",
        specific=True)
    extreme = item(0xFFFFFFFF, 0xFFFF, 0xFFFF, 0xFFFF_FFFF_FFFF_FFFF, 0xFFFFFFFF, 0xFFFFFF, 255, 2,
                   queue_id=255, tx_util=0)
    add("label_udp_extremes_2i", wire.PROTO_UDP, [hop(1), extreme],
        "every field of the second item at its largest value (label time 2^64-1, queue depth 2^24-1, "
        "S 255), tx utilization 0 (measured)")
    cut = [hop(n) for n in range(1, 4)]
    v.append(Vector("label_udp_export_cut_3i", labeled(wire.PROTO_UDP, cut, cut_after=8),
                    expected(wire.PROTO_UDP, cut),
                    "an export sonde.p4 cut 8 bytes after the items: the IPv4 total length still counts "
                    "the whole packet; the items and the UDP ports decode"))
    v += _malformed()
    return v


def _malformed():
    from catalogue import Vector
    v = []

    def bad(name, frame, reason, field, description):
        vector = Vector(name, frame, fr.error(reason), description)
        vector.field = field
        v.append(vector)

    three = [hop(1), hop(2), hop(3)]
    bad("malformed_label_truncated_option", labeled(wire.PROTO_UDP, [], cut_after=0)[:14 + 20 + 1], "truncated",
        "INT-label option", "the frame ends 1 byte into the INT OPTION")
    bad("malformed_label_truncated_item", labeled(wire.PROTO_UDP, three, cut_after=0)[:14 + 20 + 2 + 32 * 2 + 20],
        "truncated", "INT-label item 3", "int_num 3, the frame ends 20 bytes into the third item")
    bad("malformed_label_total_length_short", _total_length(labeled(wire.PROTO_UDP, three), 20 + 2 + 32 * 2),
        "truncated", "INT-label item 3", "int_num 3, the IPv4 total length ends after the second item")
    bad("malformed_label_item_count_over_limit", labeled(wire.PROTO_UDP, [hop(n) for n in range(1, 10)]),
        "hop_count_over_limit", "INT-label option", "int_num 9: one item over MAX_LABEL_ITEMS 8")
    bad("malformed_label_specific_over_limit",
        labeled(wire.PROTO_UDP, [hop(n, reason=3) for n in range(1, 10)], specific=True),
        "hop_count_over_limit", "INT-label option", "int_num 0x89: a specific flow with 9 items")
    bad("malformed_label_unknown_reason", labeled(wire.PROTO_UDP, [hop(1), hop(2, reason=7)]), "unknown_type",
        "INT-label item 2", "the second item's reason is 7, which no decision defines")
    bad("malformed_label_truncated_ports", labeled(wire.PROTO_TCP, three, cut_after=2), "truncated",
        "INT-label L4 ports", "TCP after three items, the frame ends 2 bytes into the TCP header")
    return v


def _total_length(frame, total):
    """The frame with its IPv4 total length set to total and the header checksum recomputed."""
    header = bytearray(frame[14:34])
    header[2:4] = struct.pack("!H", total)
    header[10:12] = b"\x00\x00"
    header[10:12] = struct.pack("!H", wire.checksum(bytes(header)))
    return frame[:14] + bytes(header) + frame[34:]
