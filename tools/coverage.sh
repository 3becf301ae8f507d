#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/coverage.sh [BUILD-DIR]
#
# Line and branch coverage of lib/ by the test suite (gcc --coverage and
# gcovr, Debian's `gcovr` package; doc/contributors/coverage.md lists what stays
# uncovered and why).  Builds BUILD-DIR (default build-coverage/, kept) as
# an unoptimised gcc build with -Db_coverage=true, runs every suite but
# 'slow' and the ones that test other layers at length (cluster, wasm,
# pycheck), then prints:
#
#   - the summary for the whole of lib/ (every directory under it, new
#     ones included), and for the engine alone (lib/*.c, without the
#     layers lib/picture/ and lib/search/);
#   - a table per file of lines and of branches;
#   - an HTML report with every line, BUILD-DIR/coverage/index.html.
#
# Environment: CARC_COVERAGE_SUITES, `meson test` options that replace the
# default choice of suites (e.g. "--suite unit").
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:-$top/build-coverage}

if ! command -v gcovr >/dev/null 2>&1; then
	echo "coverage: gcovr not found (Debian package gcovr;" \
	     "tools/install-deps.sh --tests installs it)" >&2
	exit 1
fi
if [ ! -d "$dir/meson-private" ]; then
	CC=gcc CXX=g++ meson setup "$dir" "$top" --buildtype=debug \
		-Db_coverage=true -Dtests=enabled -Ddocumentation=disabled
fi
meson compile -C "$dir"
find "$dir" -name '*.gcda' -delete
# A failing test still leaves its counts: report them, then exit with the
# tests' status.
status=0
# shellcheck disable=SC2086 # a list of options
meson test -C "$dir" --print-errorlogs ${CARC_COVERAGE_SUITES:---no-suite slow \
	--no-suite cluster --no-suite wasm --no-suite pycheck} || status=$?

# gcovr's filters are regular expressions on the path from --root.  The
# summary comes after the text table on stdout (never `-o /dev/null`:
# gcovr replaces its output file, and would replace /dev/null).
report() {	# report TITLE FILTER [gcovr options...]
	local title=$1 filter=$2
	shift 2
	echo "== coverage: $title"
	gcovr --root "$top" --filter "$filter" --print-summary "$@" "$dir" |
		grep -E '^(lines|branches):'
}
report "lib/ (all)" 'lib/'
report "engine (lib/*.c)" 'lib/[^/]*\.c$'
for sub in "$top"/lib/*/; do
	sub=lib/$(basename "$sub")/
	report "$sub" "$sub"
done
echo "== lines per file"
gcovr --root "$top" --filter 'lib/' "$dir"
echo "== branches per file"
gcovr --root "$top" --filter 'lib/' --branches "$dir"
mkdir -p "$dir/coverage"
gcovr --root "$top" --filter 'lib/' --html-details \
	"$dir/coverage/index.html" "$dir"
echo "coverage: HTML report in $dir/coverage/index.html"
if [ "$status" -ne 0 ]; then
	echo "coverage: some tests failed (meson test status $status):" \
	     "their counts stop where they failed" >&2
fi
exit "$status"
