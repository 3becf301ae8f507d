#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/setup-and-test.sh [--quick]
#
# Installs what is missing (tools/install-deps.sh --tests), then runs every
# check that CI runs (.ci/run calls it without options), each in its own
# build directory under a temporary directory:
#
#   gcc        gcc, -Dwerror=true, every test suite ('slow' only here)
#   clang      clang, -Dwerror=true, every suite but 'slow' and the
#              gcc-only ones ($gcc_only_suites below)
#   sanitize   gcc with AddressSanitizer and UBSan, every suite but 'slow'
#              and the gcc-only ones, with the full budgets
#   valgrind   debug build, `meson test --setup=valgrind`, no 'slow'
#              suite: the C suites with smaller budgets (the setup sets
#              CARC_TEST_QUICK=1) and without the examples' MCTS matches
#              (suite 'matches')
#   install    install the gcc build into a prefix, then build and run
#              examples/random-game.c against it through pkg-config
#   minimal    gcc with every layer (picture, search, learn, jcz), the tool
#              and the Python package switched off: suites unit and abi,
#              then the install (no layer header, pkg-config and
#              CARC_HAVE_* say no, no layer symbol exported)
#   fuzz       clang with -Dfuzzing=true: run each libFuzzer harness
#              (tests/fuzz/fuzz-api, fuzz-record, fuzz-names, fuzz-json,
#              fuzz-jcz) for
#              CARC_FUZZ_TIME seconds on a copy of its seed corpus in
#              tests/fuzz/corpus/; fails on a crash (the long campaign:
#              tools/fuzz-campaign.sh HOURS)
#   tsan       clang with ThreadSanitizer: suite 'threads' (test-threads,
#              rules shared and churned by threads; test-search, the
#              threaded MCTS); fails on a data race
#   static     clang's static analyzer (scan-build) over the library and
#              CLI as built, and cppcheck over every C file under lib/
#              and cli/; any finding fails (justified suppressions:
#              tools/cppcheck.suppressions)
#   abi        tools/abi-check.sh: the debug build's ABI against the
#              baseline of each release, tests/abi/libcarcassonne-*.abi
#              (abidiff: only additions pass, unless the SONAME changed),
#              then its self-test (a planted break must fail)
#   portable   the fallbacks of lib/compat.h (-Dportable=true: no builtins,
#              no vector extension, -pedantic-errors) with gcc and with
#              clang (clang's also with -Dthreads=disabled), and every C
#              file compiled by tcc
#              (tools/tcc-rebuild.py); the 'unit', 'abi' and 'ffi' suites
#              of each (clang's and tcc's with CARC_TEST_QUICK's smaller
#              budgets), then tools/compare-builds.py: the same games,
#              hashes and scores as the default gcc build
#   docs       the HTML documentation (-Ddocumentation=enabled); a Doxygen
#              warning fails it (doc/Doxyfile.in)
#   dist       `meson dist` of the checkout (needs a clean git tree), then
#              a build of the unpacked tarball and its suites unit, cli,
#              docs and ffi (unit with CARC_TEST_QUICK's smaller budgets)
#
# --quick, for day-to-day work: only the stage 'quick', a gcc build
# (-Dwerror=true, no examples or HTML documentation) and the suite 'unit'
# (a few minutes; CARC_BUILD_ROOT keeps the build for the next run).
#
# A stage whose tool is missing (clang, valgrind, tcc, doxygen, git, the
# fuzzer runtime, scan-build, cppcheck, abidiff) fails:
# tools/install-deps.sh installs them all first.
#
# Not in CI (long runs, documented in doc/contributors/testing.md):
# tools/coverage.sh (line and branch coverage of lib/), tools/fuzz-campaign.sh
# HOURS, tools/soak.sh [GAMES]; and the full budgets where CI runs fewer
# (testing.md, "Budgets"): suite 'slow' with clang
# (meson test -C DIR --suite slow), the C suites under valgrind without
# CARC_TEST_QUICK (meson test --wrapper valgrind ...), a longer fuzz
# (CARC_FUZZ_TIME=300).
#
# Environment:
#   CARC_STAGES      the stages to run, default "gcc clang sanitize
#                    valgrind install minimal fuzz tsan static abi portable
#                    docs dist"
#   CARC_BUILD_ROOT  where to put the build directories (kept afterwards);
#                    default: a temporary directory, removed at the end
#   CARC_FUZZ_TIME   seconds of fuzzing in the fuzz stage, default 20
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"

