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
#   fuzz-record  20%   carc_game_load() on arbitrary text (-dict=record.dict)
#   fuzz-names    6%   carc_move_parse() and every *_from_name()
#   fuzz-json     7%   the JSON parser of the JCZ layer (-dict=json.dict)
#   fuzz-jcz      7%   the JCloisterZone import (-dict=json.dict)
#
# (a harness whose source is missing is left out, and the others share
# its time).  With CARC_FUZZ_PROCS=2 two lanes run at once, each for
# HOURS: fuzz-api in one, the parsers one after the other in the second
# (record 45%, names 15%, json 20%, jcz 20%).
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
#   CARC_FUZZ_PROCS  harnesses run at once, 1 (default) or 2
#   CARC_FUZZ_ONLY   a space-separated list of harnesses to run (default
#                    all of them), e.g. "record json"
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
	python3 -c "import sys; print(max(1, int(float(sys.argv[1]) * 36 * float(sys.argv[2]))))" \
		"$hours" "$1"
}

# the harnesses, their shares (percent) alone and in the parsers' lane
declare -A share=([api]=60 [record]=20 [names]=6 [json]=7 [jcz]=7)
declare -A lane=([record]=45 [names]=15 [json]=20 [jcz]=20)
names=()
for name in ${CARC_FUZZ_ONLY:-api record names json jcz}; do
	[ -n "${share[$name]:-}" ] || { echo "$0: no harness $name" >&2; exit 2; }
	[ -f "$top/tests/fuzz/fuzz-$name.c" ] && names+=("$name")
done
# scale the shares of the harnesses present to 100
scaled() {	# scaled ARRAY-NAME NAME: NAME's share among those present
	local -n tab=$1
	local sum=0 n
	for n in "${names[@]}"; do
		[ -n "${tab[$n]:-}" ] && sum=$((sum + ${tab[$n]}))
	done
	python3 -c "import sys; print(float(sys.argv[1]) * 100 / float(sys.argv[2]))" \
		"${tab[$2]}" "$sum"
}

if [ ! -d "$build/meson-private" ]; then
	CC=clang CXX=clang++ meson setup "$build" "$top" -Dtests=enabled \
		-Dfuzzing=true -Dexamples=false -Dbuildtype=debugoptimized
fi
# regenerate first: a build set up before a harness was added does not
# know its target yet
ninja -C "$build" build.ninja >/dev/null
meson compile -C "$build" "${names[@]/#/tests/fuzz/fuzz-}"

# run NAME SECONDS: one harness, its log in WORK/NAME.log
run() {
	local name=$1 t=$2 corpus=$work/corpus-$1 opts=()
	mkdir -p "$corpus"
	case $name in
	api) opts+=(-max_len=128) ;;
	record) opts+=(-max_len=8192) ;;
	esac
	# a dictionary of its own, or JSON's for the JCZ import (JSON text)
	if [ -f "$top/tests/fuzz/$name.dict" ]; then
		opts+=(-dict="$top/tests/fuzz/$name.dict")
	elif [ "$name" = jcz ]; then
		opts+=(-dict="$top/tests/fuzz/json.dict")
	fi
	echo "fuzz-campaign: fuzz-$name for $t s ($(date -u +%H:%M) UTC)"
	# A small ASan quarantine: fuzz-api frees games in every input, and
	# the default 256 MB quarantine makes every allocation touch new
	# pages; pages kept rather than handed back to the kernel every 5 s
	# (tests/fuzz/README.md#running-the-fuzzer).
	ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16:allocator_release_to_os_interval_ms=-1} \
	nice -n 19 "$build/tests/fuzz/fuzz-$name" -max_total_time="$t" \
		-print_final_stats=1 -artifact_prefix="$work/crash-$name-" \
		"${opts[@]}" "$corpus" "$top/tests/fuzz/corpus/$name" \
		> "$work/$name.log" 2>&1
}

status=0
if [ "$procs" = 2 ] && [[ " ${names[*]} " == *" api "* ]] &&
   [ "${#names[@]}" -gt 1 ]; then
	run api "$(secs 100)" &
	api_pid=$!
	for name in "${names[@]}"; do
		[ "$name" = api ] && continue
		run "$name" "$(secs "$(scaled lane "$name")")" || status=1
	done
	wait "$api_pid" || status=1
else
	for name in "${names[@]}"; do
		run "$name" "$(secs "$(scaled share "$name")")" || status=1
	done
fi

total=0
for name in "${names[@]}"; do
	log=$work/$name.log
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 |
	       grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)
	echo "fuzz-$name: ${execs:-?} executions, ${last:-no coverage line}," \
	     "corpus $(find "$work/corpus-$name" -type f | wc -l) inputs"
	total=$((total + ${execs:-0}))
	if grep -qE '^==[0-9]+==ERROR|invariant violated|^fuzz-[a-z]+(\.c)?:' \
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
	progs=()
	for name in "${names[@]}"; do
		if [ "$name" = api ]; then
			progs+=(tests/fuzz/fuzz-replay)
		else
			progs+=("tests/fuzz/fuzz-replay-$name")
		fi
	done
	meson compile -C "$cov" "${progs[@]}" >/dev/null
	find "$cov" -name '*.gcda' -delete
	for name in "${names[@]}"; do
		prog=fuzz-replay-$name
		[ "$name" = api ] && prog=fuzz-replay
		CARC_FUZZ_RANDOM=0 "$cov/tests/fuzz/$prog" \
			"$work/corpus-$name" "$top/tests/fuzz/corpus/$name" \
			>/dev/null 2>&1 || status=1
	done
	echo "fuzz-campaign: coverage of lib/ by the final corpora:"
	# the summary follows the table on stdout (gcovr replaces an output
	# file it is given, so never -o /dev/null)
	gcovr --root "$top" --filter 'lib/' --print-summary "$cov" |
		grep -E '^(lines|branches):' || true
	echo "fuzz-campaign: coverage of the engine (lib/*.c):"
	gcovr --root "$top" --filter 'lib/[^/]*\.c$' --print-summary "$cov" |
		grep -E '^(lines|branches):' || true
fi
exit "$status"
