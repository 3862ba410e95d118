"""INT-MD over TCP/UDP, written from WIRE_FACTS sections A and C (not from the Java codec).

Three layouts:
  v2.1  shim (A.3, INT-2.1 §5.7.2) + 12-byte metadata header (A.4, INT-2.1 §5.8) + stack (A.7)
  v1.0  shim (C.2, INT-1.0 §4.6.1) + 8-byte header (INT-1.0 §4.7) + stack
  v0.5  shim (C.1, INT-0.5 §5.3.1) + 8-byte header (INT-0.5 §5.3.4) + stack + 4-byte tail
Hops are given in path order (the node nearest the source first); the wire stack holds the newest
hop first (A.7), so the encoders reverse them.
"""

import struct

# The JSON keys of a hop, in the order sonde-decode prints them (issue 3, item 2).
HOP_KEYS = ["switch_id", "ingress_port", "egress_port", "hop_latency", "queue_id", "queue_occupancy",
            "ingress_ts", "egress_ts", "l2_ingress_port", "l2_egress_port", "egress_tx_util", "buffer_id",
            "buffer_occupancy"]

# Instruction bit -> the fields it adds, (name, width in bits) in wire order (A.6). A name of None
# is a value the JSON does not show (checksum complement, the v0.5 queue congestion word).
_V2_FIELDS = {
    0: [("switch_id", 32)],
    1: [("ingress_port", 16), ("egress_port", 16)],
    2: [("hop_latency", 32)],
    3: [("queue_id", 8), ("queue_occupancy", 24)],
    4: [("ingress_ts", 64)],
    5: [("egress_ts", 64)],
    6: [("l2_ingress_port", 32), ("l2_egress_port", 32)],
    7: [("egress_tx_util", 32)],
    8: [("buffer_id", 8), ("buffer_occupancy", 24)],
    15: [(None, 32)],
}
_V1_FIELDS = dict(_V2_FIELDS)
_V1_FIELDS.update({4: [("ingress_ts", 32)], 5: [("egress_ts", 32)]})
del _V1_FIELDS[8]
_V05_FIELDS = dict(_V1_FIELDS)
_V05_FIELDS.update({6: [(None, 8), (None, 24)]})
del _V05_FIELDS[15]
# GEANT int-platforms (WIRE_FACTS C.5): v1.0 header, but 8-byte timestamps and 16+16-bit
# level-2 port ids.
_GEANT_FIELDS = dict(_V1_FIELDS)
_GEANT_FIELDS.update({4: [("ingress_ts", 64)], 5: [("egress_ts", 64)],
                      6: [("l2_ingress_port", 16), ("l2_egress_port", 16)]})

LAYOUTS = {"v2.1": _V2_FIELDS, "v1.0": _V1_FIELDS, "v0.5": _V05_FIELDS, "geant": _GEANT_FIELDS}


def _bits(bitmap):
    return [bit for bit in range(16) if bitmap & (0x8000 >> bit)]


def hop_words(layout, bitmap):
    """Per-hop length in 4-byte words for this bitmap (A.7 per-hop length check)."""
    fields = LAYOUTS[layout]
    return sum(width for bit in _bits(bitmap) for _, width in fields[bit]) // 32


