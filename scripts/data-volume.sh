#!/usr/bin/env bash
# Runs a command with a scratch data volume mounted at DIR: ext4 on a loop device, mounted
# without online discard, as docs/OPERATIONS.md asks of the store's data volume.
#
# usage: scripts/data-volume.sh DIR SIZE command [args...]
#
# Why: this kind of VM mounts its root file system with `discard`, so every file QuestDB
# truncates or deletes waits for a synchronous discard of its blocks; a writer's WAL
# segment roll-over then holds an ingest thread for up to seconds (docs/BENCHMARKS.md,
# ingest, 26 Nov 2026). A loop volume on the same disk measures the store as it is meant
# to be deployed; the image file is sparse and removed afterwards.
#
# Without root or a loop device, DIR is a plain directory on whatever holds it, and the
# command still runs (the benchmark prints which file system its data was on).
set -euo pipefail

if [ $# -lt 3 ]; then
	sed -n '2,5p' "$0" >&2
	exit 2
fi
dir=$1
size=$2
shift 2
image="$dir.img"

cleanup() {
	if mountpoint -q "$dir"; then
		umount "$dir" || umount -l "$dir"
	fi
	rm -f "$image"
	rmdir "$dir" 2>/dev/null || true
}

mkdir -p "$dir"
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null && losetup -f >/dev/null 2>&1 \
	&& ! mountpoint -q "$dir"; then
	trap cleanup EXIT
	rm -f "$image"
	truncate -s "$size" "$image"
	mkfs.ext4 -q -F -E nodiscard "$image"
	mount -o loop,noatime "$image" "$dir"
	echo "data-volume: $dir is ext4 on $(findmnt -n -o SOURCE "$dir"), $(findmnt -n -o OPTIONS "$dir")" >&2
else
	echo "data-volume: not root, no loop device, or $dir already mounted: using $dir as it is" >&2
fi
# Not exec: the trap unmounts once the command ends.
"$@"
