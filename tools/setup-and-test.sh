#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/setup-and-test.sh
#
# Installs what is missing (tools/install-deps.sh --tests), then runs every
# check that CI runs, each in its own build directory under a temporary
# directory:
#
#   gcc        gcc, -Dwerror=true, every test suite
#   clang      clang, -Dwerror=true, every test suite
#   sanitize   gcc with AddressSanitizer and UBSan, every suite but 'slow'
#   valgrind   debug build, `meson test --setup=valgrind`, no 'slow' suite
#   install    install the gcc build into a prefix, then build and run
#              examples/random-game.c against it through pkg-config
#   fuzz       clang with -Dfuzzing=true: run each libFuzzer harness
#              (tests/fuzz/fuzz-api, tests/fuzz/fuzz-record) for
#              CARC_FUZZ_TIME seconds on a copy of its seed corpus in
#              tests/fuzz/corpus/; fails on a crash
#
# Environment:
#   CARC_STAGES      the stages to run, default "gcc clang sanitize
#                    valgrind install fuzz"
#   CARC_BUILD_ROOT  where to put the build directories (kept afterwards);
#                    default: a temporary directory, removed at the end
#   CARC_FUZZ_TIME   seconds of fuzzing in the fuzz stage, default 60
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"

stages=${CARC_STAGES:-gcc clang sanitize valgrind install fuzz}
case " $stages " in
*" fuzz "*) bash "$top/tools/install-deps.sh" --tests --fuzz ;;
*) bash "$top/tools/install-deps.sh" --tests ;;
esac

started=$(date +%s)
if [ -n "${CARC_BUILD_ROOT:-}" ]; then
	work=$CARC_BUILD_ROOT
	mkdir -p "$work"
	keep=1
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/carc-test.XXXXXX")
	keep=0
fi

# A closing line that counts every test run by every stage, including the
# ones of a stage that failed (logs older than this run are left out).
summarize() {
	local status=$?
	python3 - "$work" "$started" <<'PY' || true
import glob, json, os, sys
passed = failed = skipped = 0
for log in sorted(glob.glob(os.path.join(sys.argv[1], "*", "meson-logs",
                                         "testlog*.json"))):
    if os.path.getmtime(log) < int(sys.argv[2]):
        continue
    with open(log) as f:
        for line in f:
            try:
                result = json.loads(line).get("result")
            except ValueError:
                continue
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
print("tests: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
PY
	if [ "$keep" = 0 ]; then
		rm -rf "$work"
	fi
	if [ "$status" -ne 0 ]; then
		echo "setup-and-test: FAILED (exit status $status)" >&2
	fi
	exit "$status"
}
trap summarize EXIT

banner() {
	printf '\n======== %s ========\n' "$*"
}

# setup DIR [options...]: meson setup, reconfiguring a kept directory.
setup() {
	local dir=$1
	shift
	if [ -d "$dir/meson-private" ]; then
		meson setup --reconfigure "$dir" "$@"
	else
		meson setup "$dir" "$@"
	fi
}

# configure_and_test NAME [meson setup options...]: build and run all suites.
configure_and_test() {
	local name=$1
	shift
	banner "$name: configure and build"
	setup "$work/$name" -Dwerror=true -Dtests=enabled "$@"
	meson compile -C "$work/$name"
	banner "$name: test"
	meson test -C "$work/$name" --print-errorlogs
}

stage_gcc() {
	CC=gcc CXX=g++ configure_and_test gcc --prefix="$work/prefix"
}

stage_clang() {
	if ! command -v clang >/dev/null 2>&1; then
		echo "clang not found; skipping the clang stage"
		return 0
	fi
	CC=clang CXX=clang++ configure_and_test clang
}

stage_sanitize() {
	banner "sanitize: configure and build (ASan + UBSan)"
	CC=gcc CXX=g++ setup "$work/sanitize" -Dwerror=true \
		-Dtests=enabled -Db_sanitize=address,undefined
	meson compile -C "$work/sanitize"
	banner "sanitize: test"
	# The default test setup sets UBSAN_OPTIONS=halt_on_error=1.
	meson test -C "$work/sanitize" --print-errorlogs --no-suite slow
}

stage_valgrind() {
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "valgrind not found; skipping the valgrind stage"
		return 0
	fi
	banner "valgrind: configure and build (debug)"
	CC=gcc CXX=g++ setup "$work/valgrind" --buildtype=debug \
		-Dwerror=true -Dtests=enabled
	meson compile -C "$work/valgrind"
	banner "valgrind: test"
	# The setup itself leaves out the script-driven 'abi' and 'ffi' suites.
	meson test -C "$work/valgrind" --setup=valgrind --print-errorlogs \
		--no-suite slow
}

stage_install() {
	local prefix=$work/prefix pc pcdir libdir flags
	if [ ! -d "$work/gcc" ]; then
		CC=gcc setup "$work/gcc" --prefix="$prefix"
	fi
	banner "install: into $prefix"
	meson install -C "$work/gcc" --quiet

	pc=$(find "$prefix" -name carcassonne.pc -print -quit)
	if [ -z "$pc" ]; then
		echo "install: carcassonne.pc was not installed" >&2
		return 1
	fi
	pcdir=$(dirname "$pc")
	libdir=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir carcassonne)
	for f in "$prefix/include/carcassonne/carcassonne.h" \
		 "$prefix/include/carcassonne/carcassonne-version.h" \
		 "$libdir/libcarcassonne.so.0" "$libdir/libcarcassonne.so" \
		 "$libdir/libcarcassonne.a" \
		 "$prefix/share/man/man3/carcassonne.3"; do
		if [ ! -e "$f" ]; then
			echo "install: $f is missing" >&2
			return 1
		fi
	done

	banner "install: build examples/random-game.c against the installed library"
	flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs carcassonne)
	echo "cc examples/random-game.c $flags"
	# shellcheck disable=SC2086 # $flags is a list of words
	cc -o "$work/random-game" examples/random-game.c $flags
	LD_LIBRARY_PATH=$libdir "$work/random-game" > "$work/random-game.out"
	tail -n 3 "$work/random-game.out"

	banner "install: link the static archive"
	flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags carcassonne)
	# shellcheck disable=SC2086
	cc -o "$work/random-game-static" examples/random-game.c $flags \
		"$libdir/libcarcassonne.a"
	"$work/random-game-static" > "$work/random-game-static.out"
	if ! cmp -s "$work/random-game.out" "$work/random-game-static.out"; then
		echo "install: shared and static builds play different games" >&2
		return 1
	fi
	echo "shared and static builds print the same game"
}

