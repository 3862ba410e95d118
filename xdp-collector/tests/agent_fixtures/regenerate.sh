#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Regenerates the NIC agent's fixture with the emulator itself (build it first:
# `mvn -o -pl emulator -am package -DskipTests`, or `make build`):
#   int_md.pcap         every INT packet the sinks of a FatTree(4) delivered to
#                       a host in 0.3 s of virtual time, as the agent receives it
#   int_md.truth.jsonl  per frame, in the same order: 5-tuple, path and per hop
#                       switch id, hop latency, queue occupancy, link utilization
# The topology is FatTree(4) with 10 Mb/s links (fattree4_10mbps.json, from
# `sonde-emulator topology --topology fattree:4 --export`), so bursts queue.
# Mixed UDP (NPT 1) and TCP (NPT 2) flows, bursty so queues build, the paper's
# four instructions (0xB100), hop latency in nanoseconds. Virtual time and a
# fixed seed make the run repeat exactly, byte for byte but for the pcap's
# timestamps, which start at the wall-clock time of the run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
"$root/sonde-emulator" run --topology "$here/fattree4_10mbps.json" --clock virtual --duration 300ms \
	--seed 26 --flows 12 --protocol mixed --traffic bursty --rate 4000 --frame-bytes 128 \
	--int-instructions 0xB100 --tick-nanos 1 --collector 127.0.0.1:9 \
	--agent-pcap "$here/int_md.pcap" --agent-truth "$here/int_md.truth.jsonl"
