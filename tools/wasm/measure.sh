#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/wasm/measure.sh [NATIVE_BUILD_DIR]
#
# Measures the figures of doc/bindings/wasm.md, "Speed and size": builds the
# WebAssembly package (tools/build-wasm.sh, into
# NATIVE_BUILD_DIR/bindings/js/package-bench, with the emscripten build of
# suite wasm) and the native programs it is compared with (native-bench,
# examples/bench) in the native Meson build (default build/), then runs
# bindings/js/bench.mjs --markdown: random 2-player games played by the
# package four ways and by the native library (the same games: the run
# fails if they differ), the MCTS bot's time per decision, and the sizes
# of the files.  It prints the tables to paste into doc/bindings/wasm.md.
#
# Environment: CARC_BENCH_GAMES (default 2000) and CARC_BENCH_REPS
# (default 5); NATIVE_BENCH and EXAMPLES_BENCH, the two native programs,
# when already built (the meson test wasm-bench gives them, with 20 games
# once: a check that the script works, not a measurement).  Takes a few
# minutes: the figures are CPU time, best of the repetitions, so a busy
# machine lowers them less than the wall clock.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
native=$(cd "${1:-$top/build}" && pwd)
games=${CARC_BENCH_GAMES:-2000}
reps=${CARC_BENCH_REPS:-5}

for tool in emcc node; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		# exit 77: the meson test skips, except under CI=true
		echo "measure: no $tool (tools/install-deps.sh --tests installs it)" >&2
		[ "${CI:-}" = true ] && exit 1
		exit 77
	fi
done

if [ -z "${NATIVE_BENCH:-}" ]; then
	targets=(bindings/js/native-bench)
	[ -f "$native/examples/bench" ] || [ ! -d "$native/examples" ] ||
		targets+=(examples/bench)
	meson compile -C "$native" "${targets[@]}" >/dev/null
	NATIVE_BENCH=$native/bindings/js/native-bench
	[ -x "$native/examples/bench" ] && EXAMPLES_BENCH=$native/examples/bench
fi

pkg=$native/bindings/js/package-bench
wasm_build=$native/bindings/js/wasm-build
mkdir -p "$(dirname "$wasm_build")"
flock "$wasm_build.lock" bash "$top/tools/build-wasm.sh" "$pkg" "$wasm_build" >&2

cmd=(node "$pkg/bench.mjs" --games "$games" --reps "$reps" --same "$NATIVE_BENCH" --markdown)
[ -n "${EXAMPLES_BENCH:-}" ] && cmd+=(--native "$EXAMPLES_BENCH")
echo "measure: emscripten $(emcc --version | sed -n '1s/.* \([0-9][0-9.]*\) .*/\1/p'), Node $(node --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
"${cmd[@]}"
