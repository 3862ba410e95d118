#!/usr/bin/env python3
"""Prints one line per mutated package from PIT's mutations.xml files (`make mutation`).

score: detected mutants over all mutants; strength: detected over the mutants some test covers.
A mutant counts as detected when PIT reports it KILLED, TIMED_OUT, MEMORY_ERROR or RUN_ERROR.
"""

import sys
import xml.etree.ElementTree as ElementTree
from collections import defaultdict

DETECTED = {"KILLED", "TIMED_OUT", "MEMORY_ERROR", "RUN_ERROR"}


def percent(part, whole):
    return f"{100 * part // whole}%" if whole else "n/a"


def main(paths):
    totals = defaultdict(lambda: [0, 0, 0])  # detected, covered, all
    for path in paths:
        for mutation in ElementTree.parse(path).getroot().iter("mutation"):
            mutated_class = mutation.findtext("mutatedClass")
            package = mutated_class.rsplit(".", 1)[0]
            status = mutation.get("status")
            counts = totals[package]
            counts[2] += 1
            if status != "NO_COVERAGE":
                counts[1] += 1
            if mutation.get("detected") == "true" or status in DETECTED:
                counts[0] += 1
    for package in sorted(totals):
        detected, covered, everything = totals[package]
        print(f"MUTATION {package} score {percent(detected, everything)} "
              f"strength {percent(detected, covered)} ({detected}/{everything})")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: mutation-scores.py mutations.xml...")
    main(sys.argv[1:])
