"""Classic pcap and pcapng writers for the golden captures (standard library only).

Classic pcap: the libpcap file format (24-byte global header, 16-byte record headers), magic
0xa1b2c3d4 for microseconds, 0xa1b23c4d for nanoseconds. pcapng: Section Header Block,
Interface Description Blocks with if_tsresol, Enhanced Packet Blocks (draft-ietf-opsawg-pcapng).
"""

import struct

LINKTYPE_ETHERNET = 1


def write_pcap(path, frames, nanoseconds=False, byte_order="<", snaplen=65535):
    """frames: (timestamp_ns, bytes, original_length or None)."""
    magic = 0xA1B23C4D if nanoseconds else 0xA1B2C3D4
    out = [struct.pack(byte_order + "IHHiIII", magic, 2, 4, 0, 0, snaplen, LINKTYPE_ETHERNET)]
    for ts_ns, data, original in frames:
        fraction = ts_ns % 1_000_000_000 if nanoseconds else (ts_ns % 1_000_000_000) // 1000
        out.append(struct.pack(byte_order + "IIII", ts_ns // 1_000_000_000, fraction, len(data),
                               original or len(data)))
        out.append(data)
    with open(path, "wb") as handle:
        handle.write(b"".join(out))


def _block(block_type, body):
    body += bytes(-len(body) % 4)
    total = 12 + len(body)
    return struct.pack("<II", block_type, total) + body + struct.pack("<I", total)


def _option(code, value):
    return struct.pack("<HH", code, len(value)) + value + bytes(-len(value) % 4)


def write_pcapng(path, interfaces, frames):
    """interfaces: list of snaplens (Ethernet, if_tsresol 9 = nanoseconds);
    frames: (interface index, timestamp_ns, bytes)."""
    out = [_block(0x0A0D0D0A, struct.pack("<IHHq", 0x1A2B3C4D, 1, 0, -1)
                  + _option(4, b"sonde vectors/generate.py") + _option(0, b""))]
    for snaplen in interfaces:
        out.append(_block(0x00000001, struct.pack("<HHI", LINKTYPE_ETHERNET, 0, snaplen)
                          + _option(9, bytes([9])) + _option(0, b"")))
    for interface, ts_ns, data in frames:
        body = struct.pack("<IIIII", interface, ts_ns >> 32, ts_ns & 0xFFFFFFFF, len(data), len(data))
        out.append(_block(0x00000006, body + data + bytes(-len(data) % 4)))
    with open(path, "wb") as handle:
        handle.write(b"".join(out))
