"""GPINT probes (Simsek et al., Fig. 4) as GPINT-DECISIONS.md lays them out, written from that
text alone, and the golden vectors of probes/ (probes/NAME.hex + probes/NAME.json).

Frame: Ethernet / IPv4 (IHL 5, protocol 253, identification 0, DF, TTL 64) / probe body; the IPv4
DSCP says the kind. Body, all fields big-endian:

  Req META   16 bits: request id (15 high bits) | request type (lowest bit; 0 rule hits, 1 ports)
  SR stack   sr_count (16), then sr_count x [next port (8), MEA first (8), MEA count (8)];
             the first entry is for the switch that receives the probe next
  DLV part   dlv_count (16), then dlv_count x [switch id (8), queue depth (8), measurements (16)],
             newest hop first
  MEA part   mea_count (16, the sum of the DLV counts), then mea_count x 32-bit values, newest
             hop first, within a hop in index order

A feedback (DSCP 0x19) is the IPv4 header and Req META only (total length 22). The JSON is what
sonde-decode prints: hops in path order (oldest first), README.md "GPINT probes".

The probe vectors live in their own directory: the XDP collector's int-decode takes every vector
of this directory as INT or a report, and probes are neither (the monitoring module, not a
collector, receives them).
"""

import struct

import frames as fr
import wire

PROTO_GPINT = 253            # RFC 3692 experimentation number
DSCP_MEASUREMENT = 0x1D      # the paper's 0x17 is sonde.p4's INT-MD DSCP
DSCP_FEEDBACK = 0x19
DSCP_RECOVERY = 0x21
KIND_NAMES = {DSCP_MEASUREMENT: "measurement", DSCP_FEEDBACK: "feedback", DSCP_RECOVERY: "recovery"}
TYPE_RULE_HITS, TYPE_PORT_PACKETS = 0, 1
TYPE_NAMES = {TYPE_RULE_HITS: "rule_hits", TYPE_PORT_PACKETS: "port_packets"}

MAX_PROBE_HOPS = 64          # the decoder's default bound on SR and DLV entries
MAX_MEASUREMENTS_PER_HOP = 16

MONITOR = fr.COLLECTOR       # a probe's source and destination: the monitoring module's address


class Probe:
    """sr: remaining entries, each (next_port, first, count); hops: path order, each
    (switch_id, queue_depth, [values])."""

    def __init__(self, request_id, request_type, sr, hops, dscp=DSCP_MEASUREMENT):
        self.request_id, self.request_type, self.sr, self.hops, self.dscp = request_id, request_type, sr, hops, dscp

    def meta(self):
        return struct.pack("!H", (self.request_id << 1) | self.request_type)

    def body(self, sr_count=None, dlv_count=None, mea_count=None, hop_counts=None):
        """The wire body; the keyword arguments overwrite a count field to break the layout."""
        out = self.meta()
        out += struct.pack("!H", len(self.sr) if sr_count is None else sr_count)
        for next_port, first, count in self.sr:
            out += struct.pack("!BH", next_port, (first << 8) | count)
        newest_first = list(reversed(self.hops))
        out += struct.pack("!H", len(self.hops) if dlv_count is None else dlv_count)
        for position, (switch_id, depth, values) in enumerate(newest_first):
            count = len(values) if hop_counts is None else hop_counts[position]
            out += struct.pack("!BBH", switch_id, depth, count)
        values = [value for _, _, hop_values in newest_first for value in hop_values]
        out += struct.pack("!H", len(values) if mea_count is None else mea_count)
        out += b"".join(struct.pack("!I", value) for value in values)
        return out

    def expected(self):
        return {"frame": 1, "format": "GPINT", "kind": KIND_NAMES[self.dscp], "request_id": self.request_id,
                "request_type": TYPE_NAMES[self.request_type], "src_ip": MONITOR, "dst_ip": MONITOR,
                "source_route": [{"next_port": p, "mea_first": f, "mea_count": c} for p, f, c in self.sr],
                "hops": [{"switch_id": s, "queue_depth": q, "measurements": list(values)}
                         for s, q, values in self.hops]}


