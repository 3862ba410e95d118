#!/usr/bin/env python3
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
"""Writes the benchmark's frames as hex (the golden vectors' format) into OUT_DIR.

    frames.py VECTORS_DIR OUT_DIR

Built with the golden vectors' own encoder (p4-programs/.../vectors: frames.py, intmd.py), so the
frames are the vectors' tr2_0_eth_all_<N>h shape for any N: TR2.0, inner Ethernet + IPv4 + UDP
with INT-MD v2.1, every instruction-bitmap field (0xFF80), plus the sink's own metadata.

  steady_<N>h.hex   the vectors' values
  change_<N>h.hex   every hop latency, queue occupancy and egress TX utilization moved, so that
                    alternating it with steady_<N>h fires an event for every numeric metric
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.abspath(sys.argv[1]))

import frames as fr  # noqa: E402
import intmd  # noqa: E402

HOPS = (1, 3, 6, 8)


def frame(hops):
    return fr.tr20(fr.udp_with_int(*intmd.v21(0xFF80, hops)))[0]


def write(path, data):
    with open(path, "w") as out:
        out.write("".join(" ".join("%02x" % b for b in data[i:i + 16]) + "\n" for i in range(0, len(data), 16)))


def main():
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for n in HOPS:
        steady = intmd.path_hops(n)
        changed = [dict(h, hop_latency=h["hop_latency"] + 1000, queue_occupancy=h["queue_occupancy"] + 1000,
                        egress_tx_util=h["egress_tx_util"] + 100, egress_ts=h["egress_ts"] + 1000)
                   for h in steady]
        write(os.path.join(out, "steady_%dh.hex" % n), frame(steady))
        write(os.path.join(out, "change_%dh.hex" % n), frame(changed))


if __name__ == "__main__":
    main()