def encode_hop(layout, bitmap, values):
    """One hop's metadata in bitmap order; returns (bytes, the values as written, for the JSON)."""
    fields = LAYOUTS[layout]
    number, width_total, written = 0, 0, {}
    for bit in _bits(bitmap):
        if bit not in fields:
            raise ValueError("bit %d has no meaning in %s" % (bit, layout))
        for name, width in fields[bit]:
            value = values.get(name, 0xA5A5A5A5) & ((1 << width) - 1)
            number = (number << width) | value
            width_total += width
            if name is not None:
                written[name] = value
    return number.to_bytes(width_total // 8, "big"), written


def decode_hop(layout, bitmap, data):
    """Reads one hop's bytes with a layout: the values a decoder of that layout prints."""
    number, width_total, fields = int.from_bytes(data, "big"), len(data) * 8, LAYOUTS[layout]
    values, position = {}, 0
    for bit in _bits(bitmap):
        for name, width in fields[bit]:
            position += width
            if name is not None:
                values[name] = (number >> (width_total - position)) & ((1 << width) - 1)
    return {key: values[key] for key in HOP_KEYS if key in values}


def _stack(layout, bitmap, hops):
    encoded = [encode_hop(layout, bitmap, hop) for hop in hops]
    json_hops = [{key: written[key] for key in HOP_KEYS if key in written} for _, written in encoded]
    # Newest hop first on the wire (A.7): the last node of the path is on top.
    return b"".join(data for data, _ in reversed(encoded)), json_hops


def v21(bitmap, hops, npt=0, shim_low16=0, remaining=None, hop_ml=None, length=None, version=2,
        flags=(0, 0, 0), ds=(0, 0, 0), initial_hops=10):
    """v2.1 shim + metadata header + stack. Returns (bytes, the "int" JSON object).

    shim_low16: NPT 0 -> original DSCP << 2 (byte 3), NPT 1 -> original UDP dst port,
    NPT 2 -> original IP protocol (byte 3). length/hop_ml/version override the computed values
    to build malformed vectors.
    """
    stack, json_hops = _stack("v2.1", bitmap, hops)
    hop_ml = hop_words("v2.1", bitmap) if hop_ml is None else hop_ml
    remaining = max(0, initial_hops - len(hops)) if remaining is None else remaining
    length = 3 + len(stack) // 4 if length is None else length
    shim = struct.pack("!BBH", (1 << 4) | (npt << 2), length, shim_low16)
    discard, exceeded, mtu = flags
    word0 = (version << 28) | (discard << 27) | (exceeded << 26) | (mtu << 25) | (hop_ml << 8) | remaining
    header = struct.pack("!IHHHH", word0, bitmap, ds[0], ds[1], ds[2])
    json_int = {"version": version, "instructions": bitmap, "hop_ml": hop_ml,
                "remaining_hop_count": remaining, "hops": json_hops}
    return shim + header + stack, json_int


def v10(bitmap, hops, original_dscp=0, remaining=None, hop_ml=None, layout="v1.0", reserved16=0,
        initial_hops=10, length=None):
    """v1.0 shim + header + stack (no tail). layout "geant" writes GEANT's widths."""
    stack, json_hops = _stack(layout, bitmap, hops)
    hop_ml = hop_words(layout, bitmap) if hop_ml is None else hop_ml
    remaining = max(0, initial_hops - len(hops)) if remaining is None else remaining
    # v1.0 shim Length counts the shim, the header and the stack (C.2).
    length = 3 + len(stack) // 4 if length is None else length
    shim = struct.pack("!BBBB", 1, 0, length, original_dscp << 2)
    word0 = (1 << 28) | (hop_ml << 8) | remaining
    header = struct.pack("!IHH", word0, bitmap, reserved16)
    json_int = {"version": 1, "instructions": bitmap, "hop_ml": hop_ml,
                "remaining_hop_count": remaining, "hops": json_hops}
    return shim + header + stack, json_int


def v05(bitmap, hops, tail_protocol, tail_port, tail_dscp=0, max_hops=10, total_hops=None, ins_cnt=None):
    """v0.5 shim + header + stack + tail. Ins Cnt counts set bits (every v0.5 value is one word)."""
    stack, json_hops = _stack("v0.5", bitmap, hops)
    ins_cnt = hop_words("v0.5", bitmap) if ins_cnt is None else ins_cnt
    total_hops = len(hops) if total_hops is None else total_hops
    # v0.5 shim Length counts shim, header, stack and tail (C.1).
    shim = struct.pack("!BBBB", 1, 0, 1 + 2 + len(stack) // 4 + 1, 0)
    header = struct.pack("!BBBBHH", 0, ins_cnt, max_hops, total_hops, bitmap, 0)
    tail = struct.pack("!BHB", tail_protocol, tail_port, tail_dscp)
    json_int = {"version": 0, "instructions": bitmap, "hop_ml": ins_cnt,
                "remaining_hop_count": max(0, max_hops - total_hops), "hops": json_hops}
    return shim + header + stack + tail, json_int


def path_hops(count, unavailable_at=None):
    """Distinct, width-exercising values per node; node n = path position + 1.

    64-bit timestamps exceed 32 bits so an 8-byte field read as 4 bytes shows. unavailable_at:
    a path index whose latency and timestamps are all ones, the "unavailable" value of INT-2.1 §5.8.
    """
    hops = []
    for index in range(count):
        n = index + 1
        ingress = 1_700_000_000_123_000_000 + 1_000_000 * n
        hop = {"switch_id": 10 + n, "ingress_port": 100 + n, "egress_port": 200 + n, "hop_latency": 3000 + 37 * n,
               "queue_id": n % 8, "queue_occupancy": 0x00F000 + n, "ingress_ts": ingress,
               "egress_ts": ingress + 3000 + 37 * n, "l2_ingress_port": 0x00010000 + n,
               "l2_egress_port": 0x00020000 + n, "egress_tx_util": 500 + 10 * n, "buffer_id": 16 + n,
               "buffer_occupancy": 0xFFFF00 + n}
        if index == unavailable_at:
            hop.update({"hop_latency": 0xFFFFFFFF, "ingress_ts": (1 << 64) - 1, "egress_ts": (1 << 64) - 1})
        hops.append(hop)
    return hops
