#!/usr/bin/env python3
"""Where the threads of a process sleep uninterruptibly (state D), by kernel stack.

usage: scripts/blocked-threads.py PID SECONDS [NAME-PREFIX ...]   (as root)

Every 10 ms, reads the state of each thread (of those whose name starts with a given
prefix, or all) from /proc/PID/task/*/stat; for a thread in state D it reads the kernel
stack from /proc/PID/task/TID/stack. Prints, per thread group (digits in names folded
as in thread-cpu.py) and stack, how many samples found it there and the time that stands
for. A thread blocked in the kernel uses no CPU, so thread-cpu.py does not show it: this
does. Used for docs/BENCHMARKS.md (ingest): the synchronous discards of ext4's `discard`
mount option, under QuestDB's file truncations and deletions.
"""
import collections
import os
import re
import sys
import time

INTERVAL = 0.01


def threads(pid, prefixes):
    found = {}
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            with open(f'/proc/{pid}/task/{tid}/comm') as comm:
                name = comm.read().strip()
        except OSError:
            continue  # the thread ended meanwhile
        if not prefixes or name.startswith(tuple(prefixes)):
            found[tid] = re.sub(r'\d+', 'N', name)
    return found


def blocked_stack(pid, tid):
    try:
        with open(f'/proc/{pid}/task/{tid}/stat') as stat:
            text = stat.read()
        if text[text.rindex(')') + 2] != 'D':
            return None
        with open(f'/proc/{pid}/task/{tid}/stack') as stack:
            frames = [line.split()[-1].split('+')[0] for line in stack if line.strip()]
    except OSError:
        return None
    return ' < '.join(frames[:8])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    pid, seconds, prefixes = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    counts = collections.Counter()
    samples = 0
    named = {}
    refreshed = 0.0
    end = time.time() + seconds
    while time.time() < end:
        if time.time() - refreshed > 5:
            named = threads(pid, prefixes)  # pools grow and shrink
            refreshed = time.time()
        for tid, group in named.items():
            stack = blocked_stack(pid, tid)
            if stack is not None:
                counts[(group, stack)] += 1
        samples += 1
        time.sleep(INTERVAL)
    total = sum(counts.values())
    per_sample = seconds / max(samples, 1)
    print(f'{samples} samples over {seconds:.0f} s; blocked (D) in {total} thread-samples, '
          f'about {total * per_sample:.1f} thread-seconds')
    for (group, stack), count in counts.most_common(15):
        print(f'{count * per_sample:6.2f} s  {group}  {stack}')


if __name__ == '__main__':
    main()