case "${1:-}" in
--quick) stages=quick ;;
"") stages=${CARC_STAGES:-gcc clang sanitize valgrind install minimal fuzz tsan static abi portable docs dist} ;;
*) echo "usage: $0 [--quick]" >&2; exit 2 ;;
esac
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

# need_tool COMMAND STAGE: fail the stage when its tool is missing (never
# skip it silently).
need_tool() {
	if ! command -v "$1" >/dev/null 2>&1; then
		echo "$2: $1 not found; tools/install-deps.sh --tests" \
		     "installs it" >&2
		return 1
	fi
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

# Suites that test what does not depend on the compiler or sanitizer (Dask,
# browsers, ...) and take long: the gcc stage runs them, the clang,
# sanitize and valgrind stages leave them out (the valgrind test setup in
# meson.build excludes them too).
gcc_only_suites="cluster pycheck referee wasm web node-oldest python-env renderers conformance packaging jcz-engine"

# The options of `meson test` that leave out $gcc_only_suites.
skip_gcc_only() {
	local s
	for s in $gcc_only_suites; do
		printf -- '--no-suite %s ' "$s"
	done
}

# configure_and_test NAME [meson setup options...]: build and run all
# suites, but for NAME != gcc those of $gcc_only_suites and 'slow' (the
# same games as suite 'unit', many more of them: the gcc stage plays them,
# and the portable stage compares clang's games with gcc's).
configure_and_test() {
	local name=$1 skip=""
	shift
	banner "$name: configure and build"
	setup "$work/$name" -Dwerror=true -Dtests=enabled "$@"
	meson compile -C "$work/$name"
	banner "$name: test"
	if [ "$name" != gcc ]; then
		skip="$(skip_gcc_only) --no-suite slow"
	fi
	# shellcheck disable=SC2086 # $skip is a list of words
	meson test -C "$work/$name" --print-errorlogs $skip
}

stage_gcc() {
	CC=gcc CXX=g++ configure_and_test gcc --prefix="$work/prefix"
}

stage_clang() {
	need_tool clang clang
	CC=clang CXX=clang++ configure_and_test clang
}

stage_sanitize() {
	banner "sanitize: configure and build (ASan + UBSan)"
	CC=gcc CXX=g++ setup "$work/sanitize" -Dwerror=true \
		-Dtests=enabled -Db_sanitize=address,undefined
	meson compile -C "$work/sanitize"
	banner "sanitize: test"
	# The default test setup sets UBSAN_OPTIONS=halt_on_error=1.
	# shellcheck disable=SC2046 # a list of words
	meson test -C "$work/sanitize" --print-errorlogs --no-suite slow \
		$(skip_gcc_only)
}

stage_valgrind() {
	need_tool valgrind valgrind
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

# The core alone: every layer, the tool and the Python package off.
stage_minimal() {
	local dir=$work/minimal prefix=$work/minimal-prefix pcdir libdir layer
	banner "minimal: configure and build the core without its layers"
	CC=gcc CXX=g++ setup "$dir" -Dwerror=true -Dtests=enabled \
		-Dexamples=false -Ddocumentation=disabled --prefix="$prefix" \
		-Dpicture=disabled -Dsearch=disabled -Dlearn=disabled \
		-Djcz=disabled -Dtool=disabled -Dpython=disabled
	meson compile -C "$dir"
	banner "minimal: test (suites unit and abi)"
	meson test -C "$dir" --print-errorlogs --suite unit --suite abi
	banner "minimal: install into $prefix"
	meson install -C "$dir" --quiet
	pcdir=$(dirname "$(find "$prefix" -name carcassonne.pc -print -quit)")
	libdir=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir carcassonne)
	for layer in search learn jcz; do
		if [ -e "$prefix/include/carcassonne/$layer.h" ]; then
			echo "minimal: $layer.h is installed" >&2
			return 1
		fi
	done
	for layer in picture search learn jcz; do
		if [ "$(PKG_CONFIG_PATH=$pcdir pkg-config \
			--variable="$layer" carcassonne)" != no ]; then
			echo "minimal: pkg-config does not say $layer=no" >&2
			return 1
		fi
	done
	# a program that asks the header which layers it has
	printf '%s\n' '#include <stdio.h>' \
		'#include <carcassonne/carcassonne-version.h>' \
		'int main(void) { printf("%d%d%d%d\n", CARC_HAVE_PICTURE,' \
		'CARC_HAVE_SEARCH, CARC_HAVE_LEARN, CARC_HAVE_JCZ); return 0; }' \
		> "$work/minimal-layers.c"
	# shellcheck disable=SC2046 # a list of words
	cc -o "$work/minimal-layers" "$work/minimal-layers.c" \
		$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags carcassonne)
	if [ "$("$work/minimal-layers")" != 0000 ]; then
		echo "minimal: CARC_HAVE_* are not all 0" >&2
		return 1
	fi
	if nm -D --defined-only "$libdir/libcarcassonne.so" |
	   grep -E ' carc_(bot|learn|jcz)_|carc_game_(render_svg|playout)'; then
		echo "minimal: the library exports a layer's function" >&2
		return 1
	fi
	# shellcheck disable=SC2046
	cc -o "$work/minimal-random-game" examples/random-game.c \
		$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs carcassonne)
	LD_LIBRARY_PATH=$libdir "$work/minimal-random-game" | tail -n 1
	echo "minimal: the core alone builds, passes and installs"
}