# Run one libFuzzer harness for CARC_FUZZ_TIME seconds on a copy of its
# seed corpus (libFuzzer adds what it finds to the corpus directory, and
# the committed seeds must stay as they are).
fuzz_one() {	# fuzz_one BUILD-DIR HARNESS CORPUS-NAME
	local dir=$1 name=$2 corpus log execs
	corpus=$(mktemp -d "$work/fuzz-corpus-$name.XXXXXX")
	cp "$top/tests/fuzz/corpus/$3"/* "$corpus"/
	log=$work/$name.log
	banner "fuzz: $name for ${CARC_FUZZ_TIME:-60} s"
	# a crash, a leak or a violated invariant (abort) makes libFuzzer
	# exit non-zero and write the input to $work/$name-crash-*
	if ! "$dir/tests/fuzz/$name" -max_total_time="${CARC_FUZZ_TIME:-60}" \
		-print_final_stats=1 -artifact_prefix="$work/$name-crash-" \
		"$corpus" > "$log" 2>&1; then
		tail -n 60 "$log" >&2
		echo "fuzz: $name failed; reproduce with" \
		     "$dir/tests/fuzz/$name <input> (see $log)" >&2
		for f in "$work/$name"-crash-*; do
			[ -e "$f" ] && echo "fuzz: input saved as $f" >&2
		done
		return 1
	fi
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	grep -E '^(Done|stat::)' "$log" || true
	echo "fuzz: $name: ${execs:-?} executions, no crash;" \
	     "corpus $(find "$corpus" -type f | wc -l) inputs"
}

stage_fuzz() {
	local dir=$work/fuzz
	if ! command -v clang >/dev/null 2>&1; then
		echo "clang not found; skipping the fuzz stage"
		return 0
	fi
	banner "fuzz: configure and build (clang, -Dfuzzing=true)"
	CC=clang CXX=clang++ setup "$dir" -Dtests=enabled -Dfuzzing=true \
		-Dexamples=false
	meson compile -C "$dir" tests/fuzz/fuzz-api tests/fuzz/fuzz-record
	fuzz_one "$dir" fuzz-api api
	fuzz_one "$dir" fuzz-record record
}

for stage in $stages; do
	case "$stage" in
	gcc|clang|sanitize|valgrind|install|fuzz) "stage_$stage" ;;
	*) echo "unknown stage: $stage" >&2; exit 2 ;;
	esac
done
banner "all stages passed: $stages"
