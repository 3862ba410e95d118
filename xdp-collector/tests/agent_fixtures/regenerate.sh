#!/usr/bin/env bash
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
# Regenerates the NIC agent's fixture with the emulator itself (build it first:
# `mvn -o -pl emulator -am package -DskipTests`, or `make build`):
#   int_md.pcap         every INT packet the sinks of a FatTree(4) delivered to
#                       a host in 1 s of virtual time, as the agent receives it
#   int_md.truth.jsonl  per frame, in the same order: 5-tuple, path and per hop
#                       switch id, hop latency, queue occupancy, link utilization
# Mixed UDP (NPT 1) and TCP (NPT 2) flows, bursty so queues build, the paper's
# four instructions (0xB100), hop latency in nanoseconds. Virtual time and a
# fixed seed make the run repeat exactly, byte for byte but for the pcap's
# timestamps, which start at the wall-clock time of the run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
"$root/sonde-emulator" run --topology fattree:4 --clock virtual --duration 1s --seed 26 \
	--flows 16 --protocol mixed --traffic bursty --rate 3000 --frame-bytes 128 \
	--int-instructions 0xB100 --tick-nanos 1 --collector 127.0.0.1:9 \
	--agent-pcap "$here/int_md.pcap" --agent-truth "$here/int_md.truth.jsonl"