# The day-to-day check (--quick): gcc, the unit suite.
stage_quick() {
	banner "quick: configure and build (gcc)"
	CC=gcc CXX=g++ setup "$work/quick" -Dwerror=true -Dtests=enabled \
		-Dexamples=false -Ddocumentation=disabled
	meson compile -C "$work/quick"
	banner "quick: the unit suite"
	meson test -C "$work/quick" --print-errorlogs --suite unit
}

# Run one libFuzzer harness for CARC_FUZZ_TIME seconds on a copy of its
# seed corpus (libFuzzer adds what it finds to the corpus directory, and
# the committed seeds must stay as they are).
fuzz_one() {	# fuzz_one BUILD-DIR HARNESS CORPUS-NAME [SECONDS]
	local dir=$1 name=$2 corpus log execs t=${4:-${CARC_FUZZ_TIME:-20}}
	corpus=$(mktemp -d "$work/fuzz-corpus-$name.XXXXXX")
	cp "$top/tests/fuzz/corpus/$3"/* "$corpus"/
	log=$work/$name.log
	banner "fuzz: $name for $t s"
	# a crash, a leak or a violated invariant (abort) makes libFuzzer
	# exit non-zero and write the input to $work/$name-crash-*
	if ! "$dir/tests/fuzz/$name" -max_total_time="$t" \
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
	need_tool clang fuzz
	# meson setup fails below when clang cannot link its fuzzer runtime
	banner "fuzz: configure and build (clang, -Dfuzzing=true)"
	CC=clang CXX=clang++ setup "$dir" -Dtests=enabled -Dfuzzing=true \
		-Dexamples=false -Dbuildtype=debugoptimized
	meson compile -C "$dir" tests/fuzz/fuzz-api tests/fuzz/fuzz-record \
		tests/fuzz/fuzz-names tests/fuzz/fuzz-json tests/fuzz/fuzz-jcz
	# a small ASan quarantine, freed pages kept: fuzz-api frees games in
	# every input (tests/fuzz/README.md#running-the-fuzzer)
	ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16:allocator_release_to_os_interval_ms=-1} \
		fuzz_one "$dir" fuzz-api api
	fuzz_one "$dir" fuzz-record record
	# the parsers of names are small: a third of the time reaches far
	fuzz_one "$dir" fuzz-names names $(( ${CARC_FUZZ_TIME:-20} / 3 + 1 ))
	# the JSON parser of the JCloisterZone layer: a quarter of the time
	fuzz_one "$dir" fuzz-json json $(( ${CARC_FUZZ_TIME:-20} / 4 + 1 ))
	# JCloisterZone import (replays and exports too): a quarter as well
	fuzz_one "$dir" fuzz-jcz jcz $(( ${CARC_FUZZ_TIME:-20} / 4 + 1 ))
}

# Suite 'threads' under ThreadSanitizer: only its programs are built.
stage_tsan() {
	local dir=$work/tsan targets
	need_tool clang tsan
	banner "tsan: configure and build suite 'threads' (clang, -fsanitize=thread)"
	# b_lundef=false: clang links the sanitizer runtime into programs,
	# not into the shared library
	CC=clang CXX=clang++ setup "$dir" -Dtests=enabled -Dexamples=false \
		-Ddocumentation=disabled -Dbuildtype=debugoptimized \
		-Db_sanitize=thread -Db_lundef=false
	targets=$(meson introspect --tests "$dir" | python3 -c '
import json, os, sys
build = sys.argv[1]
for t in json.load(sys.stdin):
    # suites are named "project:suite"
    if any(s.split(":")[-1] == "threads" for s in t["suite"]):
        print(os.path.relpath(t["cmd"][0], build))' "$dir")
	if [ -z "$targets" ]; then
		echo "tsan: suite 'threads' is empty" >&2
		return 1
	fi
	# shellcheck disable=SC2086 # one target per word
	meson compile -C "$dir" $targets
	banner "tsan: test"
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
		meson test -C "$dir" --no-rebuild --print-errorlogs \
		--suite threads
}

# scan-build and cppcheck: zero findings.
stage_static() {
	local dir=$work/static report=$work/static-report
	need_tool scan-build static
	need_tool cppcheck static
	banner "static: clang static analyzer (scan-build) over lib/ and cli/"
	rm -rf "$dir" "$report"
	scan-build meson setup "$dir" -Dtests=disabled -Dexamples=false \
		-Ddocumentation=disabled >/dev/null
	# --status-bugs: any report fails the stage
	scan-build --status-bugs -o "$report" meson compile -C "$dir"

	banner "static: cppcheck over lib/ and cli/"
	# every C file under lib/ and cli/, new directories included; the
	# generated headers come from the build directory
	cppcheck -q --std=c11 --enable=warning,performance,portability \
		--error-exitcode=1 --inline-suppr \
		--suppressions-list="$top/tools/cppcheck.suppressions" \
		-I "$top/include" -I "$top/lib" -I "$dir" -I "$dir/include" \
		-D__GNUC__ -j 2 "$top/lib" "$top/cli"
	echo "static: no findings"
}

stage_abi() {
	local dir=$work/abi lib
	need_tool abidiff abi
	need_tool abidw abi
	need_tool patchelf abi
	banner "abi: the ABI of a debug build against tests/abi/*.abi"
	# the gcc stage's debug build when it ran, else the library alone
	if [ -x "$work/gcc/examples/random-game" ]; then
		dir=$work/gcc
	else
		CC=gcc CXX=g++ setup "$dir" --buildtype=debug \
			-Dtests=disabled -Dexamples=false \
			-Ddocumentation=disabled
		meson compile -C "$dir"
	fi
	lib=$(find "$dir" -maxdepth 1 -type f -name 'libcarcassonne.so.*.*.*' \
		-print -quit)
	"$top/tools/abi-check.sh" "$lib"
	banner "abi: self-test (a planted break must fail)"
	"$top/tools/abi-check.sh" --self-test "$work/abi-self-test"
}

# The default gcc build, which the portable builds are compared with: the
# gcc stage's when it ran, else one built here.
default_build() {
	if [ ! -x "$work/gcc/examples/random-game" ] ||
	   [ ! -x "$work/gcc/bindings/python/seeded-game" ]; then
		banner "$1: the default gcc build to compare with"
		CC=gcc CXX=g++ setup "$work/gcc" -Dwerror=true \
			-Dtests=enabled --prefix="$work/prefix"
		meson compile -C "$work/gcc"
	fi
}

# The suites the portable builds run: 'slow' would take minutes each, and
# the games of 'slow' are compared by tools/compare-builds.py instead.
# The gcc build runs them with their full budgets; clang's and tcc's,
# which compile the same fallbacks, with the valgrind setup's smaller ones
# (CARC_TEST_QUICK: every test, fewer games and searches), and
# compare-builds.py plays the same games on all three.
portable_suites=(--suite unit --suite abi --suite ffi)

stage_portable() {
	local c libtcc1
	need_tool clang portable
	need_tool tcc portable
	default_build portable
	for c in gcc clang; do
		banner "portable: $c -Dportable=true (C11 fallbacks, -pedantic-errors)"
		if [ "$c" = gcc ]; then
			export CC=gcc CXX=g++
		else
			export CC=clang CXX=clang++
		fi
		# clang's build also goes without threads: the search's
		# one-thread path of WebAssembly (include/carcassonne/search.h)
		setup "$work/portable-$c" -Dwerror=true -Dtests=enabled \
			-Dportable=true \
			-Dthreads=$([ "$c" = clang ] && echo disabled || echo auto)
		meson compile -C "$work/portable-$c"
		if [ "$c" = gcc ]; then
			meson test -C "$work/portable-$c" --print-errorlogs \
				"${portable_suites[@]}"
		else
			CARC_TEST_QUICK=1 meson test -C "$work/portable-$c" \
				--print-errorlogs "${portable_suites[@]}"
		fi
		unset CC CXX
	done

	# Meson 1.0 cannot drive tcc: gcc configures and builds the tree
	# with -Dportable=true, tools/tcc-rebuild.py compiles every C file
	# again with tcc and relinks (tcc's va_arg needs its libtcc1.a;
	# its objects carry no .note.GNU-stack, hence -z noexecstack).
	banner "portable: tcc $(tcc -v 2>&1 | head -n 1)"
	libtcc1=$(tcc -print-search-dirs | sed -n '/^libtcc1:/{n;s/^ *//;p;}')
	if [ ! -f "$libtcc1" ]; then
		echo "portable: tcc's libtcc1.a not found" >&2
		return 1
	fi
	CC=gcc CXX=g++ setup "$work/portable-tcc" -Dwerror=true \
		-Dtests=enabled -Dportable=true \
		-Dc_link_args="$libtcc1 -Wl,-z,noexecstack"
	meson compile -C "$work/portable-tcc"
	python3 "$top/tools/tcc-rebuild.py" "$work/portable-tcc" >/dev/null
	CARC_TEST_QUICK=1 meson test -C "$work/portable-tcc" --no-rebuild \
		--print-errorlogs "${portable_suites[@]}"

	banner "portable: the same games as the default build"
	python3 "$top/tools/compare-builds.py" "$work/gcc" \
		"$work/portable-gcc" "$work/portable-clang" "$work/portable-tcc"
}