def frame(body, dscp, src_mac=wire.MAC_SWITCH, dst_mac=wire.MAC_COLLECTOR):
    packet = wire.ipv4(MONITOR, MONITOR, PROTO_GPINT, body, dscp=dscp, ident=0)
    return wire.ethernet(dst_mac, src_mac, wire.ETH_IPV4, packet)


def feedback_of(probe):
    """The 36-byte answer (padded to 60 on the wire capture): IPv4 + Req META, MACs swapped."""
    data = frame(probe.meta(), DSCP_FEEDBACK, src_mac=wire.MAC_COLLECTOR, dst_mac=wire.MAC_SWITCH)
    expected = {"frame": 1, "format": "GPINT", "kind": "feedback", "request_id": probe.request_id,
                "request_type": TYPE_NAMES[probe.request_type], "src_ip": MONITOR, "dst_ip": MONITOR,
                "source_route": None, "hops": None}
    return data, expected


def values(hop, count, first=0):
    """Measurements that differ per hop and index; hop 3 has the top bit set (unsigned 32)."""
    base = 0x80000000 if hop == 3 else 0
    return [base + hop * 0x01000000 + (first + index) * 0x100 + hop for index in range(count)]


# The three-switch path of the vectors: switch ids 11, 12, 13; probe leaves 11 by port 2,
# 12 by port 3, 13 to the monitoring module (its entry's next port is not used).
PATH_SR = [(2, 0, 4), (3, 1, 2), (0, 0, 3)]


def vectors():
    from catalogue import Vector
    v = []

    def add(name, probe, description):
        v.append(Vector(name, frame(probe.body(), probe.dscp), probe.expected(), description))

    add("gpint_probe_fresh_3sr", Probe(0x1234 & 0x7FFF, TYPE_RULE_HITS, PATH_SR, []),
        "measurement probe as the monitoring module sends it: 0 hops, 3 SR entries, rule hits")
    add("gpint_probe_rule_hits_1h", Probe(77, TYPE_RULE_HITS, PATH_SR[1:], [(11, 5, values(1, 4))]),
        "after the first switch: 1 hop with 4 rule-hit counters (cells 0-3), 2 SR entries left")
    add("gpint_probe_port_packets_1h_0m", Probe(78, TYPE_PORT_PACKETS, [(3, 1, 0), (0, 1, 2)], [(11, 0, [])]),
        "port packets, 1 hop that collected 0 measurements (MEA count 0), 2 SR entries left")
    add("gpint_probe_port_packets_2h", Probe(79, TYPE_PORT_PACKETS, PATH_SR[2:],
                                             [(11, 255, values(1, 3, 1)), (12, 1, values(2, 2, 1))]),
        "port packets after two switches (3 and 2 measurements from port 1 on, queue depth 255 "
        "saturated), 1 SR entry left")
    add("gpint_probe_rule_hits_2h_16m", Probe(80, TYPE_RULE_HITS, PATH_SR[2:],
                                              [(11, 0, values(1, 16)), (12, 7, values(2, 1))]),
        "rule hits after two switches: 16 measurements (the per-hop bound) and 1")
    completed = Probe(0x7FFF, TYPE_RULE_HITS, [], [(11, 5, values(1, 4)), (12, 0, values(2, 2, 1)),
                                                   (13, 3, values(3, 3))])
    add("gpint_probe_completed_3h", completed,
        "completed probe (SR stack empty) back at the monitoring module, 3 hops, request id 0x7FFF, "
        "a measurement above 2^31")
    add("gpint_probe_completed_64h", Probe(81, TYPE_PORT_PACKETS, [],
                                           [((10 + n) & 0xFF, n, [n]) for n in range(1, 65)]),
        "completed probe with 64 hops of 1 measurement: exactly the decoder's default bound")
    recovery = Probe(82, TYPE_RULE_HITS, PATH_SR[2:], [(11, 5, values(1, 4)), (12, 0, values(2, 2, 1))],
                     dscp=DSCP_RECOVERY)
    add("gpint_recovery_2h", recovery,
        "recovery notification: the stored copy of the second switch (its hop inserted, its SR entry "
        "popped), DSCP 0x21, 1 SR entry left")
    data, expected = feedback_of(Probe(77, TYPE_RULE_HITS, [], []))
    v.append(Vector("gpint_feedback", data, expected,
                    "feedback: IPv4 header with DSCP 0x19 and total length 22, Req META only"))
    data, expected = feedback_of(Probe(0x7FFF, TYPE_PORT_PACKETS, [], []))
    v.append(Vector("gpint_feedback_port_packets", data, expected,
                    "feedback for a port-packets probe with request id 0x7FFF"))
    v += _malformed()
    return v


