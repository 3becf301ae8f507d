#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/build-wasm.sh [OUTDIR [BUILDDIR]]
#
# Builds the WebAssembly module of libcarcassonne with emscripten (Meson
# and tools/wasm/emscripten.cross) and puts the JavaScript package into
# OUTDIR (default bindings/js, in place): carcassonne-wasm.mjs and
# carcassonne-wasm.wasm beside the package's own files (carcassonne.mjs,
# index.d.ts, package.json, README.md, prepack.mjs, LICENSE (COPYING),
# its tests and bench.mjs), so that
#     import * as carc from 'OUTDIR/carcassonne.mjs';
# works at once.  BUILDDIR (default build-wasm) holds the Meson build;
# nothing is written elsewhere.  doc/wasm.md explains the build.
#
# Environment: EMCC_JOBS parallel compile jobs (default 2).
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-$top/bindings/js}
build=${2:-$top/build-wasm}

if ! command -v emcc >/dev/null 2>&1; then
	echo "build-wasm: emcc not found (Debian: apt-get install emscripten;" \
	     "tools/install-deps.sh --tests installs it)" >&2
	exit 127
fi
# Debian's emscripten runs its JavaScript optimiser with the acorn module
# of the node-acorn package, under /usr/share/nodejs, which a Node that
# is not Debian's own does not search.
if [ -d /usr/share/nodejs ]; then
	export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
fi

# A configured build reconfigures itself when a meson.build changes
# (ninja's regeneration rule); a whole reconfigure runs every emcc
# check again (about a minute), so only a broken one gets it.
if [ -f "$build/build.ninja" ]; then
	:
elif [ -d "$build/meson-private" ]; then
	meson setup --reconfigure "$build" "$top" \
		--cross-file "$top/tools/wasm/emscripten.cross" >/dev/null
else
	meson setup "$build" "$top" \
		--cross-file "$top/tools/wasm/emscripten.cross" \
		--buildtype=release -Dtests=disabled -Dexamples=false \
		-Ddocumentation=disabled >/dev/null
fi
meson compile -C "$build" -j "${EMCC_JOBS:-2}" carcassonne-wasm

mkdir -p "$out"
cp "$build/bindings/js/carcassonne-wasm.mjs" \
   "$build/bindings/js/carcassonne-wasm.wasm" "$out/"
src=$top/bindings/js
if [ "$(cd "$out" && pwd)" != "$(cd "$src" && pwd)" ]; then
	cp "$src/carcassonne.mjs" "$src/index.d.ts" "$src/package.json" \
	   "$src/README.md" "$src/prepack.mjs" "$src/bench.mjs" "$out/"
	cp "$top/COPYING" "$out/LICENSE"
	rm -rf "$out/test"
	cp -r "$src/test" "$out/test"
fi
echo "build-wasm: $out/carcassonne.mjs ($(wc -c < "$out/carcassonne-wasm.wasm") bytes of wasm)"
