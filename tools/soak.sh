#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/soak.sh [GAMES [FIRST]]
#
# The long soak (not part of CI): GAMES random games (default 1,000,000)
# from game index FIRST (default 0), with the property checks of
# tests/robust/test-property.c plus its soak checks (CARC_PROPERTY_SOAK=1):
# every combination of the rule options and every player count in turn
# (245,760 games cover them all), the hash recomputed from scratch after
# every move (a new game replays the history), and save/load round trips.
# See doc/contributors/testing.md#testing-soak for the figures of the last run.
#
# Builds a release build in build-soak/ (kept, so a second run only
# rebuilds what changed) and prints a progress line every 1,000 games.
# Runs under `nice -n 19`.  A failure prints the game index: rerun that
# one game with `tools/soak.sh 1 INDEX`.
#
# Environment: CARC_SOAK_BUILD, the build directory (default build-soak).
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
games=${1:-1000000}
first=${2:-0}
dir=${CARC_SOAK_BUILD:-$top/build-soak}

if [ ! -d "$dir/meson-private" ]; then
	meson setup "$dir" "$top" --buildtype=release -Dtests=enabled \
		-Dexamples=false -Ddocumentation=disabled
fi
meson compile -C "$dir" tests/robust/test-property

echo "soak: $games games from index $first ($(date -u +%H:%M:%S) UTC)"
start=$(date +%s)
# CK_FORK=no: one process, no per-test timeout (Check's timeout needs
# the fork); a failed check still fails the run with its message.
CK_FORK=no CARC_PROPERTY_SOAK=1 CARC_PROPERTY_GAMES="$games" \
CARC_PROPERTY_FIRST="$first" CARC_PROPERTY_PROGRESS=1000 \
	nice -n 19 "$dir/tests/robust/test-property"
end=$(date +%s)
echo "soak: $games games passed in $((end - start)) s" \
     "($(date -u +%H:%M:%S) UTC)"
