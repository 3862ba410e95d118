#!/usr/bin/env python3
"""CPU of every thread of some processes over a window, in % of one core, grouped by name.

usage: scripts/thread-cpu.py PID [PID ...] SECONDS

Reads utime and stime of /proc/PID/task/*/stat before and after the window. Digits in
thread names are folded ("ingest-vm-3" and "ingest-vm-4" count as one), so a pool shows
as one line. Used for the per-thread figures of docs/BENCHMARKS.md (ingest): run it
against the benchmark's JVM and redis-server inside the measured window.
"""
import collections
import os
import re
import sys
import time


def snapshot(pids):
    threads = {}
    for pid in pids:
        for tid in os.listdir(f'/proc/{pid}/task'):
            try:
                with open(f'/proc/{pid}/task/{tid}/comm') as comm:
                    name = comm.read().strip()
                with open(f'/proc/{pid}/task/{tid}/stat') as stat:
                    text = stat.read()
            except OSError:
                continue  # the thread ended meanwhile
            # Fields after the parenthesised name: utime and stime are the 12th and 13th.
            fields = text[text.rindex(')') + 2:].split()
            threads[(pid, tid)] = (name, int(fields[11]), int(fields[12]))
    return threads


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    pids, seconds = sys.argv[1:-1], float(sys.argv[-1])
    before = snapshot(pids)
    start = time.time()
    time.sleep(seconds)
    after = snapshot(pids)
    elapsed = time.time() - start
    ticks = os.sysconf('SC_CLK_TCK')
    user = collections.Counter()
    system = collections.Counter()
    for key, (name, utime, stime) in after.items():
        if key in before:
            group = re.sub(r'\d+', 'N', name)
            user[group] += (utime - before[key][1]) / ticks / elapsed * 100
            system[group] += (stime - before[key][2]) / ticks / elapsed * 100
    print(f'total {sum(user.values()) + sum(system.values()):.0f}% of one core '
          f'(user {sum(user.values()):.0f}, sys {sum(system.values()):.0f})')
    for group in sorted(user, key=lambda g: -(user[g] + system[g])):
        if user[group] + system[group] > 0.5:
            print(f'{user[group] + system[group]:6.1f}%  user {user[group]:5.1f} '
                  f'sys {system[group]:5.1f}  {group}')


if __name__ == '__main__':
    main()
