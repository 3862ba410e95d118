#!/usr/bin/env bash
# Runs two commands at the same time: the first in the background with its output kept in LOG,
# the second in the foreground. Prints LOG once both have ended and fails when either failed,
# saying which, so neither exit code is lost. A failed foreground's error lines are printed again
# last, where a CI log's tail shows them.
# usage: scripts/alongside.sh LOG "BACKGROUND COMMAND" FOREGROUND COMMAND...
set -uo pipefail
log=$1 background=$2
shift 2
mkdir -p "$(dirname "$log")"
# A process group of its own, so that stopping it stops what it started.
setsid bash -c "$background" >"$log" 2>&1 </dev/null &
pid=$!
# Interrupted (Ctrl-C, a CI deadline): the background command and its children stop too.
trap 'kill -- -"$pid" 2>/dev/null; exit 130' INT TERM
foreground_log="${log%.log}.foreground.log"
"$@" 2>&1 | tee "$foreground_log"
foreground=$?
wait "$pid"
behind=$?
echo "---- $background (ran alongside; output kept in $log) ----"
cat "$log"
echo "---- end of $background: exit $behind ----"
if [ "$foreground" -ne 0 ] || [ "$behind" -ne 0 ]; then
  if [ "$foreground" -ne 0 ]; then
    echo "---- the error lines of $* ----"
    grep -E '^\[ERROR\]' "$foreground_log" | tail -60
  fi
  echo "failed: $* (exit $foreground), $background (exit $behind)" >&2
  exit 1
fi
