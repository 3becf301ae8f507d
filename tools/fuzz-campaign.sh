#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/fuzz-campaign.sh HOURS
#
# The long fuzzing campaign (CI's 'fuzz' stage is its short form): runs
# every libFuzzer harness of tests/fuzz for a share of HOURS (fractions
# allowed, e.g. 0.5), under `nice -n 19`:
#
#   fuzz-api     60%   the public API, a short game per input
#   fuzz-record  30%   carc_game_load() on arbitrary text (-dict=record.dict)
#   fuzz-names   10%   carc_move_parse() and every *_from_name()
#
# Each harness keeps its corpus in WORK/corpus-NAME (kept between runs, so
# a second campaign goes on where the first stopped) and also reads its
# committed seeds from tests/fuzz/corpus/NAME.  A crash, leak or violated
# invariant is written to WORK/crash-NAME-*; copy it into
# tests/fuzz/corpus/NAME/ under a descriptive name once fixed, and the
# 'fuzz-replay' suite runs it in every `meson test`.
#
# At the end it prints, per harness, the executions, libFuzzer's
# coverage counters (cov: edges, ft: features) and the corpus size, and,
# with gcovr installed, the line and branch coverage of lib/ reached by
# the final corpora (replayed by a gcov build of the fuzz-replay
# programs, in WORK/coverage-build).  Exit status 1 when a harness failed.
#
# Environment:
#   CARC_FUZZ_PROCS  harnesses run at once, 1 (default) or 2: with 2,
#                    fuzz-api runs beside fuzz-record then fuzz-names,
#                    each lane for HOURS
#   CARC_FUZZ_WORK   the work directory (default build-campaign/)
#   CARC_FUZZ_BUILD  the clang -Dfuzzing=true build (default build-fuzz/;
#                    set up with -Dbuildtype=debugoptimized when missing)
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ $# -ne 1 ]; then
	echo "usage: $0 HOURS" >&2
	exit 2
fi
hours=$1
procs=${CARC_FUZZ_PROCS:-1}
work=${CARC_FUZZ_WORK:-$top/build-campaign}
build=${CARC_FUZZ_BUILD:-$top/build-fuzz}
mkdir -p "$work"

secs() {	# secs SHARE: SHARE (percent) of HOURS, in whole seconds
	python3 -c "import sys; print(max(1, int(float(sys.argv[1]) * 36 * int(sys.argv[2]))))" \
		"$hours" "$1"
}

if [ ! -d "$build/meson-private" ]; then
	CC=clang CXX=clang++ meson setup "$build" "$top" -Dtests=enabled \
		-Dfuzzing=true -Dexamples=false -Dbuildtype=debugoptimized
fi
meson compile -C "$build" tests/fuzz/fuzz-api tests/fuzz/fuzz-record \
	tests/fuzz/fuzz-names

# run NAME SECONDS [libFuzzer options...]
run() {
	local name=$1 t=$2 corpus=$work/corpus-$1
	shift 2
	mkdir -p "$corpus"
	echo "fuzz-campaign: fuzz-$name for $t s ($(date -u +%H:%M) UTC)"
	# A small ASan quarantine: fuzz-api frees games in every input, and
	# the default 256 MB quarantine makes every allocation touch new
	# pages; pages kept rather than handed back to the kernel every 5 s
	# (tests/fuzz/README.md#running-the-fuzzer).
	ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16:allocator_release_to_os_interval_ms=-1} \
	nice -n 19 "$build/tests/fuzz/fuzz-$name" -max_total_time="$t" \
		-print_final_stats=1 -artifact_prefix="$work/crash-$name-" \
		"$@" "$corpus" "$top/tests/fuzz/corpus/$name" \
		> "$work/$name.log" 2>&1
}

status=0
api_opts=(-max_len=128)
record_opts=(-dict="$top/tests/fuzz/record.dict" -max_len=8192)
if [ "$procs" = 2 ]; then
	run api "$(secs 100)" "${api_opts[@]}" &
	api_pid=$!
	run record "$(secs 75)" "${record_opts[@]}" || status=1
	run names "$(secs 25)" || status=1
	wait "$api_pid" || status=1
else
	run api "$(secs 60)" "${api_opts[@]}" || status=1
	run record "$(secs 30)" "${record_opts[@]}" || status=1
	run names "$(secs 10)" || status=1
fi

total=0
for name in api record names; do
	log=$work/$name.log
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 |
	       grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)
	echo "fuzz-$name: ${execs:-?} executions, ${last:-no coverage line}," \
	     "corpus $(find "$work/corpus-$name" -type f | wc -l) inputs"
	total=$((total + ${execs:-0}))
	if grep -qE '^==[0-9]+==ERROR|invariant violated|fuzz-(record|names):' \
		"$log"; then
		echo "fuzz-$name: FAILED, see $log" >&2
		status=1
	fi
done
for f in "$work"/crash-*; do
	[ -e "$f" ] || continue
	case "$f" in
	*slow-unit-*) echo "slow input (not a failure): $f" ;;
	*) echo "crash input: $f" >&2; status=1 ;;
	esac
done
echo "fuzz-campaign: $total executions in all"

# Line and branch coverage of lib/ by the final corpora.
if command -v gcovr >/dev/null 2>&1; then
	cov=$work/coverage-build
	if [ ! -d "$cov/meson-private" ]; then
		CC=gcc meson setup "$cov" "$top" -Dtests=enabled \
			-Db_coverage=true -Dexamples=false \
			-Ddocumentation=disabled >/dev/null
	fi
	meson compile -C "$cov" tests/fuzz/fuzz-replay \
		tests/fuzz/fuzz-replay-record tests/fuzz/fuzz-replay-names \
		>/dev/null
	find "$cov" -name '*.gcda' -delete
	for name in api record names; do
		prog=fuzz-replay-$name
		[ "$name" = api ] && prog=fuzz-replay
		CARC_FUZZ_RANDOM=0 "$cov/tests/fuzz/$prog" \
			"$work/corpus-$name" >/dev/null 2>&1 || status=1
	done
	echo "fuzz-campaign: coverage of lib/ by the final corpora:"
	# the summary follows the table on stdout (gcovr replaces an output
	# file it is given, so never -o /dev/null)
	gcovr --root "$top" --filter 'lib/' --print-summary "$cov" |
		grep -E '^(lines|branches):' || true
fi
exit "$status"
