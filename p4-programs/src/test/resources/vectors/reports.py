"""Telemetry reports, written from WIRE_FACTS sections B and C (not from the Java codec).

  TR2.0  group header (B.2, TR-2.0 §3.2) + individual reports (B.3, §3.3) with INT main
         contents (B.4, §3.3.1) and an inner packet
  TR1.0  16-byte fixed header + optional metadata (C.4, TR-1.0 §3.2), then the inner packet
  TR0.5  12-byte fixed header (C.3, TR-0.5 §3.2) + optional drop / switch-local header, then
         the inner Ethernet frame
"""

import struct

import intmd

# TR-2.0 InType values (B.3).
IN_NONE, IN_TLV, IN_DS, IN_ETHERNET, IN_IPV4, IN_IPV6 = 0, 1, 2, 3, 4, 5

# RepMdBits bit -> fields (B.5): bits 1-8 line up with the INT v2.x bitmap; bit 15 is the drop
# word (queue id, drop reason, padding), which the JSON does not show.
_REPORT_FIELDS = {bit: fields for bit, fields in intmd.LAYOUTS["v2.1"].items() if 1 <= bit <= 8}
_REPORT_FIELDS[15] = [(None, 8), (None, 8), (None, 16)]


def report_metadata(rep_md_bits, values):
    """The variable optional baseline metadata of one report, in bit order (B.4, B.5)."""
    number, width_total, written = 0, 0, {}
    for bit in range(16):
        if not rep_md_bits & (0x8000 >> bit):
            continue
        for name, width in _REPORT_FIELDS[bit]:
            value = values.get(name, 0x5A) & ((1 << width) - 1)
            number = (number << width) | value
            width_total += width
            if name is not None:
                written[name] = value
    json_hop = {key: written[key] for key in intmd.HOP_KEYS if key in written}
    return number.to_bytes(width_total // 8, "big"), json_hop


def tr20_group(hw_id, seq, node_id):
    """Ver 4 | hw_id 6 | Sequence Number 22 | Node ID 32 (B.2)."""
    return struct.pack("!II", (2 << 28) | (hw_id << 22) | seq, node_id)


def tr20_individual(rep_type, in_type, inner, rep_md_bits=0, values=None, ds_words=b"", ds_id=0,
                    ds_md_bits=0, ds_status=0, dqfi=(0, 0, 1, 0), report_length=None):
    """One individual report (B.3, B.4). The inner contents are padded to whole words.

    Returns (bytes, the "int" object the report's own metadata gives as a single hop).
    """
    inner = inner + bytes(-len(inner) % 4)
    if rep_type == 0:
        main, md_words, json_int = b"", 0, None
    else:
        metadata, json_hop = report_metadata(rep_md_bits, values or {})
        md_words = (len(metadata) + len(ds_words)) // 4
        main = struct.pack("!HHHH", rep_md_bits, ds_id, ds_md_bits, ds_status) + metadata + ds_words
        json_int = {"version": 2, "instructions": rep_md_bits, "hop_ml": md_words, "remaining_hop_count": None,
                    "hops": [json_hop]}
    length = (len(main) + len(inner)) // 4 if report_length is None else report_length
    d, q, f, i = dqfi
    header = struct.pack("!BBBB", (rep_type << 4) | in_type, length, md_words, (d << 7) | (q << 6) | (f << 5) | (i << 4))
    return header + main + inner, json_int


def tr10(hw_id, switch_id, seq, ingress_ts, inner, nprot=0, rep_md_bits=0, md_words=b"", dqf=(0, 0, 1),
         onos_flag_position=False, version=1):
    """TR-1.0 fixed header (C.4): Ver 4, Length 4, NProt 3, RepMdBits 6, reserved 6, D, Q, F,
    hw_id 6 | switch id | sequence | ingress timestamp, then optional metadata, then the inner packet.

    onos_flag_position: ONOS basic writes D, Q, F right after RepMdBits (bits 17-19) and the
    reserved bits after them (WIRE_FACTS C.5).
    """
    length = 4 + len(md_words) // 4
    d, q, f = dqf
    flags = (d << 14) | (q << 13) | (f << 12) if onos_flag_position else (d << 8) | (q << 7) | (f << 6)
    word0 = (version << 28) | (length << 24) | (nprot << 21) | (rep_md_bits << 15) | flags | hw_id
    return struct.pack("!IIII", word0, switch_id, seq, ingress_ts) + md_words + inner


def tr05(hw_id, seq, ingress_ts, inner_ethernet, nproto=0, extra=b"", dqf=(0, 0, 1)):
    """TR-0.5 fixed header (C.3): Ver 4, NProto 4, D, Q, F, reserved 15, hw_id 6 | sequence |
    ingress timestamp; then the drop (NProto 1) or switch-local (NProto 2) header; then Ethernet."""
    d, q, f = dqf
    word0 = (0 << 28) | (nproto << 24) | (d << 23) | (q << 22) | (f << 21) | hw_id
    return struct.pack("!III", word0, seq, ingress_ts) + extra + inner_ethernet


def tr05_drop_header(switch_id, ingress_port, egress_port, queue_id, drop_reason):
    """Drop Report header, 12 bytes (TR-0.5 §3.2.2)."""
    return struct.pack("!IHHBBH", switch_id, ingress_port, egress_port, queue_id, drop_reason, 0)


def tr05_local_header(switch_id, ingress_port, egress_port, queue_id, queue_occupancy, egress_ts):
    """Switch Local Report header, 16 bytes (TR-0.5 §3.2.3)."""
    return struct.pack("!IHHII", switch_id, ingress_port, egress_port, (queue_id << 24) | queue_occupancy, egress_ts)