def _malformed():
    from catalogue import Vector
    v = []
    two_hops = Probe(90, TYPE_RULE_HITS, PATH_SR[2:], [(11, 5, values(1, 4)), (12, 0, values(2, 2, 1))])

    def bad(name, body, reason, description, dscp=DSCP_MEASUREMENT):
        v.append(Vector(name, frame(body, dscp), fr.error(reason), description))

    fresh = Probe(91, TYPE_RULE_HITS, PATH_SR, []).body()
    bad("malformed_gpint_truncated_sr_stack", fresh[:4 + 2 * 3], "truncated",
        "SR count 3, the IPv4 payload ends after 2 entries")
    whole = two_hops.body()
    bad("malformed_gpint_truncated_measurements", whole[:-2], "truncated",
        "MEA count 6, the IPv4 payload ends 2 bytes into the last value")
    bad("malformed_gpint_mea_count_mismatch", two_hops.body(mea_count=5), "bad_length",
        "DLV measurement counts 4 + 2 do not add up to the MEA count 5")
    bad("malformed_gpint_dlv_counts_mismatch", two_hops.body(hop_counts=[3, 4]), "bad_length",
        "MEA count 6 with its 6 values, but the DLV entries claim 3 + 4")
    bad("malformed_gpint_trailing_bytes", whole + b"\x00\x00\x00\x00", "bad_length",
        "4 bytes after the last measurement inside the IPv4 total length")
    bad("malformed_gpint_sr_count_over_limit", Probe(92, TYPE_RULE_HITS, [(1, 0, 1)] * 65, []).body(),
        "hop_count_over_limit", "65 SR entries, one over the decoder's default bound of 64")
    bad("malformed_gpint_dlv_count_over_limit",
        Probe(93, TYPE_PORT_PACKETS, [], [((10 + n) & 0xFF, 0, [n]) for n in range(1, 66)]).body(),
        "hop_count_over_limit", "65 DLV entries, one over the decoder's default bound of 64")
    bad("malformed_gpint_measurements_over_limit", Probe(94, TYPE_RULE_HITS, [], [(11, 0, values(1, 17))]).body(),
        "measurement_count_over_limit", "one hop with 17 measurements, over the per-hop bound of 16")
    bad("malformed_gpint_sr_range_over_limit", Probe(95, TYPE_RULE_HITS, [(2, 0, 17)], []).body(),
        "measurement_count_over_limit", "an SR entry asking for 17 measurements, over the per-hop bound of 16")
    bad("malformed_gpint_feedback_truncated", b"\x00", "truncated",
        "feedback whose IPv4 payload holds 1 of the 2 Req META bytes", dscp=DSCP_FEEDBACK)
    bad("malformed_gpint_feedback_trailing_bytes", two_hops.body(), "bad_length",
        "feedback carrying a whole probe body after Req META", dscp=DSCP_FEEDBACK)
    v.append(Vector("unrecognised_gpint_dscp_0x17", frame(whole, 0x17), fr.error("not telemetry"),
                    "protocol 253 with DSCP 0x17 (INT-MD's marker, no probe kind): not a probe"))
    return v