stage_docs() {
	need_tool doxygen docs
	banner "docs: Doxygen, warnings are errors"
	CC=gcc setup "$work/docs" -Ddocumentation=enabled -Dtests=disabled \
		-Dexamples=false
	meson compile -C "$work/docs" doc/doc-html
	if [ ! -f "$work/docs/doc/html/index.html" ]; then
		echo "docs: doc/html/index.html was not written" >&2
		return 1
	fi
}

stage_dist() {
	local tarball src
	need_tool git dist
	if [ -n "$(git -C "$top" status --porcelain --untracked-files=no)" ]; then
		echo "dist: the git tree has uncommitted changes, which" \
		     "meson dist would leave out; commit or stash them" \
		     "(git status) and run the stage again" >&2
		return 1
	fi
	banner "dist: meson dist"
	CC=gcc setup "$work/dist" -Dtests=disabled -Dexamples=false \
		-Ddocumentation=disabled
	rm -rf "$work/dist/meson-dist"
	meson dist -C "$work/dist" --no-tests --formats xztar
	tarball=$(find "$work/dist/meson-dist" -name '*.tar.xz' -print -quit)
	rm -rf "$work/dist-src"
	mkdir -p "$work/dist-src"
	tar -xJf "$tarball" -C "$work/dist-src"
	src=$(find "$work/dist-src" -mindepth 1 -maxdepth 1 -type d -print -quit)
	banner "dist: build and test $(basename "$tarball")"
	CC=gcc CXX=g++ setup "$work/dist-build" "$src" -Dwerror=true \
		-Dtests=enabled
	meson compile -C "$work/dist-build"
	# the tarball builds everything; these suites read the most of its
	# files (test data, records, doc pages, the Python package), the rest
	# ran on the checkout in stage gcc.  They check that the files are
	# there: with the valgrind setup's smaller budgets (CARC_TEST_QUICK),
	# as stage gcc played the same games with the same compiler.
	CARC_TEST_QUICK=1 meson test -C "$work/dist-build" --print-errorlogs \
		--suite unit --suite cli --suite docs --suite ffi
}

times=""
for stage in $stages; do
	stage_started=$(date +%s)
	case "$stage" in
	gcc|clang|sanitize|valgrind|install|minimal|fuzz|tsan|static|abi|portable|docs|dist|quick)
		"stage_$stage" ;;
	*) echo "unknown stage: $stage" >&2; exit 2 ;;
	esac
	times="$times $stage $(( $(date +%s) - stage_started ))s"
done
banner "all stages passed:$times"
